/** GET /api/recommend: the best-suited models for a use case within tier, quality, cost and context limits. */
import * as z from 'zod';
import { TIERS, USE_CASES } from '../core/catalogue-schema.js';
import type { Catalogue } from '../core/catalogue.js';
import { displayUsd } from '../core/display-usd.js';
import { Usd } from '../core/money.js';
import { recommendModels, type RecommendCriteria, type Recommendation } from '../core/recommend.js';
import { endpoint } from './endpoint.js';
import { describeFilters, whyEmpty } from './hints.js';
import { choice, contextSize, integer, optionalInteger, statusFilter, usdAmount } from './params.js';
import { listed } from './present.js';
import { inputTokens, outputTokens, pricingOptions, toWorkload } from './workload.js';

const [BUDGET, MID, PREMIUM] = TIERS;

export const recommendQuery = z.object({
  use_case: choice(USE_CASES, 'What the model is for.', { long_context: 'long-context' }),
  budget: choice(TIERS, 'Tier: low or budget, mid or medium, high or premium.', {
    low: BUDGET, medium: MID, high: PREMIUM,
  }),
  quality: optionalInteger(1, 5, 'Minimum quality score, 1 to 5.'),
  max_cost: usdAmount('Maximum cost per request, USD.'),
  min_context: contextSize('Minimum context window in tokens (128000, 128K or 1M).'),
  input_tokens: inputTokens(1000),
  output_tokens: outputTokens(500),
  status: statusFilter('current'),
  limit: integer(1, 10, 5, 'Maximum number of results.'),
  off_peak_share: pricingOptions.off_peak_share,
  at: pricingOptions.at,
});

/** The core's criteria for the endpoint's parameters. */
export function recommendCriteria(p: z.output<typeof recommendQuery>): RecommendCriteria {
  // The shared workload reading checks off_peak_share and at (not both) and says when the requests run.
  const { timeOfDay } = toWorkload({ ...p, requests: 1, days: 1, mode: 'standard' });
  return {
    inputTokens: p.input_tokens,
    outputTokens: p.output_tokens,
    limit: p.limit,
    ...(p.use_case ? { useCase: p.use_case } : {}),
    ...(p.budget ? { tier: p.budget } : {}),
    ...(p.quality !== undefined ? { minQuality: p.quality } : {}),
    ...(p.max_cost !== undefined ? { maxCostNanos: p.max_cost } : {}),
    ...(p.min_context !== undefined ? { minContext: p.min_context } : {}),
    ...(p.status === 'all' ? {} : { status: p.status }),
    ...(timeOfDay ? { timeOfDay } : {}),
  };
}

type RecommendParams = z.output<typeof recommendQuery>;

// In the order recommendModels narrows the candidates (status, current by default, is tried first: see whyEmpty).
const FILTERS = ['status', 'use_case', 'budget', 'quality', 'min_context', 'max_cost'] as const;

const present = ({ rank, model, costPerRequest, reason }: Recommendation) => ({
  rank,
  ...listed(model),
  quality: model.quality,
  context: model.context,
  costPerRequest,
  reason,
});

/** Why no model is left (see whyEmpty), and the best one without the filter to blame. */
function emptyHint(p: RecommendParams, catalogue: Catalogue) {
  const why = whyEmpty(p, FILTERS, (q) => recommendModels(catalogue, { ...recommendCriteria(q), limit: 1 })[0]);
  if (why === undefined) return undefined;
  const { model, costPerRequest } = why.nearest;
  const raise = why.without.length === 1 && why.param === 'max_cost' ? ` A max_cost of ${costPerRequest.toString()} or more returns it.` : '';
  return {
    param: why.param,
    message: `No model meets ${describeFilters(p, FILTERS, why.without)}. Without ${why.without.join(' and ')}, the best is ${model.name} (${model.id}) at ${displayUsd(costPerRequest)} a request.${raise}`,
    without: why.without,
    nearest: present(why.nearest),
  };
}

export const recommend = endpoint({
  path: '/api/recommend',
  summary: 'Recommended models: suitability and quality first, then cost',
  query: recommendQuery,
  handle: (p, { catalogue }) => {
    const recommendations = recommendModels(catalogue, recommendCriteria(p)).map(present);
    const hint = recommendations.length > 0 ? undefined : emptyHint(p, catalogue);
    return {
      criteria: {
        use_case: p.use_case ?? null,
        budget: p.budget ?? null,
        quality: p.quality ?? null,
        max_cost: p.max_cost === undefined ? null : new Usd(p.max_cost),
        min_context: p.min_context ?? null,
        input_tokens: p.input_tokens,
        output_tokens: p.output_tokens,
        status: p.status,
        limit: p.limit,
        ...(p.off_peak_share === undefined ? {} : { off_peak_share: p.off_peak_share }),
        ...(p.at === undefined ? {} : { at: p.at.text }),
      },
      recommendations,
      ...(hint ? { hint } : {}),
    };
  },
});
