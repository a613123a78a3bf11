/** Which models run a workload for the least money. */
import { SUITED_SCORE, type Model, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { calculateCost, ESTIMATE_ERROR, estimateAt, monthlyNanos, priceTable, requestNumerator, type Costs, type Workload } from './cost.js';
import { preRank } from './pre-rank.js';
import { topK } from './top-k.js';

export type QualityBand = 'high' | 'budget';
export const QUALITY_BANDS: Record<QualityBand, readonly Tier[]> = {
  high: ['Mid', 'Premium'],
  budget: ['Budget'],
};

export interface CheapestOptions {
  /** Drop models whose monthly cost exceeds this many nano-dollars. */
  budgetNanos?: bigint;
  useCase?: UseCase;
  quality?: QualityBand;
  limit: number;
}

export interface Ranked {
  rank: number;
  model: Model;
  costs: Costs;
}

export function isSuited(model: Model, useCase: UseCase): boolean {
  return (model.useCases[useCase] ?? 0) >= SUITED_SCORE;
}

/** Models cheapest first (ties by id), after the budget, use-case and quality filters. */
export function findCheapest(catalogue: Catalogue, workload: Workload, options: CheapestOptions): Ranked[] {
  const tiers = options.quality ? QUALITY_BANDS[options.quality] : undefined;
  const pools = tiers ? tiers.map((t) => catalogue.byTier.get(t) ?? []) : [catalogue.models];
  const { useCase, budgetNanos } = options;

  // Pre-ranked by a float estimate of the cost (see preRank): only the models that can still be
  // among the k cheapest get an exact numerator, and only the k winners their four rounded costs.
  const models: Model[] = [];
  const estimates = new Float64Array(pools.reduce((n, pool) => n + pool.length, 0));
  for (const pool of pools) {
    const table = priceTable(pool);
    for (let i = 0; i < pool.length; i++) {
      const model = pool[i] as Model;
      if (useCase && !isSuited(model, useCase)) continue;
      estimates[models.length] = estimateAt(table, i, workload);
      models.push(model);
    }
  }
  const candidates = preRank(null, estimates, models.length, options.limit, ESTIMATE_ERROR, 0).map((i) => {
    const model = models[i] as Model;
    return { model, cost: requestNumerator(model, workload) };
  });
  const best = topK(candidates, options.limit, (a, b) =>
    a.cost === b.cost ? compareTies(a.model, b.model) : a.cost < b.cost ? -1 : 1,
  );
  // The budget passes a prefix of the ranking (the monthly cost never falls as the request cost
  // rises), so filtering the k cheapest gives the k cheapest within the budget.
  const within = budgetNanos === undefined ? best : best.filter(({ cost }) => monthlyNanos(cost, workload) <= budgetNanos);
  return within.map(({ model }, i) => ({ rank: i + 1, model, costs: calculateCost(model, workload) }));
}

/** Between models ranked equal: current models before legacy ones, then by id. */
export function compareTies(a: Model, b: Model): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
