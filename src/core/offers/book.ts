/**
 * The door book: every door to every catalogue model, the maker's own first (the catalogue's
 * record), each as a priced model record the cost engine takes as it is, with its vetting. Built
 * from the door data on first use (doorBookOf), so a start that never asks for a door pays nothing.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { verifiedOf, type Model } from '../schema/catalogue-schema.js';
import { PRICE_FIELDS, PRICE_TERMS } from '../schema/units.js';
import { formatContext } from '../pricing/context-window.js';
import { buildSheets, type ModelSheets } from '../pricing/price-sheet.js';
import {
  doorsFileSchema,
  sellersFileSchema,
  type Door,
  type DoorsFile,
  type Seller,
  type DoorPrices,
  type Rate,
  type SellersFile,
  type Uplift,
} from './door-schema.js';
import { divideRoundHalfUp, formatScaled, parseScaled } from '../schema/money.js';
import { predatedChange, vetDoors, type KeptOut, type Vettable } from './vetting.js';

/** Why a door serves the region at the price it is given there. */
export interface InRegion {
  /** The region asked. */
  readonly asked: string;
  /** The door's own region: the asked one, one within it (`eu-central-1`), or where the seller serves at its base price. */
  readonly region: string;
  /** The uplift on the base price, where one applies (`1.1`). */
  readonly multiplier?: number;
  readonly why: string;
}

/** One seller's door to one model. */
export interface PricedDoor {
  /** The catalogue record this door sells (its head: the model as the catalogue lists it). */
  readonly record: Model;
  readonly seller: Seller;
  /** `<model-id>@<seller>` (`:<variant>` after it for a serving variant's door): the id that names this door wherever a model id goes. */
  readonly id: string;
  /** True for the record's own door (the maker's, or Together's for its Llama records). */
  readonly own: boolean;
  /** The id the seller's API takes. */
  readonly sellerModelId: string;
  /** Where a source prices this door for one region (door data's `region`); undefined for the seller's base door. */
  readonly region: string | undefined;
  /**
   * Where the door's source prices it in another currency: its prices in that currency and the reviewed
   * rate its dollar prices (`priced`) were converted at; without a rate it has no dollar price (currency_unknown).
   */
  readonly local: LocalPrices | undefined;
  /** In a region's view (regionView): why the door serves the region asked, at the price it has there. */
  readonly inRegion?: InRegion;
  /** The record as this seller prices it (its id the door's), or undefined when the door has no price. */
  readonly priced: Model | undefined;
  readonly source: string;
  readonly sourceUrl: string | undefined;
  /** The day the door's source listed its price. */
  readonly date: string;
  /** The day its price took effect, only where a source dates the change (else it is only listed on `date`). */
  readonly effectiveFrom: string | undefined;
  /** The limits no source gives for this door, taken from the model's record (said so on the door). */
  readonly limitsFromModel: ReadonlyArray<'contextTokens' | 'maxOutputTokens'>;
  /** The maker's price change this door's price predates (its source lists it before the change), where it does. */
  readonly predates: { readonly from: string; readonly text: string } | undefined;
  /** The source's batch and service-tier prices at this seller, where it gives them. */
  readonly door: Door | undefined;
  /** Why rankings leave this door out, or undefined when it is vetted in. */
  keptOut: KeptOut | undefined;
  /** Its price sheets, made on first use. */
  sheets(): ModelSheets;
}

export interface LocalPrices {
  readonly currency: string;
  readonly prices: DoorPrices;
  readonly rate: Rate | undefined;
}

/** A price in another currency in US dollars at `usdPerUnit`, exact to the nano-dollar (half up). */
export function toUsd(price: number, usdPerUnit: number): number {
  const nanos = parseScaled(price, 9) as bigint;
  const rate = parseScaled(usdPerUnit, 6) as bigint;
  return Number(formatScaled(divideRoundHalfUp(nanos * rate, 1_000_000n), 9));
}

function blockToUsd(block: DoorPrices, usdPerUnit: number): DoorPrices {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(block)) if (v !== undefined) out[k] = toUsd(v, usdPerUnit);
  return out as DoorPrices;
}

/** A door priced in another currency, in US dollars at the rate (prices, batch and tiers). */
function doorInUsd(door: Door, usdPerUnit: number): Door {
  const tiers = door.serviceTiers;
  return {
    ...door,
    ...(door.prices ? { prices: blockToUsd(door.prices, usdPerUnit) } : {}),
    ...(door.batch ? { batch: blockToUsd(door.batch, usdPerUnit) } : {}),
    ...(tiers
      ? {
          serviceTiers: {
            ...(tiers.flex ? { flex: blockToUsd(tiers.flex, usdPerUnit) } : {}),
            ...(tiers.priority ? { priority: blockToUsd(tiers.priority, usdPerUnit) } : {}),
          },
        }
      : {}),
  };
}

