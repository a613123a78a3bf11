/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then current before legacy, then id. With a use case only suited models
 * (score >= 3) are kept.
 */
import { SUITED_SCORE, type Model, type ModelStatus, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareTies } from './cheapest.js';
import { costPerRequest, type Workload } from './cost.js';
import type { TimeOfDay } from './time-of-day.js';
import type { Usd } from './money.js';
import { topK } from './top-k.js';

export interface RecommendCriteria {
  useCase?: UseCase;
  tier?: Tier;
  minQuality?: number;
  maxCostNanos?: bigint;
  minContext?: number;
  /** Keep only models of this status (all when unset). */
  status?: ModelStatus;
  inputTokens: number;
  outputTokens: number;
  /** When the requests run, for models with off-peak prices (peak when unset). */
  timeOfDay?: TimeOfDay;
  limit: number;
}

export interface Recommendation {
  rank: number;
  model: Model;
  costPerRequest: Usd;
  reason: string;
}

interface Candidate {
  model: Model;
  score: number;
  cost: Usd;
}

/** Higher score, then higher quality, then the lower cost, then compareTies. */
function byRank(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.model.quality !== b.model.quality) return b.model.quality - a.model.quality;
  return a.cost.compare(b.cost) || compareTies(a.model, b.model);
}

export function recommendModels(catalogue: Catalogue, criteria: RecommendCriteria): Recommendation[] {
  const { useCase, tier, minQuality, minContext, maxCostNanos, status, limit } = criteria;
  const workload: Workload = {
    inputTokens: criteria.inputTokens, outputTokens: criteria.outputTokens, requests: 1, days: 1, mode: 'standard',
    ...(criteria.timeOfDay ? { timeOfDay: criteria.timeOfDay } : {}),
  };
  const candidates: Candidate[] = [];
  for (const model of catalogue.models) {
    const score = useCase === undefined ? model.quality : (model.useCases[useCase] ?? 0);
    if (useCase !== undefined && score < SUITED_SCORE) continue;
    if (status !== undefined && model.status !== status) continue;
    if (tier !== undefined && model.tier !== tier) continue;
    if (minQuality !== undefined && model.quality < minQuality) continue;
    if (minContext !== undefined && model.contextTokens < minContext) continue;
    const cost = costPerRequest(model, workload);
    if (maxCostNanos !== undefined && cost.nanos > maxCostNanos) continue;
    candidates.push({ model, score, cost });
  }
  return topK(candidates, limit, byRank).map(({ model, score, cost }, i) => ({
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
