/** GET /api/calculate: what a workload costs on one model or on up to 10. */
import * as z from 'zod';
import { calculateCost } from '../core/cost.js';
import { asOf, modelAsOf } from './as-of.js';
import { endpoint, findModel } from './endpoint.js';
import { ApiError } from './errors.js';
import { idList, text } from './params.js';
import { listed } from './present.js';
import {
  cachedInputTokens, daysPerMonth, inputTokens, mode, outputTokens, requestsPerDay, toWorkload, workloadEcho,
} from './workload.js';

export const calculateQuery = z.object({
  model: text('Model id (required unless models is given).'),
  models: idList(1, 10, 'Comma-separated model ids, at most 10 (instead of model).'),
  input_tokens: inputTokens(2000),
  output_tokens: outputTokens(500),
  requests: requestsPerDay(1000),
  days: daysPerMonth,
  mode,
  cached_input_tokens: cachedInputTokens,
  as_of: asOf,
});

export const calculate = endpoint({
  path: '/api/calculate',
  summary: 'Cost of a workload on one model (model) or several (models)',
  query: calculateQuery,
  handle: (params, { catalogue }) => {
    const mode = params.mode ?? 'standard';
    const { input_tokens, output_tokens, requests, days, cached_input_tokens } = params;
    const workload = toWorkload({ input_tokens, output_tokens, requests, days, mode, cached_input_tokens });
    // With as_of, each model is priced as it was that day, and the answer says which day.
    const date = params.as_of;
    const costsOf = (id: string, param: string) => {
      const model = findModel(catalogue, id, param);
      return { model, costs: calculateCost(date === undefined ? model : modelAsOf(model, date, param).model, workload) };
    };
    if (params.model !== undefined && params.models !== undefined) {
      throw new ApiError(400, 'invalid_parameter', 'Give either model (one id) or models (a list), not both.', { param: 'models' });
    }
    const head = { ...(date === undefined ? {} : { as_of: date }), workload: workloadEcho(params, 'requests', requests, days, mode) };
    if (params.models !== undefined) {
      const results = params.models.map((id) => {
        const { model, costs } = costsOf(id, 'models');
        return { ...listed(model), costs };
      });
      return { ...head, results };
    }
    if (params.model === undefined) {
      throw new ApiError(400, 'missing_parameter', 'model is required (a model id), or models (comma-separated ids).', { param: 'model' });
    }
    const { model, costs } = costsOf(params.model, 'model');
    return { model: model.id, ...head, costs };
  },
});
