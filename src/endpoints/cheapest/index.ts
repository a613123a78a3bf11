/** GET /api/cheapest: the models that can run a workload for the least money. */
import * as z from 'zod';
import { findCheapest, type CheapestOptions, type Ranked } from '../../core/advice/cheapest.js';
import type { Excluded } from '../../core/advice/eligible.js';
import type { DoorCost } from '../../core/offers/rank.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { Usd } from '../../core/schema/money.js';
import { endpoint, namedJson } from '../endpoint.js';
import { describeFilters, emptyRankingHint, type EmptyHint } from '../hints.js';
import { pricedToday } from '../../core/advice/as-priced.js';
import { choice, statusFilter, usdAmount } from '../params.js';
import { fallbackEcho, rankedItem, rankFilters, rankFiltersOf, rankingEnd, withYear } from '../ranking.js';
import { ownTokens, tokensOn, toWorkload, workloadEcho, workloadOn, workloadQuery } from '../workload.js';
import { atDoor, cheaperDoors, sellersParam } from '../sellers.js';
import { cheapestAtDoors } from '../../core/advice/at-doors.js';
import { rankedAt } from '../region.js';

export const cheapestQuery = z.object({
  ...workloadQuery({ input: 2000, output: 500 }),
  budget: usdAmount('Maximum monthly cost in USD; dearer models are left out.'),
  quality: choice(
    ['high', 'budget'] as const,
    "The spec's tier band: high keeps Mid and Premium models, budget keeps Budget ones (for a minimum quality score, use min_quality).",
    {},
    ' (a tier band here; for a minimum quality score 1 to 5, use min_quality)',
  ),
  ...rankFilters,
  status: statusFilter('current'),
  sellers: sellersParam,
});

type CheapestParams = z.output<typeof cheapestQuery>;

/** The core's options for the endpoint's parameters. */
export function cheapestOptions(p: CheapestParams): CheapestOptions {
  // Set field by field, not spread (see rankedItem).
  const options: CheapestOptions = Object.assign(rankFiltersOf(p, p.tier, p.min_quality), { limit: p.limit });
  if (p.budget !== undefined) options.budgetNanos = p.budget;
  if (p.quality) options.quality = p.quality;
  return options;
}

// In the order they narrow the candidates (status, current by default, is tried first: see whyEmpty).
const FILTERS = ['status', 'use_case', 'quality', 'tier', 'min_quality', 'min_context', 'budget'] as const;

type Ranking = (p: CheapestParams) => {
  ranked: Array<Ranked & { at?: DoorCost }>;
  excluded: Excluded;
  notSold?: number;
  legacy: number;
};

/** An empty answer's words (see whyEmpty): the filter to blame, and the cheapest model without it at its door if any. */
const says =
  (p: CheapestParams) =>
  ({ param, without, nearest: { model, costs, at } }: EmptyHint<Ranked & { at?: DoorCost }>) => {
    const raise =
      without.length === 1 && param === 'budget' ? ` A budget of ${costs.monthly.toString()} or more returns it.` : '';
    return `No model meets ${describeFilters(p, FILTERS, without)} for this workload. Without ${without.join(' and ')}, the cheapest is ${model.name} (${at?.door.id ?? model.id}) at ${displayUsd(costs.monthly)} a month.${raise}`;
  };

export const cheapest = endpoint({
  path: '/api/cheapest',
  summary: 'The cheapest models that can run a workload',
  response: {
    description: 'The cheapest models for the workload, cheapest first.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { CheapestResponse: r.cheapestResponseSchema } })) },
  },
  tool: {
    name: 'find_cheapest',
    description: 'The cheapest models that can run a workload, for the days a month given (30 by default)',
  },
  commands: [{ name: 'cheapest', summary: 'The cheapest models that can run a workload' }],
  query: cheapestQuery,
  handle: (p, ctx) => {
    // Priced on the answer's day: a scheduled change that has started is in the prices ranked.
    const { today } = ctx;
    const catalogue = pricedToday(ctx);
    const workload = toWorkload(p);
    // counted_with: each model is priced, screened and ranked on the workload in its own tokens.
    const own = ownTokens(p, workload);
    const optionsOf = (q: CheapestParams) => {
      const options = cheapestOptions(q);
      if (own) options.own = own;
      return options;
    };
    // One ranking for the answer and for the hint's nearest model.
    const { region, allowed } = rankedAt(catalogue, p);
    const rank: Ranking = (q) =>
      allowed
        ? cheapestAtDoors(catalogue, workload, optionsOf(q), allowed, region)
        : findCheapest(catalogue, workload, optionsOf(q));
    const cheaperAt = cheaperDoors(catalogue, workload, own);
    // An item as the answer lists it, added to in place (see rankedItem): at a door, its seller and prices; else cheaperAt where a direct door is cheaper.
    const present = (r: Ranked & { at?: DoorCost }, place?: number) => {
      const mine = workloadOn(own, workload, r.model);
      const { item, appliedPrices } = rankedItem(catalogue, r.model, mine, place, today);
      if (own) Object.assign(item, tokensOn(own, r.model));
      const costs = withYear(r, mine, today);
      if (r.at) return atDoor(item, r.at, mine, costs);
      const cheaper = cheaperAt(r.model, r.costs.monthly);
      return Object.assign(item, { costs, appliedPrices }, cheaper ? { cheaperAt: cheaper } : {});
    };
    const ranking = rank(p);
    return {
      pricedOn: today,
      rankedBy: 'costs.monthly',
      workload: workloadEcho(p),
      filters: {
        budget: p.budget === undefined ? null : new Usd(p.budget),
        use_case: p.use_case ?? null,
        quality: p.quality ?? null,
        tier: p.tier ?? null,
        min_quality: p.min_quality ?? null,
        min_context: p.min_context ?? null,
        include_free_tier: p.include_free_tier,
        ...fallbackEcho(p),
        status: p.status,
        limit: p.limit,
      },
      recommendations: ranking.ranked.map((r) => present(r, r.rank)),
      // The nearest model: what the same ranking lists first without the filter to blame, as the answer's items are, without a rank.
      ...rankingEnd(p, ranking, ranking.ranked.length, catalogue, workload, () =>
        emptyRankingHint(p, FILTERS, (q) => rank({ ...q, limit: 1 }).ranked[0], present, says(p), catalogue, workload),
      ),
    };
  },
});
