/**
 * `sellers=` on cheapest and recommend: unset, answers are as the records price them, with
 * `cheaperAt` on an item when a vetted direct door (maker, cloud or host) is cheaper for the
 * workload; `all`, each model at its cheapest vetted direct door, named; a list of sellers, only
 * those sellers' doors (the maker's among them when its slug is listed).
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { costsOf, type Costs, type RequestCost, type Workload } from '../core/pricing/cost.js';
import { closestMatches } from '../core/advice/suggest.js';
import type { CheapestOptions } from '../core/advice/cheapest.js';
import { findCheapestAtDoors } from '../core/advice/cheapest-doors.js';
import { cheapestDoorInto, doorTableOf, type DoorTable } from '../core/offers/door-table.js';
import { quantitiesOf } from '../core/pricing/quantities.js';
import { recommendModels, type RecommendCriteria } from '../core/advice/recommend.js';
import { doorBookOf, type LocalPrices, type PricedDoor } from '../core/offers/book.js';
import type { RegionView } from '../core/offers/regional.js';
import type { Exclusion } from '../core/pricing/fit.js';
import type { DoorCost } from '../core/offers/rank.js';
import { appliedPricesOf } from './applied-prices.js';
import type { OwnTokens } from '../core/pricing/tokenizers.js';
import { costWarnings, type Warning } from '../core/pricing/warnings.js';
import { ApiError, quote } from '../lib/errors.js';
import { splitList, text } from './params.js';

export const sellersParam = text(
  "Which doors to price models at: unset, the record's own (the maker's), with cheaperAt where a vetted direct door is cheaper; all, each model at its cheapest vetted direct door (maker, cloud or host); or seller slugs separated by commas (amazon-bedrock,google-vertex), only those sellers' doors.",
  ['all', 'amazon-bedrock'],
);

/** sellers=all: every seller's doors, which the door table reads without a mask. */
export const anySeller = (_seller: string): boolean => true;

/**
 * Why region= leaves a model out where no allowed door runs the workload: no allowed door of it serves
 * the region (region_unknown, not_in_region), or undefined where one does but cannot run the workload.
 */
function regionLeftOut(region: RegionView, model: Model): Exclusion | undefined {
  // A door there of a seller sellers= leaves out: the model is not sold by those sellers, as without region.
  const serving = region.book.doorsOf(model.id).some((d) => d.keptOut === undefined && d.priced !== undefined);
  return serving ? undefined : region.reasonOf(model.id);
}

/** The door table's seller mask for `allowed`: undefined for every seller. */
function sellerMask(table: DoorTable, allowed: (seller: string) => boolean): Uint8Array | undefined {
  return allowed === anySeller ? undefined : Uint8Array.from(table.sellers, (slug) => (allowed(slug) ? 1 : 0));
}

/** Which sellers a `sellers` value lets in: undefined when unset, else a test on a seller's slug. */
export function sellersFilter(
  catalogue: Catalogue,
  value: string | undefined,
): ((seller: string) => boolean) | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'all') return anySeller;
  const book = doorBookOf(catalogue);
  const slugs = new Set<string>();
  for (const raw of splitList(value)) {
    const name = raw.toLowerCase();
    const seller =
      book.sellers.get(name) ??
      [...book.sellers.values()].find((s) => s.aliases.includes(name)) ??
      (catalogue.byProvider.has(name) ? { slug: name } : undefined);
    if (!seller) {
      const known = [...book.sellers.keys()];
      throw new ApiError(
        400,
        'invalid_parameter',
        `sellers names ${quote(raw)}, not a seller on record: give all, or seller slugs separated by commas (${known.slice(0, 8).join(', ')}, ...).`,
        {
          param: 'sellers',
          suggestions: closestMatches(name, known),
        },
      );
    }
    slugs.add(seller.slug);
  }
  if (slugs.size === 0)
    throw new ApiError(
      400,
      'invalid_parameter',
      'sellers lists no seller: give all, or seller slugs separated by commas.',
      { param: 'sellers' },
    );
  return (seller) => slugs.has(seller);
}

