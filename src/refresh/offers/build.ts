/**
 * Matches raw doors to catalogue models and reviewed sellers, merges every source's entry for one
 * (model, seller) into one door, and groups them by maker. Pure: the command does the I/O.
 */
import type { Door, DoorsFile, Seller, Uplift } from '../../core/offers/door-schema.js';
import type { ReferenceDoor } from '../../core/schema/catalogue-schema.js';
import { modelKeys, normaliseId, sameModel, servingVariant } from './normalise.js';
import { mergeDoor } from './merge.js';
import type { RawDoor } from './raw-door.js';

export interface CatalogueRecord {
  providerSlug: string;
  id: string;
  referenceId?: string;
  aliases?: readonly string[];
  /** The door the record's price comes from, where it names one: its seller's door is the record's own. */
  referenceDoor?: Pick<ReferenceDoor, 'seller'>;
}

export interface BuiltDoors {
  files: DoorsFile[];
  /** Source seller names with matched doors that no reviewed seller claims: listed for review, their doors left out. */
  unreviewed: Array<{ alias: string; doors: number }>;
  /**
   * Reviewed sellers' serving variants of a catalogue model (NanoGPT's `TEE/gpt-oss-120b`, a `-fast`
   * or `-fp8` id): their own price, never the plain model's, so each is a door of its own (its
   * `variant` named), never merged with the plain door; listed for review.
   */
  variants: Array<{ seller: string; sellerModelId: string; model: string; variant: string }>;
  /** Entries of reviewed sellers marked suspect in sellers.json: kept apart, each with its reason. */
  suspect: Array<{ seller: string; sellerModelId: string; model: string; reason: string }>;
  /** Each record's own door as the sources give it, where its seller is a reference door (not a file's door: the record is that door). */
  referenceDoors: Door[];
}

/** The key → record index; a key two records answer to is dropped (it could merge them). */
function keyIndex(records: readonly CatalogueRecord[]): Map<string, CatalogueRecord> {
  const index = new Map<string, CatalogueRecord | null>();
  for (const record of records) {
    for (const key of modelKeys(record, record.providerSlug)) {
      const seen = index.get(key);
      index.set(key, seen === undefined || seen === record ? record : null);
    }
  }
  return new Map([...index].filter((e): e is [string, CatalogueRecord] => e[1] !== null));
}

/**
 * The catalogue record a raw door sells. models.dev's `base_model` link wins where it names a record
 * and the seller's id agrees with it (sameModel: no other size, version or variant); else the
 * seller's normalised id must equal one of a record's keys.
 */
export function matchRecord(
  raw: Pick<RawDoor, 'sellerModelId' | 'baseModel'>,
  index: ReadonlyMap<string, CatalogueRecord>,
): CatalogueRecord | undefined {
  const key = normaliseId(raw.sellerModelId);
  if (raw.baseModel !== undefined) {
    const base = normaliseId(raw.baseModel);
    const linked = index.get(base);
    if (linked && sameModel(key, base)) return linked;
  }
  return index.get(key);
}

/** Each seller's own ids for catalogue models (sellers.json `modelIds`, reviewed), by normalised id: they match at that seller only. */
function sellerIndex(
  records: readonly CatalogueRecord[],
  sellers: readonly Seller[],
): Map<string, Map<string, CatalogueRecord>> {
  const byId = new Map(records.map((r) => [r.id, r]));
  const out = new Map<string, Map<string, CatalogueRecord>>();
  for (const seller of sellers) {
    const ids = new Map<string, CatalogueRecord>();
    for (const [sellerModelId, model] of Object.entries(seller.modelIds ?? {})) {
      const record = byId.get(model);
      if (record) ids.set(normaliseId(sellerModelId), record);
    }
    if (ids.size) out.set(seller.slug, ids);
  }
  return out;
}

/** An entry's limits, modalities and page without its prices. */
function withoutPrices({ prices: _prices, batch: _batch, serviceTiers: _tiers, ...rest }: RawDoor): RawDoor {
  return rest;
}

/**
 * A door's raw entries as its seller's currency has them: where the seller bills in another currency
 * and a source gives its own figures in it (sellers.json `currency`), those figures are the price, in
 * that currency; the other sources' prices for it are dollar conversions, kept as disagreements, not
 * prices. Otherwise the entries as they are, in USD.
 */
function inCurrency(
  seller: Seller,
  raws: readonly RawDoor[],
): { raws: readonly RawDoor[]; currency?: string; converted: string[] } {
  const c = seller.currency;
  const own = (r: RawDoor) => c !== undefined && c.sources.some((prefix) => r.source.startsWith(prefix));
  if (!c || !raws.some((r) => own(r) && r.prices)) return { raws, converted: [] };
  const converted = raws
    .filter((r) => !own(r) && r.prices)
    .map(
      (r) =>
        `${r.source} lists $${r.prices?.input} / $${r.prices?.output}: a dollar figure, where ${seller.name} bills in ${c.code}`,
    );
  return {
    raws: raws.map((r) => (own(r) ? r : withoutPrices(r))),
    currency: c.code,
    converted: [...new Set(converted)],
  };
}

