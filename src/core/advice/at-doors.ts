/**
 * Rankings over doors (sellers=): cheapest and recommend with each model at its cheapest allowed
 * door, and the cheaper door beside a model priced at its record's. All walk the door table.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { costsOf, type Costs, type RequestCost, type Workload } from '../pricing/cost.js';
import { quantitiesOf } from '../pricing/quantities.js';
import type { OwnTokens } from '../pricing/tokenizers.js';
import { doorBookOf, type PricedDoor } from '../offers/book.js';
import { cheapestDoorInto, doorTableOf, type DoorTable } from '../offers/door-table.js';
import type { DoorCost } from '../offers/rank.js';
import type { CheapestOptions } from './cheapest.js';
import { findCheapestAtDoors } from './cheapest-doors.js';
import { recommendModels, type RecommendCriteria } from './recommend.js';
import type { RegionView } from '../offers/regional.js';
import type { Exclusion } from '../pricing/fit.js';

/** sellers=all: every seller's doors, which the door table reads without a mask. */
export const anySeller = (_seller: string): boolean => true;

/**
 * Why region= leaves a model out where no allowed door runs the workload: no door of it serves the
 * region (region_unknown, not_in_region); undefined where one does (it cannot run the workload, or
 * sellers= leaves its seller out: "not sold", as without region).
 */
function regionLeftOut(region: RegionView, model: Model): Exclusion | undefined {
  const serving = region.book.doorsOf(model.id).some((d) => d.keptOut === undefined && d.priced !== undefined);
  return serving ? undefined : region.reasonOf(model.id);
}

/** The door table's seller mask for `allowed`: undefined for every seller. */
function sellerMask(table: DoorTable, allowed: (seller: string) => boolean): Uint8Array | undefined {
  return allowed === anySeller ? undefined : Uint8Array.from(table.sellers, (slug) => (allowed(slug) ? 1 : 0));
}

/** cheapest over doors: every eligible model at its cheapest allowed door, cheapest first, within the budget and limit. */
export function cheapestAtDoors(
  catalogue: Catalogue,
  workload: Workload,
  options: CheapestOptions,
  allowed: (seller: string) => boolean,
  region?: RegionView,
) {
  // With region=, the region's view of the doors (regionView): each at the region's price.
  const table = doorTableOf(catalogue, region?.book ?? doorBookOf(catalogue));
  const sellers = sellerMask(table, allowed);
  const { ranked, excluded, notSold, legacy } = findCheapestAtDoors(
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
    legacy,
  };
}

/**
 * recommend over doors: the ranking as it is, each model priced at its cheapest allowed door that
 * runs the workload, those no allowed door runs left out and counted (among the models the ranking priced).
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
  const costAt = (row: number, out: RequestCost, counted: boolean) => {
    const mine = own?.of(catalogue.rankable[row] as Model);
    const door =
      mine === undefined
        ? cheapestDoorInto(table, row, q, criteria.workload, out, sellers)
        : cheapestDoorInto(table, row, mine.q, mine.workload, out, sellers);
    chosen[row] = door;
    if (door === -1 && counted) {
      // With region=, a model no door serves there is left out for that reason, not "not sold".
      const reason = region && regionLeftOut(region, catalogue.rankable[row] as Model);
      if (reason === undefined) notSold++;
      else apart[reason] = (apart[reason] ?? 0) + 1;
    }
    return door !== -1;
  };
  const apart: Partial<Record<Exclusion, number>> = {};
  // The free-tier rule is a door's (vetting keeps free-tier doors out of the table), not a model's.
  const { recommendations, excluded, legacy } = recommendModels(catalogue, {
    ...criteria,
    includeFreeTier: true,
    costAt,
  });
  for (const [reason, n] of Object.entries(apart) as Array<[Exclusion, number]>)
    excluded[reason] = (excluded[reason] ?? 0) + n;
  return {
    recommendations: recommendations.map((r) => ({
      ...r,
      at: { door: table.doors[chosen[table.rowOf.get(r.model.id) as number] as number] as PricedDoor, costs: r.costs },
    })),
    excluded,
    notSold,
    legacy,
  };
}

const scratch: RequestCost = { nanos: 0, rest: 0, big: undefined };

/**
 * For the items of one answer priced at their records' doors: a model's cheapest vetted direct
 * door other than its own, when it costs less a month than `monthly`, with the workload it was
 * priced on (with `own`, counted_with, the workload in the model's own tokens).
 */
export function cheaperDoorOf(catalogue: Catalogue, given: Workload, own?: OwnTokens) {
  const table = doorTableOf(catalogue, doorBookOf(catalogue));
  const q = quantitiesOf(given);
  return (model: Model, monthly: Costs['monthly']): (DoorCost & { workload: Workload }) | undefined => {
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
    return { door: table.doors[found] as PricedDoor, costs, workload };
  };
}
