/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then current before legacy, then id. With a use case only suited models
 * (score >= 3) are kept.
 */
import type { Model, UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { filterOf, type RankFilters } from './cheapest.js';
import { compareTies } from './ties.js';
import { calculateCost, NANO_DENOMINATOR, requestNumerators, requestUsd, type Costs, type Workload } from './cost.js';
import { forEachEligible, type Excluded } from './eligible.js';
import { divideRoundHalfUp, type Usd } from './money.js';
import { topK } from './top-k.js';

export interface RecommendCriteria extends RankFilters {
  maxCostNanos?: bigint;
  /** The workload the costs are for (the ranking reads its cost per request). */
  workload: Workload;
  limit: number;
}

export interface Recommendation {
  rank: number;
  model: Model;
  costPerRequest: Usd;
  costs: Costs;
  reason: string;
}

interface Candidate {
  model: Model;
  score: number;
  /** The exact cost of a request, as a numerator (cost.ts's requestNumerator). */
  cost: bigint;
}

/** A model past the filters, costed when the max_cost filter needed it. */
type Eligible = Omit<Candidate, 'cost'> & { cost?: bigint };

/** Higher score, then higher quality. */
function byFit(a: Eligible, b: Eligible): number {
  return a.score !== b.score ? b.score - a.score : b.model.quality - a.model.quality;
}

/** byFit, then the lower cost per request (rounded to the nano-dollar), then compareTies. */
function byRank(a: Candidate, b: Candidate): number {
  return byFit(a, b) || compareRounded(a.cost, b.cost) || compareTies(a.model, b.model);
}

/**
 * Two request numerators ordered as the nano-dollars they round to (0 when they round equal).
 * Rounding keeps the order, and numerators a nano-dollar or more apart round apart: only closer
 * ones need the division.
 */
function compareRounded(a: bigint, b: bigint): number {
  const gap = a - b;
  if (gap >= NANO_DENOMINATOR || -gap >= NANO_DENOMINATOR) return gap > 0n ? 1 : -1;
  const [x, y] = [divideRoundHalfUp(a, NANO_DENOMINATOR), divideRoundHalfUp(b, NANO_DENOMINATOR)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The ranking, and how many models met the filters but could not be offered (eligible.ts). */
export function recommendModels(catalogue: Catalogue, criteria: RecommendCriteria): { recommendations: Recommendation[]; excluded: Excluded } {
  const { useCase, maxCostNanos, limit, workload } = criteria;
  const numerator = requestNumerators(workload);
  // A cost over maxCostNanos once rounded half up is a numerator at least this.
  const over = maxCostNanos === undefined ? undefined : maxCostNanos * NANO_DENOMINATOR + NANO_DENOMINATOR / 2n;
  const scoreOf = (model: Model) => (useCase === undefined ? model.quality : (model.useCases[useCase] ?? 0));
  // filterOf keeps only models suited to the use case (score >= SUITED_SCORE), as cheapest does.
  const keep = filterOf(criteria);
  const eligible: Eligible[] = [];
  const screen = { inputTokens: workload.inputTokens, outputTokens: workload.outputTokens, includeFreeTier: criteria.includeFreeTier ?? false };
  const excluded = forEachEligible(catalogue, keep, screen, (model) => {
    const score = scoreOf(model);
    if (over === undefined) {
      eligible.push({ model, score });
      return;
    }
    const cost = numerator(model);
    if (cost < over) eligible.push({ model, score, cost });
  });
  // The cost ranks only models equal in fit: one less fit than the k-th fittest cannot be in the
  // top k, so only the others are costed (the ranking is byRank's over all of them either way).
  const kth = topK(eligible, limit, byFit)[limit - 1];
  const candidates: Candidate[] = [];
  for (const c of eligible) {
    if (kth === undefined || byFit(c, kth) <= 0) candidates.push({ model: c.model, score: c.score, cost: c.cost ?? numerator(c.model) });
  }
  const recommendations = topK(candidates, limit, byRank).map(({ model, score, cost }, i) => {
    const usd = requestUsd(cost);
    return { rank: i + 1, model, costPerRequest: usd, costs: calculateCost(model, workload), reason: explain(model, useCase, score, usd) };
  });
  return { recommendations, excluded };
}

function explain(model: Model, useCase: UseCase | undefined, score: number, cost: Usd): string {
  const fit = useCase
    ? `Scores ${score}/5 for ${useCase} with overall quality ${model.quality}/5`
    : `Overall quality ${model.quality}/5`;
  return `${fit} at $${cost.toString()} per request (${model.tier} tier, ${model.context} context).`;
}
