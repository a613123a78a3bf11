/**
 * Anthropic Admin API `usage_report/messages`: `data[]` buckets (`starting_at`, `ending_at`, ISO
 * times) with `results[]` of `model`, `uncached_input_tokens`, `cache_creation.ephemeral_5m_input_tokens`
 * and `.ephemeral_1h_input_tokens`, `cache_read_input_tokens`, `output_tokens`,
 * `server_tool_use.web_search_requests`, `service_tier`, `context_window`. Rules: the four input
 * counts are disjoint, so the row's input is their sum; `service_tier: "batch"` is priced in batch
 * mode; `context_window: "200k-1M"` is priced at the long-context band. No cost is reported.
 */
import { bucketRows, count, day, isObject, type Parsed } from './rows.js';

/** The input a row of the 200k-1M window is priced as (per request): past every 200K threshold. */
export const LONG_CONTEXT_INPUT = 200_001;

export function* parseAnthropic(doc: Record<string, unknown>): Generator<void, Parsed> {
  return yield* bucketRows(doc, 'anthropic', 'starting_at', (r, res, bucket, at, i) => {
    if (typeof bucket['ending_at'] === 'string') {
      const end = new Date(bucket['ending_at']).getTime();
      if (Number.isFinite(end)) {
        const last = day(end / 1000 - 1, `data[${i}].ending_at`);
        if (last > r.date) r.endDate = last;
      }
    }
    const creation = isObject(res['cache_creation']) ? res['cache_creation'] : {};
    const uncached = count(res['uncached_input_tokens'], `${at}.uncached_input_tokens`);
    r.cacheWrite5mTokens = count(
      creation['ephemeral_5m_input_tokens'],
      `${at}.cache_creation.ephemeral_5m_input_tokens`,
    );
    r.cacheWrite1hTokens = count(
      creation['ephemeral_1h_input_tokens'],
      `${at}.cache_creation.ephemeral_1h_input_tokens`,
    );
    r.cachedInputTokens = count(res['cache_read_input_tokens'], `${at}.cache_read_input_tokens`);
    r.inputTokens = uncached + r.cacheWrite5mTokens + r.cacheWrite1hTokens + r.cachedInputTokens;
    r.outputTokens = count(res['output_tokens'], `${at}.output_tokens`);
    const tools = isObject(res['server_tool_use']) ? res['server_tool_use'] : {};
    r.webSearches = count(tools['web_search_requests'], `${at}.server_tool_use.web_search_requests`);
    const tier = res['service_tier'];
    if (tier === 'batch') r.batch = true;
    else if (typeof tier === 'string') r.serviceTier = tier;
    if (typeof res['context_window'] === 'string' && res['context_window'].toLowerCase().startsWith('200k'))
      r.longContext = true;
  });
}