/** A door's prices in its own currency, and the dated rate its dollar prices were converted at (none: currency unknown). */
function currencyOf(local: LocalPrices) {
  return {
    code: local.currency,
    prices: { ...local.prices },
    ...(local.rate
      ? { usdPerUnit: local.rate.usdPerUnit, rateDate: local.rate.date, rateSource: local.rate.source }
      : { unknown: true as const }),
  };
}

/**
 * What a buyer must know of a door wherever it is shown: a price its source lists before the
 * maker's last change (ranked, but older than the change), and limits no source gives for it (the model's).
 */
export function doorCaveats(door: PricedDoor) {
  return {
    ...(door.predates ? { predatesChange: { changedOn: door.predates.from, text: door.predates.text } } : {}),
    ...(door.limitsFromModel.length ? { limitsFromModel: [...door.limitsFromModel] } : {}),
    ...(door.inRegion ? { inRegion: { ...door.inRegion } } : {}),
    ...(door.local ? { currency: currencyOf(door.local) } : {}),
  };
}

/** An item's seller block: who sells through the door the item is priced at. */
export function sellerOf({ door }: DoorCost) {
  return {
    seller: door.seller.slug,
    sellerName: door.seller.name,
    kind: door.seller.kind,
    door: door.id,
    source: door.source,
    date: door.date,
    ...(door.own ? { makersDoor: true as const } : {}),
    ...doorCaveats(door),
  };
}

/**
 * The prices a door's costs were worked out at: `effectiveFrom` only where a source dates the
 * change, else `listedOn`, the day its source listed the price (a record's own door as the record dates it).
 */
export function doorPrices({ door }: DoorCost, workload: Workload) {
  const applied: ReturnType<typeof appliedPricesOf> & { listedOn?: string } = appliedPricesOf(
    door.priced as Model,
    workload,
    door.own ? undefined : door.effectiveFrom,
    door.sheets(),
  );
  if (!door.own && door.effectiveFrom === undefined) applied.listedOn = door.date;
  return applied;
}

const scratch: RequestCost = { nanos: 0, rest: 0, big: undefined };

/**
 * `cheaperAt` for the items of one answer, priced at their records' doors: for a model, the
 * cheapest vetted direct door other than its own (on the door table sellers= ranks), when it costs
 * less a month than `monthly`. With `own` (counted_with), on the workload in the model's own tokens.
 */
export function cheaperDoors(catalogue: Catalogue, given: Workload, own?: OwnTokens) {
  const table = doorTableOf(catalogue, doorBookOf(catalogue));
  const q = quantitiesOf(given);
  return (model: Model, monthly: Costs['monthly']) => {
    const row = table.rowOf.get(model.id);
    const mine = own?.of(model);
    const workload = mine === undefined ? given : mine.workload;
    const found =
      row === undefined
        ? -1
        : cheapestDoorInto(table, row, mine === undefined ? q : mine.q, workload, scratch, undefined, true);
    if (found === -1) return undefined;
    const costs = costsOf(scratch, table.prices.digits, workload);
    if (costs.monthly.compare(monthly) >= 0) return undefined;
    const best = { door: table.doors[found] as PricedDoor, costs };
    return { ...sellerOf(best), costs, appliedPrices: doorPrices(best, workload) };
  };
}
export type CheaperDoors = ReturnType<typeof cheaperDoors>;

/** cheapest over doors: every eligible model at its cheapest allowed door, cheapest first, within the budget and limit (core/advice/cheapest-doors.ts). */
export function cheapestAtDoors(
  catalogue: Catalogue,
  workload: Workload,
  options: CheapestOptions,
  allowed: (seller: string) => boolean,
  region?: RegionView,
) {
  const table = doorTableOf(catalogue, region?.book ?? doorBookOf(catalogue));
  const sellers = sellerMask(table, allowed);
  const { ranked, excluded, notSold } = findCheapestAtDoors(
    catalogue,
    table,
    workload,
    options,
    sellers,
    region && ((model) => regionLeftOut(region, model)),
  );
  return {
    ranked: ranked.map((r) => ({ rank: r.rank, model: r.model, costs: r.costs, at: { door: r.door, costs: r.costs } })),
    excluded,
    notSold,
  };
}

