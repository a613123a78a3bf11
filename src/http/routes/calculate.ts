/** GET /api/calculate: what a workload costs on one model or on up to 10. */
import { z } from 'zod';
import { calculateCost } from '../../core/cost.js';
import { endpoint, findModel } from '../endpoint.js';
import { asOf, modelAsOf } from '../as-of.js';
import { ApiError } from '../errors.js';
import { idList, text } from '../params.js';
import { fullCosts, modelSummary } from '../present.js';
import {
  cachedEcho, cachedInputTokens, daysPerMonth, inputTokens, mode, outputTokens, requestsPerDay, toWorkload,
} from '../workload.js';

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
    const workloadEcho = {
      input_tokens: params.input_tokens,
      ...cachedEcho(params.cached_input_tokens),
      output_tokens: params.output_tokens,
      requests: params.requests,
      days: params.days,
      mode: params.mode ?? 'standard',
    };
    const workload = toWorkload(workloadEcho);
    // With as_of, each model is priced as it was that day, and the answer says which day.
    const date = params.as_of;
    const priced = (id: string, param: string) => {
      const model = findModel(catalogue, id, param);
      return date === undefined ? model : modelAsOf(model, date, param).model;
    };
    const asOfEcho = date === undefined ? {} : { as_of: date };
    if (params.model !== undefined && params.models !== undefined) {
      throw new ApiError(400, 'invalid_parameter', 'Give either model (one id) or models (a list), not both.', { param: 'models' });
    }
    if (params.models !== undefined) {
      const models = params.models.map((id) => priced(id, 'models'));
      return {
        json: {
          ...asOfEcho,
          workload: workloadEcho,
          results: models.map((m) => ({ ...modelSummary(m), costs: fullCosts(calculateCost(m, workload)) })),
        },
      };
    }
    if (params.model === undefined) {
      throw new ApiError(400, 'missing_parameter', 'model is required (a model id), or models (comma-separated ids).', { param: 'model' });
    }
    const model = priced(params.model, 'model');
    return { json: { model: model.id, ...asOfEcho, workload: workloadEcho, costs: fullCosts(calculateCost(model, workload)) } };
  },
});
