/**
 * cheapest over doors (sellers=): each model that meets the filters at its cheapest vetted door
 * that runs the workload, among the sellers allowed; one walk over the door table's columns.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { columnFilters } from '../catalogue/filter-table.js';
import {
  costsOf,
  newRequestCost,
  numeratorOf,
  type CostsWithYear,
  type RequestCost,
  type Workload,
} from '../pricing/cost.js';
import { quantitiesOf } from '../pricing/quantities.js';
import type { PricedDoor } from '../offers/book.js';
import { cheapestDoorInto, runsAnyDoor, type DoorTable } from '../offers/door-table.js';
import { tableExceeds } from '../catalogue/price-table.js';
import { cheaperFirst, legacyAmong, overBudget, QUALITY_BANDS, type CheapestOptions } from './cheapest.js';
import { forEachEligible, type Excluded } from './eligible.js';
import type { Exclusion } from '../pricing/fit.js';
import { TopK } from './top-k.js';

export interface RankedAtDoor {
  rank: number;
  model: Model;
  door: PricedDoor;
  /** The yearly one at the prices of the day priced (a price schedule is the caller's: withYear). */
  costs: CostsWithYear;
}

interface Item {
  model: Model;
  door: number;
  cost: RequestCost;
}

/** One ranking's best so far, as in the cheapest ranking: the models of the status asked, or those only the status filter leaves out. */
interface Lane {
  best: TopK<Item>;
  /** K of the k-th cheapest so far: a model whose floor's K is above it has no door that could enter. */
  cutoff: number;
  /** Whether its models that no door runs are counted (those of the status asked). */
  counted: boolean;
}

/** `allowed[s]` is 1 for the sellers (door-table indices) asked; undefined for every seller. */
export function findCheapestAtDoors(
  catalogue: Catalogue,
  table: DoorTable,
  workload: Workload,
  options: CheapestOptions,
  allowed?: Uint8Array,
  notSoldAs?: (model: Model) => Exclusion | undefined,
): { ranked: RankedAtDoor[]; excluded: Excluded; notSold: number; legacy: number } {
  const { quality, budgetNanos, limit } = options;
  const filters = columnFilters(options, quality ? QUALITY_BANDS[quality] : undefined);
  const q = quantitiesOf(workload);
  const digits = table.prices.digits;
  const order = cheaperFirst(digits);
  const lane = (counted: boolean): Lane => ({ best: new TopK<Item>(limit, order), cutoff: Infinity, counted });
  const probe = { model: undefined as unknown as Model, door: -1, cost: newRequestCost() };
  let notSold = 0;
  // With region=, a model no door serves there is left out for that reason, not "not sold".
  const apart: Excluded = {};
  const own = options.own;
  // The free-tier rule is a door's: the table holds no free-tier door, so a model whose own door is
  // free only (Gemma 4 on the Gemini API) is ranked at the paid doors that sell it.
  const screen = { ...options, includeFreeTier: true };
  const offerTo = (l: Lane) => (model: Model, i: number) => {
    const mine = own === undefined ? undefined : own.of(model);
    // Two reads, not a pair: no array is made per model of the walk.
    const qm = mine === undefined ? q : mine.q;
    const wm = mine === undefined ? workload : mine.workload;
    if (!runsAnyDoor(table, i, wm, allowed)) {
      if (!l.counted) return;
      const reason = notSoldAs?.(model);
      if (reason === undefined) notSold++;
      else apart[reason] = (apart[reason] ?? 0) + 1;
      return;
    }
    // No door costs less than its floor: above the cutoff, none is priced.
    if (tableExceeds(table.floor, i, qm, wm, l.cutoff)) return;
    probe.model = model;
    probe.door = cheapestDoorInto(table, i, qm, wm, probe.cost, allowed);
    if (!l.best.admits(probe)) return;
    l.best.add({ model, door: probe.door, cost: { ...probe.cost } });
    if (l.best.last) l.cutoff = numeratorOf(l.best.last.cost, digits);
  };
  const kept = lane(true);
  const aside = options.countLegacy ? lane(false) : undefined;
  const excluded = forEachEligible(catalogue, filters, workload, screen, offerTo(kept), aside && offerTo(aside));
  const ranked: RankedAtDoor[] = [];
  for (const { model, door, cost } of kept.best.items) {
    const costs = costsOf(cost, digits, workload, true);
    if (budgetNanos !== undefined && costs.monthly.nanos > budgetNanos) break;
    ranked.push({ rank: ranked.length + 1, model, door: table.doors[door] as PricedDoor, costs });
  }
  for (const [reason, n] of Object.entries(apart) as Array<[Exclusion, number]>)
    excluded[reason] = (excluded[reason] ?? 0) + n;
  const legacy = aside
    ? legacyAmong(kept.best.items, aside.best.items, limit, order, overBudget(digits, workload, budgetNanos))
    : 0;
  return { ranked, excluded, notSold, legacy };
}
