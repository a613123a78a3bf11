/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then current before legacy, then id. With a use case only suited models
 * (score >= 3) are kept.
 */
import type { Model, Tier, UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareTies, isSuited } from './cheapest.js';
import { costPerRequest, ESTIMATE_ERROR, estimateAt, NANOS_DIVISOR, priceTable } from './cost.js';
import { preRank } from './pre-rank.js';
import type { Usd } from './money.js';
import { topK } from './top-k.js';

export interface RecommendCriteria {
  useCase?: UseCase;
  tier?: Tier;
  minQuality?: number;
  maxCostNanos?: bigint;
  minContext?: number;
  inputTokens: number;
  outputTokens: number;
  limit: number;
}

export interface Recommendation {
  rank: number;
  model: Model;
  costPerRequest: Usd;
  reason: string;
}

export function recommendModels(catalogue: Catalogue, criteria: RecommendCriteria): Recommendation[] {
  const pool = criteria.tier ? (catalogue.byTier.get(criteria.tier) ?? []) : catalogue.models;
  const workload = {
    inputTokens: criteria.inputTokens,
    outputTokens: criteria.outputTokens,
    requests: 1,
    days: 1,
    mode: 'standard' as const,
  };
  const { useCase } = criteria;
  // Pre-ranked by (score, quality) and a float estimate of the cost (see preRank); exact costs
  // only for the models that can still be among the k best, and near the max_cost bound.
  const table = priceTable(pool);
  const maxNanos = criteria.maxCostNanos === undefined ? undefined : Number(criteria.maxCostNanos);
  const far = (1 + ESTIMATE_ERROR) * (1 + ESTIMATE_ERROR);
  const models: Model[] = [];
  const exact: Array<Usd | undefined> = [];
  const groups = new Float64Array(pool.length);
  const estimates = new Float64Array(pool.length);
  for (let i = 0; i < pool.length; i++) {
    const model = pool[i] as Model;
    if (useCase && !isSuited(model, useCase)) continue;
    if (criteria.minQuality !== undefined && model.quality < criteria.minQuality) continue;
    if (criteria.minContext !== undefined && model.contextTokens < criteria.minContext) continue;
    const estimate = estimateAt(table, i, workload) / NANOS_DIVISOR;
    let cost: Usd | undefined;
    if (maxNanos !== undefined) {
      // The rounded cost is within a nano-dollar of the estimate (and the bound within 2^-53 of
      // its float): outside that margin the estimate decides, inside it the exact cost does.
      if (estimate / far - 1 > maxNanos * far) continue;
      if (estimate * far + 1 > maxNanos / far) {
        cost = costPerRequest(model, workload);
        if (cost.nanos > (criteria.maxCostNanos as bigint)) continue;
      }
    }
    const score = useCase ? (model.useCases[useCase] ?? 0) : model.quality;
    // Higher score, then higher quality, first: one integer group per (score, quality), lowest first.
    groups[models.length] = -(score * 8 + model.quality);
    estimates[models.length] = estimate;
    exact[models.length] = cost;
    models.push(model);
  }
  const candidates = preRank(groups, estimates, models.length, criteria.limit, ESTIMATE_ERROR, 0.5).map((i) => {
    const model = models[i] as Model;
    const score = useCase ? (model.useCases[useCase] ?? 0) : model.quality;
    return { model, score, cost: exact[i] ?? costPerRequest(model, workload) };
  });
  const best = topK(candidates, criteria.limit, (a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    if (a.model.quality !== b.model.quality) return b.model.quality - a.model.quality;
    if (a.cost.nanos !== b.cost.nanos) return a.cost.nanos < b.cost.nanos ? -1 : 1;
    return compareTies(a.model, b.model);
  });
  return best.map(({ model, score, cost }, i) => ({
    rank: i + 1,
    model,
    costPerRequest: cost,
    reason: explain(model, useCase, score, cost),
  }));
}

function explain(model: Model, useCase: UseCase | undefined, score: number, cost: Usd): string {
  const fit = useCase
    ? `Scores ${score}/5 for ${useCase} with overall quality ${model.quality}/5`
    : `Overall quality ${model.quality}/5`;
  return `${fit} at $${cost.toString()} per request (${model.tier} tier, ${model.context} context).`;
}