export interface DoorData {
  sellers: unknown;
  files: readonly unknown[];
}

export interface DoorBook {
  readonly sellers: ReadonlyMap<string, Seller>;
  /** What was left out of the door data, and why (a door of a model no longer in the catalogue, a file that fails its schema). */
  readonly problems: readonly string[];
  /** A model's doors, its own first then by seller slug; [] for an id the catalogue lacks. */
  doorsOf(modelId: string): readonly PricedDoor[];
  /** Every door, by `<model-id>@<seller>` (lower case). */
  readonly byId: ReadonlyMap<string, PricedDoor>;
  /** The number of doors to each model (its own included). */
  countOf(modelId: string): number;
  /**
   * A model's regional doors (a source's price for one region: Bedrock's `eu.` profile, `azure/eu/`),
   * vetted with its other doors; answers use them only where `region=` asks.
   */
  regionalOf(modelId: string): readonly PricedDoor[];
  /** Regional uplifts on a model's doors by seller (OpenAI's regional processing, Anthropic's US-only inference). */
  upliftsOf(modelId: string): readonly Uplift[];
}

/**
 * The seller of the record's own door: its reference door's (a host or cloud where the maker sells
 * none), a seller whose own catalogue it is (Together's Llama records), else its maker.
 */
function ownSeller(record: Model, sellers: ReadonlyMap<string, Seller>): Seller {
  const reference = record.referenceDoor ? sellers.get(record.referenceDoor.seller) : undefined;
  if (reference) return reference;
  for (const seller of sellers.values()) if (seller.ownCatalogue?.includes(record.providerSlug)) return seller;
  return (
    sellers.get(record.providerSlug) ?? {
      slug: record.providerSlug,
      name: record.provider,
      kind: 'maker',
      aliases: [],
      regionPolicy: 'as the catalogue lists it',
    }
  );
}

/**
 * Fields of a record that are one seller's (its prices, limits aside, its modalities and free tier):
 * a door gives its own or none, never the maker's.
 */
const SELLER_FIELDS = [
  ...PRICE_TERMS,
  'unitPrices',
  'serviceTiers',
  'priceHistory',
  'priceNote',
  'freeTierOnly',
  'aliases',
  'referenceDoor',
  'modalities',
] as const;

const isUrl = (url: string | undefined): url is string => url !== undefined && /^https?:\/\//.test(url);

/** The limits a door's sources give none of: the model's are used there, and the door says so. */
export function limitsFromModel(
  door: Pick<Door, 'contextTokens' | 'maxOutputTokens'>,
  record: Pick<Model, 'maxOutputTokens'>,
): Array<'contextTokens' | 'maxOutputTokens'> {
  return [
    ...(door.contextTokens === undefined ? (['contextTokens'] as const) : []),
    ...(door.maxOutputTokens === undefined && record.maxOutputTokens !== undefined
      ? (['maxOutputTokens'] as const)
      : []),
  ];
}

/** The batch discount a door's own batch prices give, where they are one whole percent off input and output alike and its source has a page. */
function doorBatch(door: Door): Model['batch'] {
  const { prices, batch } = door;
  if (!prices || !batch || !isUrl(door.sourceUrl) || prices.input === 0 || prices.output === 0) return undefined;
  const off = (standard: number, cut: number) => Math.round((1 - cut / standard) * 1e6) / 1e4;
  const percent = off(prices.input, batch.input);
  if (percent !== off(prices.output, batch.output) || !Number.isInteger(percent) || percent < 1 || percent > 99)
    return undefined;
  return {
    discountPercent: percent,
    source: door.sourceUrl,
    note: `${door.source} lists this seller's batch prices, $${batch.input} / $${batch.output}`,
  };
}

/**
 * The record as a door prices it: the door's prices, limits, modalities, batch and page, its
 * source and date, nothing of the maker's seller fields. A limit no source gives for the door is
 * the model's (limitsFromModel says which); a batch, cache lifetime or modality no source gives
 * for it is unknown there (batch prices standard, with the warning every model without one gets).
 */