export function buildDoors(
  records: readonly CatalogueRecord[],
  sellers: readonly Seller[],
  raws: readonly RawDoor[],
  sources: readonly string[],
): BuiltDoors {
  const index = keyIndex(records);
  const sellerOf = new Map<string, Seller>();
  for (const seller of sellers) for (const alias of [seller.slug, ...seller.aliases]) sellerOf.set(alias, seller);
  const scoped = sellerIndex(records, sellers);
  const listed = new Map<string, { raws: RawDoor[]; record: CatalogueRecord; seller: Seller; variant?: string }>();
  const unreviewed = new Map<string, number>();
  const variants = new Map<string, BuiltDoors['variants'][number]>();
  const suspect = new Map<string, BuiltDoors['suspect'][number]>();
  const uplifts = new Map<string, Uplift & { maker: string }>();
  for (const raw of raws) {
    const seller = sellerOf.get(raw.sellerAlias);
    let record = (seller && scoped.get(seller.slug)?.get(normaliseId(raw.sellerModelId))) ?? matchRecord(raw, index);
    // A serving variant of a catalogue model (`TEE/…`, `-fast`, `-fp8`): a door of its own, at a reviewed seller only.
    let variant: string | undefined;
    if (!record) {
      const split = servingVariant(normaliseId(raw.sellerModelId));
      const of = split.variant.length ? index.get(split.plain) : undefined;
      if (!seller || !of) continue;
      record = of;
      variant = split.variant.join(' ');
    }
    if (!seller) {
      unreviewed.set(raw.sellerAlias, (unreviewed.get(raw.sellerAlias) ?? 0) + 1);
      continue;
    }
    const doubt = seller.suspect?.find(
      (x) => x.sellerModelId === undefined || normaliseId(x.sellerModelId) === normaliseId(raw.sellerModelId),
    );
    if (doubt) {
      suspect.set(`${seller.slug}\u0000${raw.sellerModelId}`, {
        seller: seller.slug,
        sellerModelId: raw.sellerModelId,
        model: record.id,
        reason: doubt.reason,
      });
      continue;
    }
    if (variant)
      variants.set(`${seller.slug}\u0000${raw.sellerModelId}`, {
        seller: seller.slug,
        sellerModelId: raw.sellerModelId,
        model: record.id,
        variant,
      });
    // A regional uplift is the seller's, on whichever door the record has there (the maker's own included).
    for (const u of raw.uplifts ?? [])
      if (raw.region === undefined && variant === undefined)
        uplifts.set(`${record.id}\u0000${seller.slug}\u0000${u.region}`, {
          maker: record.providerSlug,
          model: record.id,
          seller: seller.slug,
          region: u.region,
          multiplier: u.multiplier,
          what: u.what,
          source: raw.source,
          date: raw.date,
        });
    // The catalogue record is its own seller's door: the maker's (where the maker sells none, as
    // OpenAI gpt-oss, its entries are no door either), Together's for its Llama records, or its reference door's.
    // A seller that only shares the maker's slug without being the maker (NVIDIA NIM, a host) keeps its door.
    // A variant is never the record's door, so the maker's and the reference seller's variants are doors.
    const reference = seller.slug === record.referenceDoor?.seller;
    const makers = seller.kind === 'maker' && seller.slug === record.providerSlug;
    if (!variant && !reference && (makers || seller.ownCatalogue?.includes(record.providerSlug))) continue;
    const key = `${record.id}\u0000${seller.slug}\u0000${raw.region ?? ''}\u0000${variant ?? ''}`;
    const held = listed.get(key);
    if (held) held.raws.push(raw);
    else listed.set(key, { raws: [raw], record, seller, ...(variant ? { variant } : {}) });
  }
  const byMaker = new Map<string, Door[]>();
  const referenceDoors: Door[] = [];
  for (const { raws: forDoor, record, seller, variant } of listed.values()) {
    // Every source's entry for this door, merged field by field, in the seller's currency where a source gives it.
    const { raws: priced, currency, converted } = inCurrency(seller, forDoor);
    const { sellerModelId, ...merged } = mergeDoor(priced);
    const region = forDoor[0]?.region;
    const door: Door = {
      model: record.id,
      seller: seller.slug,
      sellerModelId,
      ...(variant ? { variant } : {}),
      ...(region === undefined ? {} : { region }),
      ...(currency === undefined ? {} : { currency }),
      ...merged,
    };
    if (converted.length) door.disagreements = [...(door.disagreements ?? []), ...converted];
    // A record's regional doors and variants at its reference door's seller are doors like any other: the record is only its base door.
    if (seller.slug === record.referenceDoor?.seller && region === undefined && !variant) {
      referenceDoors.push(door);
      continue;
    }
    const list = byMaker.get(record.providerSlug);
    if (list) list.push(door);
    else byMaker.set(record.providerSlug, [door]);
  }
  const order = new Map(records.map((r, i) => [r.id, i]));
  const upliftsOf = new Map<string, Uplift[]>();
  for (const { maker, ...u } of uplifts.values()) {
    if (!byMaker.has(maker)) byMaker.set(maker, []);
    const list = upliftsOf.get(maker);
    if (list) list.push(u);
    else upliftsOf.set(maker, [u]);
  }
  const byModel = (a: { model: string; seller: string }, b: { model: string; seller: string }) =>
    (order.get(a.model) ?? 0) - (order.get(b.model) ?? 0) || a.seller.localeCompare(b.seller);
  const files = [...byMaker]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([maker, doors]) => {
      const ups = upliftsOf.get(maker)?.sort((a, b) => byModel(a, b) || a.region.localeCompare(b.region));
      return {
        maker,
        sources: [...sources],
        // The base door first, then its seller's regional doors by region.
        doors: doors.sort(
          (a, b) =>
            byModel(a, b) ||
            (a.variant ?? '').localeCompare(b.variant ?? '') ||
            (a.region ?? '').localeCompare(b.region ?? ''),
        ),
        ...(ups ? { uplifts: ups } : {}),
      };
    });
  return {
    files,
    referenceDoors,
    suspect: [...suspect.values()],
    variants: [...variants.values()].sort((a, b) => a.model.localeCompare(b.model) || a.seller.localeCompare(b.seller)),
    unreviewed: [...unreviewed].map(([alias, doors]) => ({ alias, doors })).sort((a, b) => b.doors - a.doors),
  };
}
