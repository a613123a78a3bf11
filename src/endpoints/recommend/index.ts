/** GET /api/recommend: the best-suited models for a use case within tier, quality, cost and context limits. */
import * as z from 'zod';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { CostsWithYear, Workload } from '../../core/pricing/cost.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { Usd } from '../../core/schema/money.js';
import {
  EVIDENCE_ORDERS,
  recommendModels,
  SORTS,
  type RecommendCriteria,
  type Recommendation,
} from '../../core/advice/recommend.js';
import type { Excluded } from '../../core/advice/eligible.js';
import type { DoorCost } from '../../core/offers/rank.js';
import { scoreBasis } from '../../core/quality/scores.js';
import { endpoint, namedJson } from '../endpoint.js';
import { describeFilters, emptyRankingHint, type EmptyHint } from '../hints.js';
import { pricedToday } from '../../core/advice/as-priced.js';
import { choiceOr, flag, optionalInteger, statusFilter, usdAmount } from '../params.js';
import {
  either,
  fallbackEcho,
  rankedItem,
  rankFilters,
  rankFiltersOf,
  tierChoice,
  withYear,
  rankingEnd,
} from '../ranking.js';
import { ownTokens, tokensOn, toWorkload, workloadEcho, workloadOn, workloadQuery } from '../workload.js';
import type { OwnTokens } from '../../core/pricing/tokenizers.js';
import { cheaperDoors, sellersParam, withDoor } from '../sellers.js';
import { recommendAtDoors } from '../../core/advice/at-doors.js';
import { rankedAt } from '../region.js';

const { use_case: useCase, ...otherFilters } = rankFilters;

export const recommendQuery = z.object({
  use_case: useCase,
  budget: tierChoice(
    "The spec's name for the tier: low or budget, mid or medium, high or premium (the same as tier; for money, use max_cost).",
    ' (a tier here; for a limit in USD, use max_cost per request)',
  ),
  quality: optionalInteger(1, 5, "The spec's name for the minimum quality score, 1 to 5 (the same as min_quality)."),
  max_cost: usdAmount('Maximum cost per request, USD.'),
  min_score: optionalInteger(
    0,
    100,
    'Minimum 0-100 benchmark score for the use case (overall without one); min_quality is the 1-5 scale.',
  ),
  sort: choiceOr(
    SORTS,
    'score',
    'Order: score (the 0-100 score for the use case, cost breaking ties), value (score per dollar of the workload) or cost (cheapest first among the models past the filters).',
  ),
  evidence: choiceOr(
    EVIDENCE_ORDERS,
    'tiers',
    'With sort=score: tiers (default) ranks models with two or more results for the use case first, then those with one, then those whose overall score stands in, by score within each; any ranks by score alone.',
  ),
  frontier: flag(
    'Keep only models on the price-score frontier: no other model past the filters is both cheaper (or as cheap) and better (or as good); cheaper by the monthly cost at the prices of pricedOn (today).',
  ),
  ...workloadQuery({ input: 1000, output: 500 }),
  ...otherFilters,
  status: statusFilter('current'),
  sellers: sellersParam,
});

type RecommendParams = z.output<typeof recommendQuery>;

// What each sort orders by (never the yearly cost).
const RANKED_BY: Record<RecommendParams['sort'], string> = {
  score: 'score',
  value: 'scorePerDollar',
  cost: 'costs.monthly',
};

const tierOf = (p: RecommendParams) => either({ name: 'budget', value: p.budget }, { name: 'tier', value: p.tier });
const minQualityOf = (p: RecommendParams) =>
  either({ name: 'quality', value: p.quality }, { name: 'min_quality', value: p.min_quality });

/** The core's criteria for the endpoint's parameters. */
export function recommendCriteria(p: RecommendParams, workload: Workload, own?: OwnTokens): RecommendCriteria {
  const criteria: RecommendCriteria = Object.assign(rankFiltersOf(p, tierOf(p), minQualityOf(p)), {
    workload,
    limit: p.limit,
    sort: p.sort,
    evidence: p.evidence,
    frontier: p.frontier,
  });
  if (own) criteria.own = own;
  if (p.max_cost !== undefined) criteria.maxCostNanos = p.max_cost;
  if (p.min_score !== undefined) criteria.minScore = p.min_score;
  return criteria;
}

// In the order recommendModels narrows the candidates (status, current by default, is tried first: see whyEmpty).
const FILTERS = [
  'status',
  'use_case',
  'budget',
  'tier',
  'quality',
  'min_quality',
  'min_score',
  'min_context',
  'max_cost',
] as const;

/**
 * A recommendation as the answer lists it: rankedItem's item with the score, costs, prices and
 * reason added to it in place (see rankedItem), in the answer's order.
 */
