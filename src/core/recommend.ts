/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then current before legacy, then id. With a use case only suited models
 * (score >= 3) are kept.
 */
import { SUITED_SCORE, type Model, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareTies, useCaseScores } from './cheapest.js';
import { ESTIMATE_ERROR, estimateAt, NANOS_DIVISOR, priceTable, requestCost, roundedNanos, type Workload } from './cost.js';
import { preRank } from './pre-rank.js';
import { Usd } from './money.js';
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

interface Candidate {
  model: Model;
  score: number;
  /** The cost per request in nano-dollars, rounded (see roundedNanos). */
  nanos: number | bigint;
}

/** Higher score, then higher quality, then the lower cost, then compareTies. */
function byRank(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.model.quality !== b.model.quality) return b.model.quality - a.model.quality;
  if (a.nanos < b.nanos) return -1;
  if (a.nanos > b.nanos) return 1;
  return compareTies(a.model, b.model);
}

/** Quality and context window per model of a list, in list order, built once per list. */
interface Traits {
  quality: Int8Array;
  contextTokens: Float64Array;
}

const traitTables = new WeakMap<readonly Model[], Traits>();

function traitsOf(models: readonly Model[]): Traits {
  let traits = traitTables.get(models);
  if (traits === undefined) {
    traits = { quality: Int8Array.from(models, (m) => m.quality), contextTokens: Float64Array.from(models, (m) => m.contextTokens) };
    traitTables.set(models, traits);
  }
  return traits;
}

export function recommendModels(catalogue: Catalogue, criteria: RecommendCriteria): Recommendation[] {
  const pool = criteria.tier ? (catalogue.byTier.get(criteria.tier) ?? []) : catalogue.models;
  const workload: Workload = {
    inputTokens: criteria.inputTokens,
    outputTokens: criteria.outputTokens,
    requests: 1,
    days: 1,
    mode: 'standard',
  };
  const { useCase, minQuality, minContext, maxCostNanos } = criteria;
  // Pre-ranked by (score, quality) and a float estimate of the cost (see preRank); exact costs
  // only for the models that can still be among the k best, and near the max_cost bound.
  const table = priceTable(pool);
  const { quality, contextTokens } = traitsOf(pool);
  const scores = useCase === undefined ? quality : useCaseScores(pool, useCase);
  const maxNanos = maxCostNanos === undefined ? undefined : Number(maxCostNanos);
  const far = (1 + ESTIMATE_ERROR) * (1 + ESTIMATE_ERROR);
  // Plain arrays sized up front: a typed array this size costs more to allocate than to fill.
  // Slots hold the models that pass the filters, by their index in the pool.
  const indexes = new Array<number>(pool.length);
  const groups = new Array<number>(pool.length);
  const estimates = new Array<number>(pool.length);
  const exact = maxNanos === undefined ? undefined : new Array<number | bigint | undefined>(pool.length);
  let count = 0;
  for (let i = 0; i < pool.length; i++) {
    const score = scores[i] as number;
    const modelQuality = quality[i] as number;
    if (useCase !== undefined && score < SUITED_SCORE) continue;
    if (minQuality !== undefined && modelQuality < minQuality) continue;
    if (minContext !== undefined && (contextTokens[i] as number) < minContext) continue;
    const estimate = estimateAt(table, i, workload) / NANOS_DIVISOR;
    if (exact !== undefined) {
      const max = maxNanos as number;
      // The rounded cost is within a nano-dollar of the estimate (and the bound within 2^-53 of
      // its float): outside that margin the estimate decides, inside it the exact cost does.
      if (estimate / far - 1 > max * far) continue;
      let nanos: number | bigint | undefined;
      if (estimate * far + 1 > max / far) {
        nanos = roundedNanos(requestCost(pool[i] as Model, workload));
        if (nanos > (maxCostNanos as bigint)) continue;
      }
      exact[count] = nanos;
    }
    // Higher score, then higher quality, first: one integer group per (score, quality), lowest first.
    groups[count] = -(score * 8 + modelQuality);
    estimates[count] = estimate;
    indexes[count++] = i;
  }
  const candidates: Candidate[] = [];
  for (const slot of preRank(groups, estimates, count, criteria.limit, ESTIMATE_ERROR, 0.5)) {
    const i = indexes[slot] as number;
    const model = pool[i] as Model;
    candidates.push({ model, score: scores[i] as number, nanos: exact?.[slot] ?? roundedNanos(requestCost(model, workload)) });
  }
  return topK(candidates, criteria.limit, byRank).map(({ model, score, nanos }, i) => {
    const cost = new Usd(typeof nanos === 'number' ? BigInt(nanos) : nanos);
    return { rank: i + 1, model, costPerRequest: cost, reason: explain(model, useCase, score, cost) };
  });
}

function explain(model: Model, useCase: UseCase | undefined, score: number, cost: Usd): string {
  const fit = useCase
    ? `Scores ${score}/5 for ${useCase} with overall quality ${model.quality}/5`
    : `Overall quality ${model.quality}/5`;
  return `${fit} at $${cost.toString()} per request (${model.tier} tier, ${model.context} context).`;
}