export function pricedRecord(record: Model, door: Door, seller: Seller): Model | undefined {
  if (!door.prices) return undefined;
  // The seller's fields cleared, not deleted: V8 keeps an object with deleted fields as a
  // dictionary, several times the size, and the book holds one of these for every door.
  const priced: Partial<Model> = { ...record };
  for (const field of SELLER_FIELDS)
    if (priced[field] !== undefined) (priced as Record<string, unknown>)[field] = undefined;
  const contextTokens = door.contextTokens ?? record.contextTokens;
  const maxOutputTokens = door.maxOutputTokens ?? record.maxOutputTokens;
  const batch = doorBatch(door);
  // The door's price block, field by field (the record's were cleared above).
  for (const field of PRICE_FIELDS)
    if (door.prices[field] !== undefined) (priced as Record<string, unknown>)[field] = door.prices[field];
  return Object.assign(priced as Model, {
    id: `${record.id}@${seller.slug}${door.variant ? `:${door.variant.replace(/ /g, '-')}` : ''}`,
    contextTokens,
    context: formatContext(contextTokens),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(batch ? { batch } : {}),
    ...(door.modalities ? { modalities: { ...door.modalities, source: door.source, checkedOn: door.date } } : {}),
    // The seller's page, never the maker's: where no source cites one and the seller has none on record, none.
    sourceUrl: isUrl(door.sourceUrl) ? door.sourceUrl : (seller.pricingUrl as string),
    priceSource: `${seller.name}'s price as listed by ${door.source}`,
    checkedOn: door.date,
    verified: verifiedOf(door.date),
  });
}

/** "price of 2026-07-02, before DeepSeek's change of 2026-08-17": a door's price its source lists before the maker's last change. */
function predatesOf(record: Model, door: Vettable): PricedDoor['predates'] {
  const change = predatedChange(door);
  return (
    change && { from: change.from, text: `price of ${door.date}, before ${record.provider}'s change of ${change.from}` }
  );
}

/** The book from parsed door data (the runtime reads it; tests pass fixtures). A door of a model or seller not on record is an error. */
export function buildDoorBook(
  catalogue: Catalogue,
  data: { sellers: SellersFile; files: readonly DoorsFile[]; problems?: readonly string[] },
): DoorBook {
  const sellers = new Map(data.sellers.sellers.map((s) => [s.slug, s]));
  const rates = new Map((data.sellers.rates ?? []).map((r) => [r.currency, r]));
  const problems: string[] = [...(data.problems ?? [])];
  const byModel = new Map<string, PricedDoor[]>();
  const byId = new Map<string, PricedDoor>();
  const regional = new Map<string, PricedDoor[]>();
  const uplifts = new Map<string, Uplift[]>();
  const add = (door: PricedDoor) => {
    if (door.region !== undefined) {
      const list = regional.get(door.record.id);
      if (list) list.push(door);
      else regional.set(door.record.id, [door]);
      return;
    }
    const list = byModel.get(door.record.id);
    if (list) list.push(door);
    else byModel.set(door.record.id, [door]);
    byId.set(door.id.toLowerCase(), door);
  };
  const withSheets = (fields: Omit<PricedDoor, 'sheets' | 'keptOut' | 'predates'>): PricedDoor => {
    let sheets: ModelSheets | undefined;
    return {
      ...fields,
      keptOut: undefined,
      predates: undefined,
      sheets: () =>
        (sheets ??= fields.own
          ? (catalogue.sheets.get(fields.record) as ModelSheets)
          : buildSheets(fields.priced as Model)),
    };
  };
  for (const record of catalogue.models) {
    const seller = ownSeller(record, sellers);
    add(
      withSheets({
        record,
        seller,
        id: `${record.id}@${seller.slug}`,
        own: true,
        sellerModelId: record.referenceDoor?.sellerModelId ?? record.referenceId ?? record.id,
        region: undefined,
        local: undefined,
        priced: record,
        source: record.priceSource,
        sourceUrl: record.sourceUrl,
        date: record.referenceDoor?.date ?? record.checkedOn,
        effectiveFrom: undefined,
        limitsFromModel: [],
        door: undefined,
      }),
    );
  }
  for (const file of data.files) {
    for (const uplift of file.uplifts ?? []) {
      const list = uplifts.get(uplift.model);
      if (list) list.push(uplift);
      else uplifts.set(uplift.model, [uplift]);
    }
    for (const door of file.doors) {
      const record = catalogue.byId.get(door.model);
      const seller = sellers.get(door.seller);
      // A door of a model the catalogue no longer holds (or of a seller not listed) is left out and
      // said, never an error: the catalogue may be reloaded without its doors (a data test holds the data whole).
      if (!record || record.id !== door.model || !seller) {
        problems.push(
          `data/offers/${file.maker}.json: door of "${door.model}" at "${door.seller}" left out (${!seller ? 'a seller sellers.json does not list' : 'a model the catalogue does not hold'})`,
        );
        continue;
      }
      // A door priced in another currency: in dollars at the reviewed rate, or no dollar price without one.
      const rate = door.currency === undefined ? undefined : rates.get(door.currency);
      const local =
        door.currency === undefined || !door.prices
          ? undefined
          : { currency: door.currency, prices: door.prices, rate };
      const usd = local === undefined ? door : rate ? doorInUsd(door, rate.usdPerUnit) : { ...door, prices: undefined };
      add(
        withSheets({
          record,
          seller,
          id: `${record.id}@${seller.slug}${door.variant ? `:${door.variant.replace(/ /g, '-')}` : ''}`,
          own: false,
          sellerModelId: door.sellerModelId,
          region: door.region,
          local,
          priced: pricedRecord(record, usd, seller),
          source: door.source,
          sourceUrl: door.sourceUrl,
          date: door.date,
          effectiveFrom: door.effectiveFrom,
          limitsFromModel: door.prices ? limitsFromModel(door, record) : [],
          door: usd,
        }),
      );
    }
  }
  for (const [model, base] of byModel) {
    // A seller's plain door before its serving variants' (`model@seller` names the plain one).
    base.sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        a.seller.slug.localeCompare(b.seller.slug) ||
        Number(a.door?.variant !== undefined) - Number(b.door?.variant !== undefined) ||
        a.id.localeCompare(b.id),
    );
    // The base doors are vetted among themselves (the outlier median theirs alone, as without regions);
    // a regional door against them and the other regional doors.
    const doors = [...base, ...(regional.get(model) ?? [])];
    const vettable = doors.map((d) => ({ ...d, unitErrors: d.door?.unitErrors, variant: d.door?.variant }));
    const reasons = [...vetDoors(vettable.slice(0, base.length)), ...vetDoors(vettable).slice(base.length)];
    doors.forEach((d, i) => {
      d.keptOut = d.local && !d.local.rate ? 'currency_unknown' : reasons[i];
      // Mutable fields of a door made here (PricedDoor's are readonly to its readers).
      (d as { predates: PricedDoor['predates'] }).predates =
        reasons[i] === undefined ? predatesOf(d.record, d) : undefined;
    });
  }
  return {
    sellers,
    problems,
    byId,
    doorsOf: (modelId) => byModel.get(modelId) ?? [],
    countOf: (modelId) => byModel.get(modelId)?.length ?? 0,
    regionalOf: (modelId) => regional.get(modelId) ?? [],
    upliftsOf: (modelId) => uplifts.get(modelId) ?? [],
  };
}

