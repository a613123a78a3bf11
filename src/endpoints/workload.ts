/** The workload parameters shared by the cost endpoints, and their conversion to a core Workload. */
import { CACHE_TTLS, MODES, type CacheTtl, type Mode, type Workload } from '../core/pricing/cost.js';
import type { TimeOfDay } from '../core/pricing/time-of-day.js';
import { ApiError, quote } from '../lib/errors.js';
import { isCalendarDate } from './as-of.js';
import { choice, choiceOr, integer, MAX_TOKENS, optionalInteger, param } from './params.js';
import { checkParts, partsEcho, refuseWorkload, toParts, type PartParams } from './part-rules.js';
import { partOptions, serviceTier } from './workload-parts.js';
import { OwnTokens } from '../core/pricing/tokenizers.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { TEXT_KINDS, TOKENIZER_IDS, TOKENIZER_TABLE } from './tokenizer-data.js';
import { regionParam } from './region.js';

export { MAX_TOKENS };
export const MAX_REQUESTS = 1_000_000_000;

export const inputTokens = (fallback: number) => integer(0, MAX_TOKENS, fallback, 'Input tokens per request.');
export const outputTokens = (fallback: number) => integer(0, MAX_TOKENS, fallback, 'Output tokens per request.');
export const requestsPerDay = (fallback: number) => integer(1, MAX_REQUESTS, fallback, 'Requests per day.');
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
  if (
    !instant ||
    !isCalendarDate(instant[1] as string) ||
    !inClock(instant.slice(2, 5)) ||
    !inClock(instant.slice(5, 7))
  )
    return undefined;
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
 * parts of the input and output billed apart, and when the requests run (for
 * models with off-peak prices).
 */
export const pricingOptions = {
  cached_input_tokens: cachedInputTokens,
  cache_write_tokens: optionalInteger(
    0,
    MAX_TOKENS,
    'The part of input_tokens written to the prompt cache, billed at the cache-write price for cache_ttl (the input price where the model publishes none).',
  ),
  cache_ttl: choice(
    CACHE_TTLS,
    'Lifetime of the cache writes: 5m (default; the cacheWrite price) or 1h (the cacheWrite1h price).',
  ),
  ...partOptions,
  off_peak_share: optionalInteger(
    0,
    100,
    "Percent of the requests run in the model's off-peak window (0 to 100), for models with off-peak prices; default 0: all at the peak (standard) prices.",
  ),
  at: param(
    (text): AtTime | undefined | { refused: string } => {
      if (text === undefined) return undefined;
      return (
        (text.length <= 40 ? readAt(text) : undefined) ?? {
          refused: `must be a time of day in UTC such as 18:30 or 18:30:00Z, or an ISO instant such as 2026-11-24T02:30:00+08:00; got ${quote(text)}`,
        }
      );
    },
    {
      description:
        'When the requests run: a UTC time of day (18:30, taken to be a weekday) or an ISO instant (its weekday counts too); picks peak or off-peak prices for models with off-peak prices (instead of off_peak_share).',
    },
  ),
};

/**
 * Which tokenizer counted the workload's tokens, and what kind of text they are: each model is then
 * priced on the text in its own tokens (GET /api/tokenizers has the measured ratios). Unset, the
 * tokens are each model's own.
 */
export const countingOptions = {
  counted_with: choice(
    TOKENIZER_IDS,
    "The tokenizer that counted input_tokens and output_tokens (o200k: OpenAI's, what most counters use; GET /api/tokenizers lists them): each model is then priced on the text in its own tokens, by the measured ratio of the two for text_kind. The text parts convert (input text, cache reads and writes, visible output); reasoning, audio, image and video tokens and web searches do not. Unset: the counts are each model's own.",
  ),
  text_kind: choice(
    TEXT_KINDS,
    `The kind of text counted_with counted: ${TEXT_KINDS.join(', ')}; default english. Only with counted_with.`,
  ),
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
    ...countingOptions,
    region: regionParam,
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
  counted_with?: string | undefined;
  text_kind?: string | undefined;
  region?: string | undefined;
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
    throw new ApiError(
      400,
      'invalid_parameter',
      'Give either at (when the requests run) or off_peak_share (what percent run off-peak), not both.',
      { param: 'at' },
    );
  }
  const timeOfDay: TimeOfDay | undefined =
    p.at !== undefined
      ? 'instantMs' in p.at
        ? { instantMs: p.at.instantMs }
        : { utcSecond: p.at.utcSecond }
      : p.off_peak_share !== undefined
        ? { offPeakPercent: p.off_peak_share }
        : undefined;
  const workload: Workload = {
    inputTokens: p.input_tokens,
    outputTokens: p.output_tokens,
    requests: p.requests,
    days: p.days,
    mode: p.mode,
    ...(p.cached_input_tokens === undefined ? {} : { cachedInputTokens: p.cached_input_tokens }),
    ...(p.cache_write_tokens === undefined
      ? {}
      : { cacheWriteTokens: p.cache_write_tokens, cacheTtl: p.cache_ttl ?? '5m' }),
    ...(timeOfDay === undefined ? {} : { timeOfDay }),
    ...toParts(p),
  };
  refuseWorkload(workload);
  return workload;
}

/**
 * With counted_with, the workload in each model's own tokens (made once per tokenizer); unset,
 * undefined: every model is priced on the workload as given. text_kind without counted_with is a 400.
 */
export function ownTokens(p: WorkloadParams, workload: Workload): OwnTokens | undefined {
  if (p.counted_with === undefined) {
    if (p.text_kind !== undefined) {
      throw new ApiError(
        400,
        'invalid_parameter',
        "text_kind says what kind of text counted_with counted: give counted_with too (o200k if you counted with OpenAI's tokenizer).",
        { param: 'text_kind' },
      );
    }
    return undefined;
  }
  return new OwnTokens(TOKENIZER_TABLE, workload, { countedWith: p.counted_with, textKind: p.text_kind ?? 'english' });
}

/** The workload a model is priced on: in its own tokens with counted_with, else as given. */
export const workloadOn = (own: OwnTokens | undefined, workload: Workload, model: Model): Workload =>
  own === undefined ? workload : own.of(model).workload;

/**
 * With counted_with, what an item was priced on: the model's tokenizer and how exact it is, and the
 * workload's token counts in it (each part as the workload echo names it); unset, nothing.
 */
export function tokensOn(own: OwnTokens | undefined, model: Model): { tokens: object } | Record<string, never> {
  if (own === undefined) return {};
  const w = own.of(model).workload;
  const t = model.tokenizer;
  return {
    tokens: {
      tokenizer: t?.id ?? 'o200k',
      exactness: t?.exactness ?? 'unknown',
      input_tokens: w.inputTokens,
      cached_input_tokens: w.cachedInputTokens ?? 0,
      cache_write_tokens: w.cacheWriteTokens ?? 0,
      output_tokens: w.outputTokens,
    },
  };
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
    ...(p.counted_with === undefined ? {} : { counted_with: p.counted_with, text_kind: p.text_kind ?? 'english' }),
    ...(p.region === undefined ? {} : { region: p.region.trim().toLowerCase() }),
  };
}
