/** Which models run a workload for the least money. */
import type { Model, ModelStatus, Tier, UseCase } from '../schema/catalogue-schema.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import {
  compareCosts,
  costsOf,
  newRequestCost,
  numeratorOf,
  type CostsWithYear,
  type RequestCost,
  type Workload,
} from '../pricing/cost.js';
import { tableCostInto, tableExceeds } from '../catalogue/price-table.js';
import { forEachEligible, type Excluded } from './eligible.js';
import { columnFilters } from '../catalogue/filter-table.js';
import { compareTies } from './ties.js';
import { quantitiesOf } from '../pricing/quantities.js';
import { TopK, topK } from './top-k.js';
import type { OwnTokens } from '../pricing/tokenizers.js';

export type QualityBand = 'high' | 'budget';
export const QUALITY_BANDS: Record<QualityBand, readonly Tier[]> = {
  high: ['Mid', 'Premium'],
  budget: ['Budget'],
};

/** The filters both rankings (cheapest and recommend) take, under the same names. */
export interface RankFilters {
  useCase?: UseCase;
  tier?: Tier;
  /** Minimum overall quality, 1 to 5. */
  minQuality?: number;
  /** Minimum context window in tokens. */
  minContext?: number;
  /** Keep only models of this status (all when unset). */
  status?: ModelStatus;
  /** Offer models served only on a free tier instead of leaving them out. */
  includeFreeTier?: boolean;
  /** With a service tier asked, rank models not sold on it at standard prices instead of leaving them out. */
  tierFallback?: boolean;
  /** counted_with: each model is priced, screened and ranked on the workload in its own tokens. */
  own?: OwnTokens;
  /**
   * With status current: count the legacy models the same ranking with any status lists among its
   * items (`legacy` in the answer), ranked apart in the same walk (forEachEligible's `aside`).
   */
  countLegacy?: boolean;
}

export interface CheapestOptions extends RankFilters {
  /** Drop models whose monthly cost exceeds this many nano-dollars. */
  budgetNanos?: bigint;
  /** The spec's tier band: high (Mid and Premium) or budget (Budget). */
  quality?: QualityBand;
  limit: number;
}

export interface Ranked {
  rank: number;
  model: Model;
  /** The yearly one at the prices of the day priced (a price schedule is the caller's: withYear). */
  costs: CostsWithYear;
}

/** Cheapest first, ties as compareTies has them: the order of both cheapest rankings (at records and at doors). */
export const cheaperFirst =
  (digits: number) =>
  (a: { model: Model; cost: RequestCost }, b: { model: Model; cost: RequestCost }): number =>
    compareCosts(a.cost, b.cost, digits) || compareTies(a.model, b.model);

/** One ranking's best so far: the models of the status asked, or (aside) those only the status filter leaves out. */
interface Lane {
  best: TopK<{ model: Model; cost: RequestCost }>;
  /** K of the k-th cheapest so far: a model whose K (from the table) is above it cannot enter, and is not priced further. */
  cutoff: number;
}

/**
 * Models cheapest first (ties: current before legacy, then by id), among those that meet the
 * filters and can run the workload, within the budget; what was left out; and with countLegacy,
 * how many legacy models the ranking with any status lists.
 */
export function findCheapest(
  catalogue: Catalogue,
  workload: Workload,
  options: CheapestOptions,
): { ranked: Ranked[]; excluded: Excluded; legacy: number } {
  const { quality, budgetNanos, limit } = options;
  const tiers = quality ? QUALITY_BANDS[quality] : undefined;
  const filters = columnFilters(options, tiers);
  // The workload's unit quantities, once; each model's cost from the price table the catalogue built.
  const q = quantitiesOf(workload);
  const digits = catalogue.priceDigits;
  const order = cheaperFirst(digits);
  const lane = (): Lane => ({ best: new TopK(limit, order), cutoff: Infinity });
  // One probe for every model: an object is made only for a model that enters the top `limit`.
  const probe = { model: undefined as unknown as Model, cost: newRequestCost() };
  const own = options.own;
  const table = catalogue.priceTable;
  const offerTo = (l: Lane) => (model: Model, i: number) => {
    const mine = own === undefined ? undefined : own.of(model);
    // Two reads, not a pair: no array is made per model of the walk.
    const qm = mine === undefined ? q : mine.q;
    const wm = mine === undefined ? workload : mine.workload;
    if (tableExceeds(table, i, qm, wm, l.cutoff)) return;
    probe.model = model;
    tableCostInto(probe.cost, table, i, qm, wm);
    if (!l.best.admits(probe)) return;
    l.best.add({ model, cost: { ...probe.cost } });
    if (l.best.last) l.cutoff = numeratorOf(l.best.last.cost, digits);
  };
  const kept = lane();
  const aside = options.countLegacy ? lane() : undefined;
  const excluded = forEachEligible(catalogue, filters, workload, options, offerTo(kept), aside && offerTo(aside));
  // The monthly cost never falls as the request cost rises, so those within budget are a prefix.
  const ranked: Ranked[] = [];
  for (const { model, cost } of kept.best.items) {
    const costs = costsOf(cost, digits, workload, true);
    if (budgetNanos !== undefined && costs.monthly.nanos > budgetNanos) break;
    ranked.push({ rank: ranked.length + 1, model, costs });
  }
  const legacy = aside
    ? legacyAmong(kept.best.items, aside.best.items, limit, order, overBudget(digits, workload, budgetNanos))
    : 0;
  return { ranked, excluded, legacy };
}

/** Whether an item's monthly cost is past the budget (none without one): a budget cuts a prefix of a cheapest ranking. */
export function overBudget(
  digits: number,
  workload: Workload,
  budgetNanos: bigint | undefined,
): ((item: { cost: RequestCost }) => boolean) | undefined {
  if (budgetNanos === undefined) return undefined;
  return (item) => costsOf(item.cost, digits, workload).monthly.nanos > budgetNanos;
}

/**
 * How many legacy models the ranking with any status lists: the best `limit` of the two lanes'
 * best (each the best `limit` of its status, so together they hold the best of all), up to the
 * first one `past` leaves out (budgets and cost limits cut a prefix).
 */
export function legacyAmong<T extends { model: Model }>(
  kept: readonly T[],
  aside: readonly T[],
  limit: number,
  order: (a: T, b: T) => number,
  past?: (item: T) => boolean,
): number {
  let legacy = 0;
  for (const item of topK([...kept, ...aside], limit, order)) {
    if (past?.(item)) break;
    if (item.model.status === 'legacy') legacy++;
  }
  return legacy;
}
