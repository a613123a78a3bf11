/**
 * ccusage `daily --json` / `monthly --json`: `daily[].date` (or `monthly[].month`) and
 * `modelBreakdowns[]` with `modelName`, `inputTokens`, `outputTokens`, `cacheCreationTokens`,
 * `cacheReadTokens`, `cost`. Rules: ccusage's `inputTokens` are the uncached input only (as
 * Anthropic counts them), so the row's input is their sum with the cache writes and reads; cache
 * writes are taken as 5-minute writes (ccusage does not split them); a month is a span from its
 * first to its last day; `cost` is ccusage's own estimate, kept as the reported cost (0 included).
 */
import {
  count,
  cost,
  day,
  emptyRow,
  FieldError,
  isObject,
  monthEnd,
  readRow,
  type Parsed,
  type UsageRow,
} from './rows.js';

export function* parseCcusage(doc: Record<string, unknown>): Generator<void, Parsed> {
  const monthly = Array.isArray(doc['monthly']);
  const periods = (monthly ? doc['monthly'] : doc['daily']) as unknown[];
  const key = monthly ? 'monthly' : 'daily';
  const rows: UsageRow[] = [];
  const errors: Parsed['errors'] = [];
  let n = 0;
  for (const [i, period] of periods.entries()) {
    const breakdowns =
      isObject(period) && Array.isArray(period['modelBreakdowns'])
        ? (period['modelBreakdowns'] as unknown[])
        : undefined;
    if (breakdowns === undefined) {
      errors.push({
        row: ++n,
        field: `${key}[${i}].modelBreakdowns`,
        message: `${key}[${i}] has no modelBreakdowns list`,
      });
      yield;
      continue;
    }
    const p = period as Record<string, unknown>;
    for (const [j, b] of breakdowns.entries()) {
      const at = `${key}[${i}].modelBreakdowns[${j}]`;
      const row = readRow(errors, ++n, () => {
        if (!isObject(b) || typeof b['modelName'] !== 'string')
          throw new FieldError(`${at}.modelName`, `${at}.modelName must be a model name`);
        const date = monthly
          ? day(typeof p['month'] === 'string' ? `${p['month']}-01` : p['month'], `${key}[${i}].month`)
          : day(p['date'], `${key}[${i}].date`);
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
      if (row) rows.push(row);
      yield;
    }
  }
  return { format: 'ccusage', rows, errors };
}