/** Parses door data with its schemas: a file that fails is left out and said (the catalogue's own doors stay). */
export function parseDoorData(data: DoorData): { sellers: SellersFile; files: DoorsFile[]; problems: string[] } {
  const problems: string[] = [];
  const sellers = sellersFileSchema.safeParse(data.sellers);
  if (!sellers.success)
    return {
      sellers: { reviewed: '1970-01-01', sellers: [] },
      files: [],
      problems: [
        `data/offers/sellers.json: ${sellers.error.issues[0]?.message ?? 'invalid'}; no doors but the catalogue's own`,
      ],
    };
  const files = data.files.flatMap((f, i) => {
    const parsed = doorsFileSchema.safeParse(f);
    if (parsed.success) return [parsed.data];
    problems.push(
      `data/offers file #${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'} at ${parsed.error.issues[0]?.path.join('.') ?? ''}; left out`,
    );
    return [];
  });
  return { sellers: sellers.data, files, problems };
}

// Each catalogue's door data reader (set by the runtime that loaded it) and its book, made on first use.
const readers = new WeakMap<Catalogue, () => DoorData>();
const books = new WeakMap<Catalogue, DoorBook>();

/** Gives `to` (the same catalogue priced on another day) the door data of `from`, once. */
export function shareDoorData(from: Catalogue, to: Catalogue): void {
  const read = readers.get(from);
  if (read !== undefined && !readers.has(to)) readers.set(to, read);
}

/** Gives a catalogue the reader of its door data (data/offers/), called on the first door asked for. */
export function attachDoorData(catalogue: Catalogue, read: () => DoorData): void {
  readers.set(catalogue, read);
  books.delete(catalogue);
}

/** The catalogue's door book: its attached door data, or only the records' own doors when none is attached. */
export function doorBookOf(catalogue: Catalogue): DoorBook {
  let book = books.get(catalogue);
  if (!book) {
    const read = readers.get(catalogue);
    const data = read
      ? parseDoorData(read())
      : { sellers: { reviewed: catalogue.lastUpdated, sellers: [] }, files: [] };
    book = buildDoorBook(catalogue, data);
    books.set(catalogue, book);
  }
  return book;
}
