/** Which models run a workload for the least money. */
import { SUITED_SCORE, type Model, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareRequestCosts, costsOf, requestCost, type Costs, type RequestCost, type Workload } from './cost.js';
import { ESTIMATE_ERROR, estimateAt, estimateFloor, priceTable } from './estimate.js';
import { Usd } from './money.js';
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

// Each model's score for each use case, one slot per model of a list, built once per list and use
// case: the ranking loops read a typed array rather than each model's useCases record.
const scoreTables = new WeakMap<readonly Model[], Map<UseCase, Int8Array>>();

/** The use-case scores of a list of models (0 where a model has none), in list order. */
export function useCaseScores(models: readonly Model[], useCase: UseCase): Int8Array {
  let byUseCase = scoreTables.get(models);
  if (byUseCase === undefined) scoreTables.set(models, (byUseCase = new Map()));
  let scores = byUseCase.get(useCase);
  if (scores === undefined) {
    scores = Int8Array.from(models, (model) => model.useCases[useCase] ?? 0);
    byUseCase.set(useCase, scores);
  }
  return scores;
}

interface Candidate {
  model: Model;
  cost: RequestCost;
}

/** Cheaper first, then compareTies. */
function byCost(a: Candidate, b: Candidate): number {
  return compareRequestCosts(a.cost, b.cost) || compareTies(a.model, b.model);
}

// A model whose estimate is past the k-th smallest × (1 + ε)² is left out by preRank; the floor
// is within a factor (1 + ε) of the estimates it bounds.
const STOP_MARGIN = (1 + ESTIMATE_ERROR) ** 3;

/** Models cheapest first (ties by id), after the budget, use-case and quality filters. */
export function findCheapest(catalogue: Catalogue, workload: Workload, options: CheapestOptions): Ranked[] {
  const tiers = options.quality ? QUALITY_BANDS[options.quality] : undefined;
  const pools = tiers ? tiers.map((t) => catalogue.byTier.get(t) ?? []) : [catalogue.models];
  const { useCase, budgetNanos, limit } = options;
  const budget = budgetNanos === undefined ? undefined : new Usd(budgetNanos);

  // Pre-ranked by a float estimate of the cost (see preRank): only the models that can still be
  // among the k cheapest get an exact cost, and only the k winners their four rounded costs. Each
  // list is scanned by lowest input price, and the scan stops where the estimates still to come
  // (estimateFloor) are all past preRank's cut for the k smallest estimates so far.
  const models: Model[] = [];
  const estimates: number[] = [];
  const smallest: number[] = []; // the k smallest estimates so far, ascending
  for (const pool of pools) {
    const table = priceTable(pool);
    const scores = useCase === undefined ? undefined : useCaseScores(pool, useCase);
    for (let j = 0; j < pool.length; j++) {
      if (smallest.length === limit && estimateFloor(table, j, workload) > (smallest[limit - 1] as number) * STOP_MARGIN) break;
      const i = table.byInput[j] as number;
      if (scores !== undefined && (scores[i] as number) < SUITED_SCORE) continue;
      const estimate = estimateAt(table, i, workload);
      estimates.push(estimate);
      models.push(pool[i] as Model);
      if (smallest.length < limit || estimate < (smallest[limit - 1] as number)) {
        let at = smallest.length < limit ? smallest.length : limit - 1;
        for (; at > 0 && estimate < (smallest[at - 1] as number); at--) smallest[at] = smallest[at - 1] as number;
        smallest[at] = estimate;
      }
    }
  }
  const candidates: Candidate[] = [];
  for (const i of preRank(null, estimates, models.length, limit, ESTIMATE_ERROR, 0)) {
    const model = models[i] as Model;
    candidates.push({ model, cost: requestCost(model, workload) });
  }
  const ranked: Ranked[] = [];
  for (const { model, cost } of topK(candidates, limit, byCost)) {
    const costs = costsOf(cost, workload);
    // The budget passes a prefix of the ranking (the monthly cost never falls as the request
    // cost rises), so the k cheapest up to the first one over budget are the k cheapest within it.
    if (budget !== undefined && costs.monthly.compare(budget) > 0) break;
    ranked.push({ rank: ranked.length + 1, model, costs });
  }
  return ranked;
}

/** Between models ranked equal: current models before legacy ones, then by id. */
export function compareTies(a: Model, b: Model): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
