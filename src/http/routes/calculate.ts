/** GET /api/calculate: what a workload costs on one model or on up to 10. */
import * as z from 'zod';
import { calculateCost } from '../../core/cost.js';
import { endpoint, findModel } from '../endpoint.js';
import { asOf, modelAsOf } from '../as-of.js';
import { ApiError } from '../errors.js';
import { idList, text } from '../params.js';
import { jsonArrayText, jsonString } from '../json.js';
import { fullCostsText, jsonTextReply, listedModelFields } from '../present.js';
import {
  cachedInputTokens, daysPerMonth, inputTokens, mode, outputTokens, requestsPerDay, toWorkload, workloadEchoText,
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
    const mode = params.mode ?? 'standard';
    const { input_tokens, output_tokens, requests, days, cached_input_tokens } = params;
    const workload = toWorkload({ input_tokens, output_tokens, requests, days, mode, cached_input_tokens });
    // With as_of, each model is priced as it was that day, and the answer says which day.
    const date = params.as_of;
    // The model as the catalogue holds it, for its listed fields (a day's prices change only the
    // price fields, and the catalogue's object keeps its text cached: present.ts), and as priced.
    const priced = (id: string, param: string) => {
      const model = findModel(catalogue, id, param);
      return { model, priced: date === undefined ? model : modelAsOf(model, date, param).model };
    };
    if (params.model !== undefined && params.models !== undefined) {
      throw new ApiError(400, 'invalid_parameter', 'Give either model (one id) or models (a list), not both.', { param: 'models' });
    }
    // The answer's JSON text, written directly (present.ts): the day asked for, the workload echoed,
    // then the costs of one model or of each model asked for.
    const asOfText = date === undefined ? '' : `"as_of":${jsonString(date)},`;
    const workloadText = `"workload":${workloadEchoText(params, 'requests', requests, days, mode)}`;
    if (params.models !== undefined) {
      const models = params.models.map((id) => priced(id, 'models'));
      const results = jsonArrayText(models, (m) => `{${listedModelFields(m.model)},"costs":${fullCostsText(calculateCost(m.priced, workload))}}`);
      return jsonTextReply(`{${asOfText}${workloadText},"results":${results}}`);
    }
    if (params.model === undefined) {
      throw new ApiError(400, 'missing_parameter', 'model is required (a model id), or models (comma-separated ids).', { param: 'model' });
    }
    const { model, priced: asPriced } = priced(params.model, 'model');
    return jsonTextReply(`{"model":${jsonString(model.id)},${asOfText}${workloadText},"costs":${fullCostsText(calculateCost(asPriced, workload))}}`);
  },
});
