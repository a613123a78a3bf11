/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then id. With a use case only suited models (score >= 3) are kept.
 */
import type { Model, Tier, UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareIds, isSuited } from './cheapest.js';
import { costPerRequest } from './cost.js';
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
  const candidates: Array<{ model: Model; score: number; cost: Usd }> = [];
  for (const model of pool) {
    if (useCase && !isSuited(model, useCase)) continue;
    if (criteria.minQuality !== undefined && model.quality < criteria.minQuality) continue;
    if (criteria.minContext !== undefined && model.contextTokens < criteria.minContext) continue;
    const cost = costPerRequest(model, workload);
    if (criteria.maxCostNanos !== undefined && cost.nanos > criteria.maxCostNanos) continue;
    candidates.push({ model, score: useCase ? (model.useCases[useCase] ?? 0) : model.quality, cost });
  }
  const best = topK(candidates, criteria.limit, (a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    if (a.model.quality !== b.model.quality) return b.model.quality - a.model.quality;
    if (a.cost.nanos !== b.cost.nanos) return a.cost.nanos < b.cost.nanos ? -1 : 1;
    return compareIds(a.model, b.model);
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
