/** The workload parameters shared by the cost endpoints, and their conversion to a core Workload. */
import { CACHE_TTLS, MODES, type CacheTtl, type Mode, type Workload } from '../core/pricing/cost.js';
import type { TimeOfDay } from '../core/pricing/time-of-day.js';
import { ApiError, quote } from '../lib/errors.js';
import { isCalendarDate } from './as-of.js';
import { choice, choiceOr, integer, MAX_TOKENS, optionalInteger, param } from './params.js';
import { checkParts, partsEcho, refuseWorkload, toParts, type PartParams } from './part-rules.js';
import { partOptions, serviceTier } from './workload-parts.js';

export { MAX_TOKENS };
export const MAX_REQUESTS = 1_000_000_000;

export const inputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Input tokens per request.');
export const outputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Output tokens per request.');
export const requestsPerDay = (fallback: number) =>
  integer(1, MAX_REQUESTS, fallback, 'Requests per day.');
export const daysPerMonth = integer(1, 31, 30, 'Days per month.');
export const cachedInputTokens = optionalInteger(
  0,
  MAX_TOKENS,
  "The part of input_tokens read from the prompt cache, billed at the model's cachedInput price (at most input_tokens).",
);
export const mode = choiceOr(
  MODES,
  'standard',
  "Billing mode: standard; streaming (+15% on output: this API's planning margin, not a provider charge); batch (the provider's own batch discount where it sells a batch API, else standard rates with a warning).",
);

/** A time of day as given, and the second of the UTC day it names, or the instant (ms since the epoch). */
export type AtTime = { text: string } & ({ utcSecond: number } | { instantMs: number });

const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?Z?$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** `18:30`, `18:30:00Z` (UTC) or an ISO instant with its offset (`2026-11-24T02:30:00+08:00`). */
export function readAt(text: string): AtTime | undefined {
  // A `+` in a query string arrives as a space: put it back before an offset.
  const value = text.replace(/ (\d{2}:\d{2})$/, '+$1');
  const time = TIME_OF_DAY.exec(value);
  if (time) {
    const [h, m, sec] = [time[1], time[2], time[3] ?? '0'].map(Number) as [number, number, number];
    if (h > 23 || m > 59 || sec > 59) return undefined;
    return { text, utcSecond: h * 3600 + m * 60 + sec };
  }
  const instant = INSTANT.exec(value);
  // Date.parse rolls an impossible day or time over (2027-04-31 is read as 2027-05-01): each field is checked first.
  if (!instant || !isCalendarDate(instant[1] as string) || !inClock(instant.slice(2, 5)) || !inClock(instant.slice(5, 7))) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return { text, instantMs: ms };
}

/** Hours, minutes and seconds (each optional) within a day's clock: 00-23, 00-59, 00-59. */
function inClock([h = '0', m = '0', sec = '0']: Array<string | undefined>): boolean {
  return Number(h) <= 23 && Number(m) <= 59 && Number(sec) <= 59;
}

/**
 * The parameters every cost endpoint takes besides its token counts: cache reads and writes, the
 * parts of the input and output billed apart (workload-parts.ts), and when the requests run (for
 * models with off-peak prices).
 */
export const pricingOptions = {
  cached_input_tokens: cachedInputTokens,
  cache_write_tokens: optionalInteger(
    0,
    MAX_TOKENS,
    'The part of input_tokens written to the prompt cache, billed at the cache-write price for cache_ttl (the input price where the model publishes none).',
  ),
  cache_ttl: choice(CACHE_TTLS, 'Lifetime of the cache writes: 5m (default; the cacheWrite price) or 1h (the cacheWrite1h price).'),
  ...partOptions,
  off_peak_share: optionalInteger(
    0,
    100,
    "Percent of the requests run in the model's off-peak window (0 to 100), for models with off-peak prices; default 0: all at the peak (standard) prices.",
  ),
  at: param((text): AtTime | undefined | { refused: string } => {
    if (text === undefined) return undefined;
    return (text.length <= 40 ? readAt(text) : undefined)
      ?? { refused: `must be a time of day in UTC such as 18:30 or 18:30:00Z, or an ISO instant such as 2026-11-24T02:30:00+08:00; got ${quote(text)}` };
  }, {
    description: 'When the requests run: a UTC time of day (18:30, taken to be a weekday) or an ISO instant (its weekday counts too); picks peak or off-peak prices for models with off-peak prices (instead of off_peak_share).',
  }),
};