/**
 * recommend over doors: the ranking as it is, each model priced at its cheapest allowed door that
 * runs the workload (the door table, as cheapest-doors.ts walks it), those no allowed door runs left
 * out and counted (among the models the ranking priced).
 */
export function recommendAtDoors(
  catalogue: Catalogue,
  criteria: RecommendCriteria,
  allowed: (seller: string) => boolean,
  region?: RegionView,
) {
  const table = doorTableOf(catalogue, region?.book ?? doorBookOf(catalogue));
  const sellers = sellerMask(table, allowed);
  const q = quantitiesOf(criteria.workload);
  const chosen = new Int32Array(catalogue.rankable.length).fill(-1);
  let notSold = 0;
  const own = criteria.own;
  const costAt = (row: number, out: RequestCost) => {
    const mine = own?.of(catalogue.rankable[row] as Model);
    const door =
      mine === undefined
        ? cheapestDoorInto(table, row, q, criteria.workload, out, sellers)
        : cheapestDoorInto(table, row, mine.q, mine.workload, out, sellers);
    chosen[row] = door;
    if (door === -1) {
      // With region=, a model no door serves there is left out for that reason, not "not sold".
      const reason = region && regionLeftOut(region, catalogue.rankable[row] as Model);
      if (reason === undefined) notSold++;
      else apart[reason] = (apart[reason] ?? 0) + 1;
    }
    return door !== -1;
  };
  const apart: Partial<Record<Exclusion, number>> = {};
  // The free-tier rule is a door's (vetting keeps free-tier doors out of the table), not a model's.
  const { recommendations, excluded } = recommendModels(catalogue, { ...criteria, includeFreeTier: true, costAt });
  for (const [reason, n] of Object.entries(apart) as Array<[Exclusion, number]>)
    excluded[reason] = (excluded[reason] ?? 0) + n;
  return {
    recommendations: recommendations.map((r) => ({
      ...r,
      at: { door: table.doors[chosen[table.rowOf.get(r.model.id) as number] as number] as PricedDoor, costs: r.costs },
    })),
    excluded,
    notSold,
  };
}

/**
 * An item priced at a door: its seller, prices and warnings the door's (a free tier, batch
 * discount or scheduled change of the record is its own door's, not this one's).
 */
export function atDoor<T extends DoorItem>(item: T, at: DoorCost, workload: Workload, costs?: Costs) {
  const warnings = costWarnings(at.door.priced as Model, workload, at.door.sheets());
  // Set, not deleted (see rankedItem): undefined fields are not written.
  const own = item as {
    freeTierOnly?: true | undefined;
    priceChange?: string | undefined;
    warnings?: Warning[] | undefined;
  };
  own.freeTierOnly = undefined;
  own.priceChange = undefined;
  own.warnings = warnings.length ? warnings : undefined;
  return Object.assign(item, sellerOf(at), costs ? { costs } : {}, { appliedPrices: doorPrices(at, workload) });
}

/** The fields of a ranked item that are its record's door's, which an item at another door replaces. */
type DoorItem = { freeTierOnly?: true; warnings?: Warning[]; priceChange?: string };

/** An answer's item at its door (its seller and prices), or at its record's with cheaperAt where a direct door is cheaper. */
export function withDoor<T extends DoorItem>(
  cheaperAt: CheaperDoors,
  workload: Workload,
  item: T,
  ranked: { model: Model; costs: Costs; at?: DoorCost },
) {
  if (ranked.at) return atDoor(item, ranked.at, workload);
  const cheaper = cheaperAt(ranked.model, ranked.costs.monthly);
  return cheaper ? Object.assign(item, { cheaperAt: cheaper }) : item;
}
