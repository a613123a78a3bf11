/** GET /api/cheapest: the models that run a workload for the least money. */
import * as z from 'zod';
import { CHEAPEST_USE_CASES } from '../core/catalogue-schema.js';
import type { Catalogue } from '../core/catalogue.js';
import { findCheapest, type CheapestOptions } from '../core/cheapest.js';
import type { Costs, Workload } from '../core/cost.js';
import { displayUsd } from '../core/display-usd.js';
import { Usd } from '../core/money.js';
import { appliedPricesOf } from './applied-prices.js';
import { endpoint } from './endpoint.js';
import { describeFilters, whyEmpty } from './hints.js';
import { choice, integer, statusFilter, usdAmount } from './params.js';
import { listed } from './present.js';
import { inputTokens, outputTokens, pricingOptions, requestsPerDay, toWorkload, workloadEcho } from './workload.js';

const DAYS = 30;

export const cheapestQuery = z.object({
  input_tokens: inputTokens(2000),
  output_tokens: outputTokens(500),
  requests: requestsPerDay(1000),
  budget: usdAmount('Maximum monthly cost in USD; dearer models are left out.'),
  use_case: choice(CHEAPEST_USE_CASES, 'Keep only models suited to this use case (use-case score of 3 or more).'),
  quality: choice(['high', 'budget'] as const, 'high keeps Mid and Premium models, budget keeps Budget ones.'),
  status: statusFilter('current'),
  limit: integer(1, 10, 5, 'Maximum number of results.'),
  ...pricingOptions,
});

/** The core's options for the endpoint's parameters. */
export function cheapestOptions(p: z.output<typeof cheapestQuery>): CheapestOptions {
  return {
    limit: p.limit,
    ...(p.budget !== undefined ? { budgetNanos: p.budget } : {}),
    ...(p.use_case ? { useCase: p.use_case } : {}),
    ...(p.quality ? { quality: p.quality } : {}),
    ...(p.status === 'all' ? {} : { status: p.status }),
  };
}

// In the order they narrow the candidates (status, current by default, is tried first: see whyEmpty).
const FILTERS = ['status', 'use_case', 'quality', 'budget'] as const;

/** Why no model is left (see whyEmpty), and the cheapest one without the filter to blame. */
function emptyHint(p: z.output<typeof cheapestQuery>, catalogue: Catalogue, workload: Workload) {
  const why = whyEmpty(p, FILTERS, (q) => findCheapest(catalogue, workload, { ...cheapestOptions(q), limit: 1 })[0]);
  if (why === undefined) return undefined;
  const { model, costs } = why.nearest;
  const monthly = displayUsd(costs.monthly);
  const raise = why.without.length === 1 && why.param === 'budget' ? ` A budget of ${costs.monthly.toString()} or more returns it.` : '';
  return {
    param: why.param,
    message: `No model meets ${describeFilters(p, FILTERS, why.without)} for this workload. Without ${why.without.join(' and ')}, the cheapest is ${model.name} (${model.id}) at ${monthly} a month.${raise}`,
    without: why.without,
    nearest: { ...listed(model), costs: monthlyCosts(costs), appliedPrices: appliedPricesOf(model, workload) },
  };
}

const monthlyCosts = (costs: Costs) => ({ perRequest: costs.perRequest, daily: costs.daily, monthly: costs.monthly });

export const cheapest = endpoint({
  path: '/api/cheapest',
  summary: 'The cheapest models for a workload (30 days a month)',
  query: cheapestQuery,
  handle: (p, { catalogue }) => {
    const workload = toWorkload({ ...p, days: DAYS, mode: 'standard' });
    const ranked = findCheapest(catalogue, workload, cheapestOptions(p));
    const hint = ranked.length > 0 ? undefined : emptyHint(p, catalogue, workload);
    return {
      workload: workloadEcho(p, 'requests', p.requests, DAYS),
      filters: {
        budget: p.budget === undefined ? null : new Usd(p.budget),
        use_case: p.use_case ?? null,
        quality: p.quality ?? null,
        status: p.status,
        limit: p.limit,
      },
      recommendations: ranked.map(({ rank, model, costs }) => ({
        rank,
        ...listed(model),
        costs: monthlyCosts(costs),
        appliedPrices: appliedPricesOf(model, workload),
      })),
      ...(hint ? { hint } : {}),
    };
  },
});