/**
 * The workload parameters every cost endpoint takes, under the same names: tokens per request and
 * their parts (cache reads and writes, reasoning, audio, image, video), web searches, requests a
 * day, days a month, mode, service tier and when the requests run. Only the token defaults differ,
 * as the spec sets them per endpoint.
 */
export function workloadQuery(defaults: { input: number; output: number }) {
  return {
    input_tokens: inputTokens(defaults.input),
    output_tokens: outputTokens(defaults.output),
    requests: requestsPerDay(1000),
    days: daysPerMonth,
    mode,
    service_tier: serviceTier,
    ...pricingOptions,
  };
}

export interface WorkloadParams extends PartParams {
  input_tokens: number;
  output_tokens: number;
  requests: number;
  days: number;
  mode: Mode;
  cached_input_tokens?: number | undefined;
  cache_write_tokens?: number | undefined;
  cache_ttl?: CacheTtl | undefined;
  off_peak_share?: number | undefined;
  at?: AtTime | undefined;
}

/**
 * The core Workload for the parameters. Optional parts are left out when not given (a request
 * without them is billed at the standard prices alone). Cache reads and writes, audio, image and
 * video tokens are parts of the input tokens, reasoning, audio, image and video output parts of the
 * output tokens: parts that do not fit their whole are a 400 (checkParts), as are off_peak_share
 * and at together and a service tier with batch (no provider sells both together).
 */
export function toWorkload(p: WorkloadParams): Workload {
  checkParts(p);
  if (p.off_peak_share !== undefined && p.at !== undefined) {
    throw new ApiError(400, 'invalid_parameter', 'Give either at (when the requests run) or off_peak_share (what percent run off-peak), not both.', { param: 'at' });
  }
  const timeOfDay: TimeOfDay | undefined = p.at !== undefined
    ? ('instantMs' in p.at ? { instantMs: p.at.instantMs } : { utcSecond: p.at.utcSecond })
    : p.off_peak_share !== undefined ? { offPeakPercent: p.off_peak_share } : undefined;
  const workload: Workload = {
    inputTokens: p.input_tokens,
    outputTokens: p.output_tokens,
    requests: p.requests,
    days: p.days,
    mode: p.mode,
    ...(p.cached_input_tokens === undefined ? {} : { cachedInputTokens: p.cached_input_tokens }),
    ...(p.cache_write_tokens === undefined ? {} : { cacheWriteTokens: p.cache_write_tokens, cacheTtl: p.cache_ttl ?? '5m' }),
    ...(timeOfDay === undefined ? {} : { timeOfDay }),
    ...toParts(p),
  };
  refuseWorkload(workload);
  return workload;
}

/**
 * A response's workload: every part of the workload it priced, defaults included, under the
 * parameter names: the input and its parts, the output and its parts, web searches, requests, days,
 * mode, service tier, `cache_ttl` with cache writes, and `at` when given, else `off_peak_share`.
 * `requestsPerDay` adds compare's spec name for the requests beside them.
 */
export function workloadEcho(p: WorkloadParams, { requestsPerDay = false } = {}) {
  const written = p.cache_write_tokens ?? 0;
  const parts = partsEcho(p);
  return {
    input_tokens: p.input_tokens,
    cached_input_tokens: p.cached_input_tokens ?? 0,
    cache_write_tokens: written,
    ...(written > 0 ? { cache_ttl: p.cache_ttl ?? '5m' } : {}),
    ...parts.input,
    output_tokens: p.output_tokens,
    ...parts.output,
    ...(requestsPerDay ? { requests_per_day: p.requests } : {}),
    requests: p.requests,
    days: p.days,
    mode: p.mode,
    service_tier: p.service_tier,
    ...(p.at === undefined ? { off_peak_share: p.off_peak_share ?? 0 } : { at: p.at.text }),
  };
}
