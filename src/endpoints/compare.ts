/** GET /api/compare: 2 to 10 models side by side, with what the cheapest saves. */
import * as z from 'zod';
import { compareModels } from '../core/compare.js';
import { appliedPricesOf } from './applied-prices.js';
import { endpoint, findModels, requestedAs, requireParam } from './endpoint.js';
import { idList } from './params.js';
import { listed } from './present.js';
import { inputTokens, outputTokens, pricingOptions, requestsPerDay, toWorkload, workloadEcho } from './workload.js';

const DAYS = 30;

export const compareQuery = z.object({
  models: idList(2, 10, 'Comma-separated model ids (or aliases), 2 to 10.'),
  input_tokens: inputTokens(1000),
  output_tokens: outputTokens(500),
  requests_per_day: requestsPerDay(1000),
  ...pricingOptions,
});

export const compare = endpoint({
  path: '/api/compare',
  summary: 'Compare 2 to 10 models on one workload (30 days a month)',
  query: compareQuery,
  handle: (p, { catalogue }) => {
    const ids = requireParam(p.models, 'models', '2 to 10 model ids separated by commas');
    const models = findModels(catalogue, ids, 'models');
    const workload = toWorkload({ ...p, requests: p.requests_per_day, days: DAYS, mode: 'standard' });
    const { comparison, summary } = compareModels(models, workload);
    const end = ({ model, monthly }: (typeof summary)['cheapest']) => ({ id: model.id, name: model.name, monthly });
    return {
      workload: workloadEcho(p, 'requests_per_day', p.requests_per_day, DAYS),
      comparison: comparison.map(({ model, costs }, i) => ({
        ...listed(model),
        ...requestedAs(ids[i] ?? model.id, model),
        costs,
        appliedPrices: appliedPricesOf(model, workload),
      })),
      summary: { cheapest: end(summary.cheapest), mostExpensive: end(summary.mostExpensive), savings: summary.savings },
    };
  },
});
