/**
 * Recommendations: the models that fit every filter, ranked by the evidence. By
 * default the 0-100 score for the use case (overall without one), the lower cost per request
 * breaking ties; `sort=value` by score per dollar, `sort=cost` by cost (score, then ties, after).
 * With a use case only suited models (1-5 score >= 3) are kept; unrated models cannot be placed
 * and are counted as left out. `frontier` keeps only the models no other beats on both score and cost.
 */
import type { Model } from '../schema/catalogue-schema.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { legacyAmong, type RankFilters } from './cheapest.js';
import { columnFilters } from '../catalogue/filter-table.js';
import { compareTies } from './ties.js';
import {
  costsOf,
  newRequestCost,
  roundedCost,
  type CostsWithYear,
  type RequestCost,
  type Workload,
} from '../pricing/cost.js';
import { tableCostInto } from '../catalogue/price-table.js';
import { forEachEligible, type Excluded } from './eligible.js';
import { onFrontier } from './frontier.js';
import { Usd } from '../schema/money.js';
import { quantitiesOf } from '../pricing/quantities.js';
import { bandWords, longContextBand } from '../pricing/band-prices.js';
import type { ModelSheets } from '../pricing/price-sheet.js';
import { evidenceText, tradeOff } from '../quality/score-reason.js';
import type { ShownScore } from '../quality/evidence.js';
import { TopK, topK } from './top-k.js';

export const SORTS = ['score', 'value', 'cost'] as const;
export type Sort = (typeof SORTS)[number];

/** How a ranking by score weighs evidence: tiers (two or more results, then one, then stand-ins, by score within each) or any (score alone). */
export const EVIDENCE_ORDERS = ['tiers', 'any'] as const;
export type EvidenceOrder = (typeof EVIDENCE_ORDERS)[number];

export interface RecommendCriteria extends RankFilters {
  maxCostNanos?: bigint;
  /** Minimum 0-100 score for the use case (overall without one). */
  minScore?: number;
  sort?: Sort;
  /** With sort=score: tiers (default) ranks by evidence first (evidenceLevel), any by score alone. */
  evidence?: EvidenceOrder;
  /** Keep only models on the price-score frontier of those past the filters. */
  frontier?: boolean;
  /** The workload the costs are for (the ranking reads its cost per request). */
  workload: Workload;
  limit: number;
  /**
   * Prices model row `row` (of catalogue.rankable) into `out` instead of the price table, at the
   * catalogue's digits; false leaves the model out (sellers=: no allowed door runs it).
   * `counted` is false for a model ranked aside (countLegacy): what leaves it out is not counted.
   */
  costAt?: (row: number, out: RequestCost, counted: boolean) => boolean;
}

export interface Recommendation {
  rank: number;
  model: Model;
  /** The 0-100 score the model was ranked by, and the evidence behind it. */
  score: number;
  scoreDetail: ShownScore;
  costPerRequest: Usd;
  /** The yearly one at the prices of the day priced (a price schedule is the caller's: withYear). */
  costs: CostsWithYear;
  reason: string;
}

interface Candidate {
  model: Model;
  score: number;
  /** evidenceLevel: 0 two or more results, 1 one, 2 a stand-in. */
  level: number;
  /** The cost of a request in nano-dollars, rounded half up as shown (a bigint only past 2^52: roundedCost). */
  cost: number | bigint;
  exact: RequestCost;
}

const ORDER: Record<Sort | 'evidence', (a: Candidate, b: Candidate) => number> = {
  // By default a ranking by score goes in tiers of evidence (more results first), by score within each.
  evidence: (a, b) => a.level - b.level || b.score - a.score || cheaper(a, b) || compareTies(a.model, b.model),
  score: (a, b) => b.score - a.score || cheaper(a, b) || compareTies(a.model, b.model),
  // Score per dollar, compared without division: a.score / a.cost > b.score / b.cost. A free model is first.
  value: (a, b) => perDollar(a, b) || b.score - a.score || cheaper(a, b) || compareTies(a.model, b.model),
  cost: (a, b) => cheaper(a, b) || b.score - a.score || compareTies(a.model, b.model),
};

// A number and a bigint compare exactly with < and >.
const cheaper = (a: Candidate, b: Candidate) => (a.cost < b.cost ? -1 : a.cost > b.cost ? 1 : 0);

// Scores are 0-100: below this cost both products stay under 2^53, exact as numbers.
const EXACT_PRODUCT = 2 ** 46;