function presentItem(
  catalogue: Catalogue,
  own: OwnTokens | undefined,
  given: Workload,
  { rank, model, score, scoreDetail, costPerRequest, reason }: Recommendation,
  costs: CostsWithYear,
  scoreOf: string,
  date?: string,
) {
  const { item, appliedPrices } = rankedItem(catalogue, model, workloadOn(own, given, model), rank, date);
  if (own) Object.assign(item, tokensOn(own, model));
  return Object.assign(item, { score, scoreOf }, scoreDetail.fromOverall ? { scoreFromOverall: true as const } : {}, {
    scoreBasis: scoreBasis(scoreDetail),
    scoreEvidence: scoreDetail.shown,
    // Score per dollar of the workload's monthly cost (sort=value ranks by it), to three significant
    // digits so that it sorts as the ranking does at any cost; null when it costs nothing.
    scorePerDollar:
      costs.monthly.nanos === 0n ? null : Number(((score * 1e9) / Number(costs.monthly.nanos)).toPrecision(3)),
    quality: model.quality,
    context: model.context,
    costPerRequest,
    costs,
    appliedPrices,
    reason:
      item.priceChange === undefined
        ? reason
        : `${reason} Its price ${item.priceChange}; these costs are at the prices of ${date}.`,
  });
}

type Ranking = (p: RecommendParams) => {
  recommendations: Array<Recommendation & { at?: DoorCost }>;
  excluded: Excluded;
  notSold?: number;
  legacy: number;
};

/** An empty answer's words (see whyEmpty): the filter to blame, and the best model without it at its door if any. */
const says =
  (p: RecommendParams) =>
  ({ param, without, nearest: { model, costPerRequest, at } }: EmptyHint<Recommendation & { at?: DoorCost }>) => {
    const raise =
      without.length === 1 && param === 'max_cost'
        ? ` A max_cost of ${costPerRequest.toString()} or more returns it.`
        : '';
    return `No model meets ${describeFilters(p, FILTERS, without)}. Without ${without.join(' and ')}, the best is ${model.name} (${at?.door.id ?? model.id}) at ${displayUsd(costPerRequest)} a request.${raise}`;
  };

export const recommend = endpoint({
  path: '/api/recommend',
  summary:
    'Recommended models that can run the workload, ranked by their benchmark score (or score per dollar, or cost), with the evidence',
  response: {
    description: 'Recommended models, best first.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { RecommendResponse: r.recommendResponseSchema } })) },
  },
  tool: {
    name: 'recommend_models',
    description: 'The models best suited to a use case within tier, quality, cost and context limits',
  },
  commands: [
    {
      name: 'recommend',
      summary: 'Recommended models for a use case, ranked by benchmark score (or --sort value|cost), with the evidence',
    },
  ],
  query: recommendQuery,
  handle: (p, ctx) => {
    // Priced on the answer's day: a scheduled change that has started is in the prices ranked.
    const { today } = ctx;
    const catalogue = pricedToday(ctx);
    const workload = toWorkload(p);
    // counted_with: each model is priced, screened and ranked on the workload in its own tokens.
    const own = ownTokens(p, workload);
    const criteria = recommendCriteria(p, workload, own);
    // One ranking for the answer and for the hint's nearest model.
    const { region, allowed } = rankedAt(catalogue, p);
    const rank: Ranking = (q) => {
      const c = q === p ? criteria : recommendCriteria(q, workload, own);
      return allowed ? recommendAtDoors(catalogue, c, allowed, region) : recommendModels(catalogue, c);
    };
    const cheaperAt = cheaperDoors(catalogue, workload, own);
    const present = (r: Recommendation & { at?: DoorCost }) => {
      const mine = workloadOn(own, workload, r.model);
      const costs = withYear(r, mine, today);
      return withDoor(
        cheaperAt,
        mine,
        presentItem(catalogue, own, workload, r, costs, p.use_case ?? 'overall', today),
        r,
      );
    };
    const ranking = rank(p);
    return {
      criteria: {
        use_case: p.use_case ?? null,
        budget: criteria.tier ?? null,
        tier: criteria.tier ?? null,
        quality: criteria.minQuality ?? null,
        min_quality: criteria.minQuality ?? null,
        min_score: p.min_score ?? null,
        sort: p.sort,
        evidence: p.evidence,
        frontier: p.frontier,
        max_cost: p.max_cost === undefined ? null : new Usd(p.max_cost),
        min_context: p.min_context ?? null,
        include_free_tier: p.include_free_tier,
        ...fallbackEcho(p),
        input_tokens: p.input_tokens,
        output_tokens: p.output_tokens,
        status: p.status,
        limit: p.limit,
        ...(p.off_peak_share === undefined ? {} : { off_peak_share: p.off_peak_share }),
        ...(p.at === undefined ? {} : { at: p.at.text }),
      },
      workload: workloadEcho(p),
      pricedOn: today,
      rankedBy: RANKED_BY[p.sort],
      recommendations: ranking.recommendations.map(present),
      // The nearest model: what the same ranking lists first without the filter to blame, as the answer's items are.
      ...rankingEnd(p, ranking, ranking.recommendations.length, catalogue, workload, () =>
        emptyRankingHint(
          p,
          FILTERS,
          (q) => rank({ ...q, limit: 1 }).recommendations[0],
          present,
          says(p),
          catalogue,
          workload,
        ),
      ),
    };
  },
});
