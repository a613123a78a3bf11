/**
 * OpenRouter activity (`GET /api/v1/activity`): `data[]` of `date`, `model_permaslug`,
 * `provider_name`, `prompt_tokens`, `completion_tokens`, `reasoning_tokens`, `requests`, `usage`.
 * Rules: `completion_tokens` includes `reasoning_tokens`; the permaslug is `vendor/model` (with a
 * dated suffix at times), matched as `vendor-model`; `usage` is the USD billed, kept as the
 * reported cost; `provider_name` is the seller of the row.
 */
import { count, cost, day, emptyRow, FieldError, isObject, readRows, type Parsed } from './rows.js';

export function parseOpenRouter(doc: Record<string, unknown>): Generator<void, Parsed> {
  return readRows('openrouter', (doc['data'] as unknown[]).entries(), ([i, item], n) => {
    const at = `data[${i}]`;
    if (!isObject(item)) throw new FieldError(at, `${at} must be an object`);
    const slug = item['model_permaslug'] ?? item['model'];
    if (typeof slug !== 'string' || slug === '')
      throw new FieldError(`${at}.model_permaslug`, `${at}.model_permaslug must be a model id`);
    const r = emptyRow(n, day(item['date'], `${at}.date`), slug);
    if (typeof item['provider_name'] === 'string') r.seller = item['provider_name'];
    r.inputTokens = count(item['prompt_tokens'], `${at}.prompt_tokens`);
    r.outputTokens = count(item['completion_tokens'], `${at}.completion_tokens`);
    r.reasoningTokens = count(item['reasoning_tokens'], `${at}.reasoning_tokens`);
    r.requests = count(item['requests'], `${at}.requests`);
    const reported = cost(item['usage'], `${at}.usage`);
    if (reported !== undefined) r.reportedCost = reported;
    return r;
  });
}