/** The sign of b.score × a.cost − a.score × b.cost, exactly. */
function perDollar(a: Candidate, b: Candidate): number {
  const [x, y] = [a.cost, b.cost];
  if (typeof x === 'number' && typeof y === 'number' && x < EXACT_PRODUCT && y < EXACT_PRODUCT)
    return Math.sign(b.score * x - a.score * y);
  const d = BigInt(b.score) * BigInt(x) - BigInt(a.score) * BigInt(y);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** One ranking's candidates: the models of the status asked, or (aside) those only the status filter leaves out. */
interface Lane {
  best: TopK<Candidate>;
  /** The frontier needs every candidate. */
  all: Candidate[] | undefined;
  /** Whether its unrated models are counted (those of the status asked). */
  counted: boolean;
}

/**
 * The ranking, how many models met the filters but could not be offered (unrated ones included),
 * and with countLegacy, how many legacy models the ranking with any status lists.
 */
export function recommendModels(
  catalogue: Catalogue,
  criteria: RecommendCriteria,
): { recommendations: Recommendation[]; excluded: Excluded; legacy: number } {
  const { useCase, maxCostNanos, minScore, limit, workload } = criteria;
  const q = quantitiesOf(workload);
  const digits = catalogue.priceDigits;
  const key = useCase ?? 'overall';
  const scores = catalogue.rankableScores[key];
  const levels = catalogue.rankableEvidence[key];
  // Each model is costed from its row of the catalogue's price table into one probe.
  const probe = newRequestCost();
  // Only models suited to the use case (score >= SUITED_SCORE) are kept, as cheapest does.
  const filters = columnFilters(criteria);
  const sort = criteria.sort ?? 'score';
  const tiered = sort === 'score' && criteria.evidence !== 'any';
  const order = ORDER[tiered ? 'evidence' : sort];
  const byScore = sort === 'score' && !criteria.frontier;
  // The frontier needs every candidate; otherwise a top-k keeps the best `limit`, and an object is
  // made only for a model it keeps (the others are tested in one reused candidate).
  const lane = (counted: boolean): Lane => ({
    best: new TopK<Candidate>(limit, order),
    all: criteria.frontier ? [] : undefined,
    counted,
  });
  const test: Candidate = { model: undefined as unknown as Model, score: 0, level: 0, cost: 0, exact: probe };
  let unrated = 0;
  const own = criteria.own;
  const offerTo = (l: Lane) => (model: Model, row: number) => {
    const { best, all } = l;
    const score = scores[row] as number;
    if (Number.isNaN(score)) {
      if (l.counted) unrated++;
      return;
    }
    if (minScore !== undefined && score < minScore) return;
    const level = levels[row] as number;
    // Ranked by score, a model below the k-th kept one (in a lower evidence tier, or scoring lower
    // in the same) cannot enter whatever it costs: it is not costed.
    if (byScore && best.items.length === limit) {
      const kth = best.items[limit - 1] as Candidate;
      const lower = tiered && level !== kth.level ? level > kth.level : score < kth.score;
      if (lower) return;
    }
    if (criteria.costAt) {
      if (!criteria.costAt(row, probe, l.counted)) return;
    } else if (own !== undefined) {
      const mine = own.of(model);
      tableCostInto(probe, catalogue.priceTable, row, mine.q, mine.workload);
    } else tableCostInto(probe, catalogue.priceTable, row, q, workload);
    const cost = roundedCost(probe, digits);
    if (maxCostNanos !== undefined && cost > maxCostNanos) return;
    if (all) {
      all.push({ model, score, level, cost, exact: { ...probe } });
      return;
    }
    test.model = model;
    test.score = score;
    test.level = level;
    test.cost = cost;
    if (best.admits(test)) best.add({ model, score, level, cost, exact: { ...probe } });
  };
  const kept = lane(true);
  const aside = criteria.countLegacy ? lane(false) : undefined;
  const excluded = forEachEligible(catalogue, filters, workload, criteria, offerTo(kept), aside && offerTo(aside));
  if (unrated) excluded.unrated = unrated;
  const ranked = kept.all ? topK(onFrontier(kept.all), limit, order) : kept.best.items;
  // The frontier with any status is that of both lanes' candidates.
  const legacy = !aside
    ? 0
    : kept.all && aside.all
      ? legacyAmong(onFrontier([...kept.all, ...aside.all]), [], limit, order)
      : legacyAmong(kept.best.items, aside.best.items, limit, order);
  const recommendations = ranked.map(({ model, score, cost, exact }, i) => {
    const usd = new Usd(BigInt(cost));
    const detail = catalogue.scoreDetails.get(model.id)![key]!;
    const above = ranked[i - 1];
    const versus = above
      ? ` Against #${i}: ${tradeOff(score, Number(cost), { score: above.score, cost: Number(above.cost) })}.`
      : '';
    // A prompt in a long-context band is billed at that band's prices: the reason names them.
    const band = bandWords(
      longContextBand(
        catalogue.sheets.get(model) as ModelSheets,
        own === undefined ? workload : own.of(model).workload,
      ),
    );
    const reason = `${evidenceText(useCase, detail, detail.from)}; $${usd.toString()} per request${band ? ` at ${band}` : ''} (${model.tier} tier, ${model.context} context).${versus}`;
    return {
      rank: i + 1,
      model,
      score,
      scoreDetail: detail,
      costPerRequest: usd,
      costs: costsOf(exact, digits, workload, true),
      reason,
    };
  });
  return { recommendations, excluded, legacy };
}
