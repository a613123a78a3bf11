/** GET /api/compare: 2 to 10 models side by side, with what the cheapest saves. */
import * as z from 'zod';
import { compareModels } from '../../core/compare.js';
import type { Model } from '../../core/catalogue-schema.js';
import type { Usd } from '../../core/money.js';
import { endpoint, findModel, requireParam } from '../endpoint.js';
import { idList } from '../params.js';
import { jsonArrayText, jsonString } from '../json.js';
import { fullCostsText, jsonTextReply, listedModelFields } from '../present.js';
import { cachedInputTokens, cachedPart, inputTokens, outputTokens, requestsPerDay, workloadEchoText } from '../workload.js';

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
    // The JSON text of {workload, comparison, summary}, written directly (present.ts).
    const workloadText = workloadEchoText(p, 'requests_per_day', p.requests_per_day, DAYS);
    const comparisonText = jsonArrayText(comparison, ({ model, costs }) => `{${listedModelFields(model)},"costs":${fullCostsText(costs)}}`);
    const { cheapest, mostExpensive, savings } = summary;
    const end = ({ model, monthly }: { model: Model; monthly: Usd }) => `{"id":${jsonString(model.id)},"name":${jsonString(model.name)},"monthly":${monthly.toString()}}`;
    const savingsText = `{"monthly":${savings.monthly.toString()},"yearly":${savings.yearly.toString()},"percent":${savings.percent}}`;
    const summaryText = `{"cheapest":${end(cheapest)},"mostExpensive":${end(mostExpensive)},"savings":${savingsText}}`;
    return jsonTextReply(`{"workload":${workloadText},"comparison":${comparisonText},"summary":${summaryText}}`);
  },
});
