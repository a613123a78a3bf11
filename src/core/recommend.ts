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
import { costsOf, nanoDivisor, newRequestCost, roundedNanos, type Costs, type RequestCost, type Workload } from './cost.js';
import { tableCostInto } from './price-table.js';
import { forEachEligible, type Excluded } from './eligible.js';
import { Usd } from './money.js';
import { quantitiesOf } from './quantities.js';
import { TopK, topK } from './top-k.js';

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
  /** The model's row in the catalogue's price table. */
  row: number;
  /** The exact cost of a request (cost.ts). */
  cost: RequestCost;
}

/** A model past the filters, costed when the max_cost filter needed it. */
type Eligible = Omit<Candidate, 'cost'> & { cost?: RequestCost };

/** Higher score, then higher quality. */
function byFit(a: Eligible, b: Eligible): number {
  return a.score !== b.score ? b.score - a.score : b.model.quality - a.model.quality;
}

/** byFit, then the lower cost per request (rounded to the nano-dollar), then compareTies. */
function byRank(digits: number): (a: Candidate, b: Candidate) => number {
  return (a, b) => byFit(a, b) || compareRounded(a.cost, b.cost, digits) || compareTies(a.model, b.model);
}

const EXACT_NUMBERS = 2n ** 52n;

/** Whether a request cost rounds to more than `max` nano-dollars (numbers below 2^52, where both are). */
function exceeds(c: RequestCost, max: bigint, digits: number): boolean {
  if (c.big === undefined && max < EXACT_NUMBERS) return c.nanos + (c.rest >= nanoDivisor(digits) / 2 ? 1 : 0) > Number(max);
  return roundedNanos(c, digits) > max;
}

/** Two request costs ordered as the nano-dollars they round to (0 when they round equal). */
function compareRounded(a: RequestCost, b: RequestCost, digits: number): number {
  if (a.big === undefined && b.big === undefined) {
    const half = nanoDivisor(digits) / 2;
    return a.nanos + (a.rest >= half ? 1 : 0) - (b.nanos + (b.rest >= half ? 1 : 0));
  }
  const [x, y] = [roundedNanos(a, digits), roundedNanos(b, digits)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The ranking, and how many models met the filters but could not be offered (eligible.ts). */
export function recommendModels(catalogue: Catalogue, criteria: RecommendCriteria): { recommendations: Recommendation[]; excluded: Excluded } {
  const { useCase, maxCostNanos, limit, workload } = criteria;
  const q = quantitiesOf(workload);
  const digits = catalogue.priceDigits;
  // Each model is costed into one probe; an object is made only for a cost that is kept.
  const probe = newRequestCost();
  const costOf = (row: number) => tableCostInto(probe, catalogue.priceTable, row, q, workload);
  const rank = byRank(digits);
  const scoreOf = (model: Model) => (useCase === undefined ? model.quality : (model.useCases[useCase] ?? 0));
  // filterOf keeps only models suited to the use case (score >= SUITED_SCORE), as cheapest does.
  const keep = filterOf(criteria);
  const eligible: Eligible[] = [];
  const screen = { inputTokens: workload.inputTokens, outputTokens: workload.outputTokens, includeFreeTier: criteria.includeFreeTier ?? false, workload };
  const excluded = forEachEligible(catalogue, keep, screen, (model, row) => {
    const score = scoreOf(model);
    if (maxCostNanos === undefined) {
      eligible.push({ model, score, row });
      return;
    }
    if (!exceeds(costOf(row), maxCostNanos, digits)) eligible.push({ model, score, row, cost: { ...probe } });
  });
  // The cost ranks only models equal in fit: one less fit than the k-th fittest cannot be in the
  // top k, so only the others are costed (the ranking is byRank's over all of them either way).
  const kth = topK(eligible, limit, byFit)[limit - 1];
  const best = new TopK<Candidate>(limit, rank);
  const test: Candidate = { model: undefined as unknown as Model, score: 0, row: 0, cost: probe };
  for (const c of eligible) {
    if (kth !== undefined && byFit(c, kth) > 0) continue;
    if (c.cost) {
      best.add(c as Candidate);
      continue;
    }
    costOf(c.row);
    test.model = c.model;
    test.score = c.score;
    if (best.admits(test)) best.add({ model: c.model, score: c.score, row: c.row, cost: { ...probe } });
  }
  const recommendations = best.items.map(({ model, score, cost }, i) => {
    const usd = new Usd(roundedNanos(cost, digits));
    return { rank: i + 1, model, costPerRequest: usd, costs: costsOf(cost, digits, workload), reason: explain(model, useCase, score, usd) };
  });
  return { recommendations, excluded };
}

function explain(model: Model, useCase: UseCase | undefined, score: number, cost: Usd): string {
  const fit = useCase
    ? `Scores ${score}/5 for ${useCase} with overall quality ${model.quality}/5`
    : `Overall quality ${model.quality}/5`;
  return `${fit} at $${cost.toString()} per request (${model.tier} tier, ${model.context} context).`;
}
