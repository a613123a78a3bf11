/** GET /api/compare: 2 to 10 models side by side, with what the cheapest saves. */
import { z } from 'zod';
import { compareModels } from '../../core/compare.js';
import { jsonAmount } from '../../core/money.js';
import { endpoint, findModel, requireParam } from '../endpoint.js';
import { idList } from '../params.js';
import { fullCosts, modelSummary } from '../present.js';
import { cachedEcho, cachedInputTokens, cachedPart, inputTokens, outputTokens, requestsPerDay } from '../workload.js';

const DAYS = 30;

export const compareQuery = z.object({
  models: idList(2, 10, 'Comma-separated model ids, 2 to 10.'),
  input_tokens: inputTokens(1000),
  output_tokens: outputTokens(500),
  requests_per_day: requestsPerDay(1000),
  cached_input_tokens: cachedInputTokens,
});

export const compare = endpoint({
  path: '/api/compare',
  summary: 'Compare 2 to 10 models on one workload (30 days a month)',
  query: compareQuery,
  handle: (p, { catalogue }) => {
    const ids = requireParam(p.models, 'models', '2 to 10 comma-separated model ids');
    const models = ids.map((id) => findModel(catalogue, id, 'models'));
    const workload = {
      inputTokens: p.input_tokens, outputTokens: p.output_tokens, requests: p.requests_per_day, days: DAYS, mode: 'standard' as const,
      ...cachedPart(p.input_tokens, p.cached_input_tokens),
    };
    const { comparison, summary } = compareModels(models, workload);
    return {
      json: {
        workload: {
          input_tokens: p.input_tokens, ...cachedEcho(p.cached_input_tokens), output_tokens: p.output_tokens,
          requests_per_day: p.requests_per_day, days: DAYS,
        },
        comparison: comparison.map(({ model, costs }) => ({ ...modelSummary(model), costs: fullCosts(costs) })),
        summary: {
          cheapest: { id: summary.cheapest.model.id, name: summary.cheapest.model.name, monthly: jsonAmount(summary.cheapest.monthly) },
          mostExpensive: { id: summary.mostExpensive.model.id, name: summary.mostExpensive.model.name, monthly: jsonAmount(summary.mostExpensive.monthly) },
          savings: { monthly: jsonAmount(summary.savings.monthly), yearly: jsonAmount(summary.savings.yearly), percent: summary.savings.percent },
        },
      },
    };
  },
});
