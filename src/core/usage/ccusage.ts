/**
 * ccusage `daily --json` / `monthly --json`: `daily[].date` (or `monthly[].month`) and
 * `modelBreakdowns[]` with `modelName`, `inputTokens`, `outputTokens`, `cacheCreationTokens`,
 * `cacheReadTokens`, `cost`. Rules: ccusage's `inputTokens` are the uncached input only (as
 * Anthropic counts them), so the row's input is their sum with the cache writes and reads; cache
 * writes are taken as 5-minute writes (ccusage does not split them); a month is a span from its
 * first to its last day; `cost` is ccusage's own estimate, kept as the reported cost (0 included).
 */
import { count, cost, day, emptyRow, FieldError, isObject, monthEnd, readRows, type Parsed } from './rows.js';

export function parseCcusage(doc: Record<string, unknown>): Generator<void, Parsed> {
  const monthly = Array.isArray(doc['monthly']);
  const periods = (monthly ? doc['monthly'] : doc['daily']) as unknown[];
  const key = monthly ? 'monthly' : 'daily';
  // Each period's model breakdowns, a row each; a period without the list is one row too, an error.
  function* breakdowns() {
    for (const [i, period] of periods.entries()) {
      const list = isObject(period) ? period['modelBreakdowns'] : undefined;
      if (!Array.isArray(list)) yield { i, period: {}, b: undefined, at: undefined };
      else
        for (const [j, b] of (list as unknown[]).entries())
          yield { i, period: period as Record<string, unknown>, b, at: `${key}[${i}].modelBreakdowns[${j}]` };
    }
  }
  return readRows('ccusage', breakdowns(), ({ i, period, b, at }, n) => {
    if (at === undefined)
      throw new FieldError(`${key}[${i}].modelBreakdowns`, `${key}[${i}] has no modelBreakdowns list`);
    if (!isObject(b) || typeof b['modelName'] !== 'string')
      throw new FieldError(`${at}.modelName`, `${at}.modelName must be a model name`);
    const date = monthly
      ? day(typeof period['month'] === 'string' ? `${period['month']}-01` : period['month'], `${key}[${i}].month`)
      : day(period['date'], `${key}[${i}].date`);
    const r = emptyRow(n, date, b['modelName']);
    if (monthly) r.endDate = monthEnd(date);
    const uncached = count(b['inputTokens'], `${at}.inputTokens`);
    r.cacheWrite5mTokens = count(b['cacheCreationTokens'], `${at}.cacheCreationTokens`);
    r.cachedInputTokens = count(b['cacheReadTokens'], `${at}.cacheReadTokens`);
    r.inputTokens = uncached + r.cacheWrite5mTokens + r.cachedInputTokens;
    r.outputTokens = count(b['outputTokens'], `${at}.outputTokens`);
    const reported = cost(b['cost'], `${at}.cost`);
    if (reported !== undefined) r.reportedCost = reported;
    return r;
  });
}
