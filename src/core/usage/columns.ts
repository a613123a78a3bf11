/** A common row back in this service's own columns (format `rows`): what the site sends of a file it read. */
import type { UsageRow } from './rows.js';

export function toColumns(r: UsageRow): Record<string, string | number> {
  const out: Record<string, string | number> = { date: r.date, model: r.model ?? '' };
  if (r.endDate !== undefined) out.end_date = r.endDate;
  if (r.seller !== undefined) out.seller = r.seller;
  const counts: Array<[string, number]> = [
    ['input_tokens', r.inputTokens],
    ['output_tokens', r.outputTokens],
    ['cached_input_tokens', r.cachedInputTokens],
    ['cache_write_tokens', r.cacheWrite5mTokens],
    ['cache_write_1h_tokens', r.cacheWrite1hTokens],
    ['reasoning_tokens', r.reasoningTokens],
    ['input_audio_tokens', r.inputAudioTokens],
    ['output_audio_tokens', r.outputAudioTokens],
    ['web_searches', r.webSearches],
  ];
  for (const [k, v] of counts) if (v) out[k] = v;
  if (r.requests !== undefined) out.requests = r.requests;
  if (r.batch) out.mode = 'batch';
  if (r.serviceTier !== undefined) out.service_tier = r.serviceTier;
  if (r.reportedCost !== undefined) out.cost = r.reportedCost;
  return out;
}
