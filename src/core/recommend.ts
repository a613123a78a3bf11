/**
 * Recommendations: the best-suited models for a use case within the given limits.
 * Ranking, deterministic: use-case score (or quality without a use case), then quality, then the
 * lower cost per request, then current before legacy, then id. With a use case only suited models
 * (score >= 3) are kept.
 */
import { SUITED_SCORE, type Model, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { compareTies } from './cheapest.js';
import { NANOS_DIVISOR, requestCost, roundedNanos, type Workload } from './cost.js';
import { ESTIMATE_ERROR, estimateAt, priceTable } from './estimate.js';
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

/**
 * The models of a list that can be recommended for a use case (all of them without one), in
 * ranking-group order: higher score, then higher quality, first; list order within a group. One
 * slot per model, built once per list and use case.
 */
interface GroupOrder {
  /** The model's index in the list. */
  readonly index: Int32Array;
  /** score × 8 + quality: equal for models of one group, descending. */
  readonly key: Int8Array;
  readonly score: Int8Array;
  readonly quality: Int8Array;
  readonly contextTokens: Float64Array;
}

const groupOrders = new WeakMap<readonly Model[], Map<UseCase | undefined, GroupOrder>>();

function groupOrder(models: readonly Model[], useCase: UseCase | undefined): GroupOrder {
  let byUseCase = groupOrders.get(models);
  if (byUseCase === undefined) groupOrders.set(models, (byUseCase = new Map()));
  let order = byUseCase.get(useCase);
  if (order === undefined) {
    const scoreOf = (m: Model) => (useCase === undefined ? m.quality : (m.useCases[useCase] ?? 0));
    const keyOf = (i: number) => scoreOf(models[i] as Model) * 8 + (models[i] as Model).quality;
    const indexes = [...models.keys()].filter((i) => useCase === undefined || scoreOf(models[i] as Model) >= SUITED_SCORE);
    indexes.sort((a, b) => keyOf(b) - keyOf(a) || a - b);
    const at = (i: number) => models[i] as Model;
    order = {
      index: Int32Array.from(indexes),
      key: Int8Array.from(indexes, keyOf),
      score: Int8Array.from(indexes, (i) => scoreOf(at(i))),
      quality: Int8Array.from(indexes, (i) => at(i).quality),
      contextTokens: Float64Array.from(indexes, (i) => at(i).contextTokens),
    };
    byUseCase.set(useCase, order);
  }
  return order;
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
  const { useCase, minQuality, minContext, maxCostNanos, limit } = criteria;
  // Models are taken group by group, best group first, up to the end of the group in which the
  // k-th model passing the filters falls: the models of later groups rank below k others. Those
  // taken are pre-ranked by group and a float estimate of the cost (see preRank); exact costs only
  // for the models that can still be among the k best, and near the max_cost bound.
  const table = priceTable(pool);
  const order = groupOrder(pool, useCase);
  const maxNanos = maxCostNanos === undefined ? undefined : Number(maxCostNanos);
  const far = (1 + ESTIMATE_ERROR) * (1 + ESTIMATE_ERROR);
  /** Slots in the group order of the models taken. */
  const taken: number[] = [];
  const groups: number[] = [];
  const estimates: number[] = [];
  const exact: Array<number | bigint | undefined> | undefined = maxNanos === undefined ? undefined : [];
  let lastKey = -1;
  for (let j = 0; j < order.index.length; j++) {
    const key = order.key[j] as number;
    if (key !== lastKey && taken.length >= limit) break;
    if (minQuality !== undefined && (order.quality[j] as number) < minQuality) continue;
    if (minContext !== undefined && (order.contextTokens[j] as number) < minContext) continue;
    const i = order.index[j] as number;
    const estimate = estimateAt(table, i, workload) / NANOS_DIVISOR;
    let nanos: number | bigint | undefined;
    if (maxNanos !== undefined) {
      // The rounded cost is within a nano-dollar of the estimate (and the bound within 2^-53 of
      // its float): outside that margin the estimate decides, inside it the exact cost does.
      if (estimate / far - 1 > maxNanos * far) continue;
      if (estimate * far + 1 > maxNanos / far) {
        nanos = roundedNanos(requestCost(pool[i] as Model, workload));
        if (nanos > (maxCostNanos as bigint)) continue;
      }
    }
    taken.push(j);
    groups.push(-key); // lowest first
    estimates.push(estimate);
    exact?.push(nanos);
    lastKey = key;
  }
  const candidates: Candidate[] = [];
  for (const slot of preRank(groups, estimates, taken.length, limit, ESTIMATE_ERROR, 0.5)) {
    const j = taken[slot] as number;
    const model = pool[order.index[j] as number] as Model;
    candidates.push({ model, score: order.score[j] as number, nanos: exact?.[slot] ?? roundedNanos(requestCost(model, workload)) });
  }
  return topK(candidates, limit, byRank).map(({ model, score, nanos }, i) => {
    const cost = new Usd(nanos);
    return { rank: i + 1, model, costPerRequest: cost, reason: explain(model, useCase, score, cost) };
  });
}

function explain(model: Model, useCase: UseCase | undefined, score: number, cost: Usd): string {
  const fit = useCase
    ? `Scores ${score}/5 for ${useCase} with overall quality ${model.quality}/5`
    : `Overall quality ${model.quality}/5`;
  return `${fit} at $${cost.toString()} per request (${model.tier} tier, ${model.context} context).`;
}
