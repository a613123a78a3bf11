/** Which models run a workload for the least money. */
import type { Model, ModelStatus, Tier, UseCase } from '../schema/catalogue-schema.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import {
  compareCosts,
  costsOf,
  newRequestCost,
  numeratorOf,
  type Costs,
  type RequestCost,
  type Workload,
} from '../pricing/cost.js';
import { tableCostInto, tableExceeds } from '../catalogue/price-table.js';
import { forEachEligible, type Excluded } from './eligible.js';
import { columnFilters } from '../catalogue/filter-table.js';
import { compareTies } from './ties.js';
import { quantitiesOf } from '../pricing/quantities.js';
import { TopK } from './top-k.js';
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
  costs: Costs;
}

/** Cheapest first, ties as compareTies has them: the order of both cheapest rankings (at records and at doors). */
export const cheaperFirst =
  (digits: number) =>
  (a: { model: Model; cost: RequestCost }, b: { model: Model; cost: RequestCost }): number =>
    compareCosts(a.cost, b.cost, digits) || compareTies(a.model, b.model);

/**
 * Models cheapest first (ties: current before legacy, then by id), among those that meet the
 * filters and can run the workload, within the budget; and what was left out.
 */
export function findCheapest(
  catalogue: Catalogue,
  workload: Workload,
  options: CheapestOptions,
): { ranked: Ranked[]; excluded: Excluded } {
  const { quality, budgetNanos, limit } = options;
  const tiers = quality ? QUALITY_BANDS[quality] : undefined;
  const filters = columnFilters(options, tiers);
  // The workload's unit quantities, once; each model's cost from the price table the catalogue built.
  const q = quantitiesOf(workload);
  const digits = catalogue.priceDigits;
  const best = new TopK<{ model: Model; cost: RequestCost }>(limit, cheaperFirst(digits));
  // One probe for every model: an object is made only for a model that enters the top `limit`.
  const probe = { model: undefined as unknown as Model, cost: newRequestCost() };
  const own = options.own;
  const table = catalogue.priceTable;
  // K of the k-th cheapest so far: a model whose K (from the table) is above it cannot enter, and is not priced further.
  let cutoff = Infinity;
  const excluded = forEachEligible(catalogue, filters, workload, options, (model, i) => {
    const mine = own === undefined ? undefined : own.of(model);
    // Two reads, not a pair: no array is made per model of the walk.
    const qm = mine === undefined ? q : mine.q;
    const wm = mine === undefined ? workload : mine.workload;
    if (tableExceeds(table, i, qm, wm, cutoff)) return;
    probe.model = model;
    tableCostInto(probe.cost, table, i, qm, wm);
    if (!best.admits(probe)) return;
    best.add({ model, cost: { ...probe.cost } });
    if (best.last) cutoff = numeratorOf(best.last.cost, digits);
  });
  const ranked: Ranked[] = [];
  for (const { model, cost } of best.items) {
    const costs = costsOf(cost, digits, workload);
    // The monthly cost never falls as the request cost rises, so those within budget are a prefix.
    if (budgetNanos !== undefined && costs.monthly.nanos > budgetNanos) break;
    ranked.push({ rank: ranked.length + 1, model, costs });
  }
  return { ranked, excluded };
}
