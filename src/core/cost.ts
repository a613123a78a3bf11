/** The cost engine: what a workload costs on a model, exactly, and which prices made the cost. */
import type { Model } from './catalogue-schema.js';
import { formatContext } from './context-window.js';
import { divideRoundHalfUp, parseScaled, Usd } from './money.js';

export const MODES = ['standard', 'streaming', 'batch'] as const;
export type Mode = (typeof MODES)[number];

export const CACHE_TTLS = ['5m', '1h'] as const;
export type CacheTtl = (typeof CACHE_TTLS)[number];

/**
 * When the requests run, for models with off-peak prices: a share of the traffic (percent, 0 to
 * 100) run in the off-peak window, or one moment of the day (seconds after 00:00 UTC) whose
 * window (peak or off-peak) prices everything.
 */
export type TimeOfDay = { offPeakPercent: number } | { utcSecond: number };

/** One workload: tokens per request, requests per day, days per month, billing mode. */
export interface Workload {
  inputTokens: number;
  outputTokens: number;
  requests: number;
  days: number;
  mode: Mode;
  /** The part of inputTokens read from a prompt cache, billed at the model's cachedInput price. */
  cachedInputTokens?: number;
  /** The part of inputTokens written to the prompt cache, billed at the cache-write price of cacheTtl. */
  cacheWriteTokens?: number;
  /** The cache lifetime the writes asked for; 5m when unset. */
  cacheTtl?: CacheTtl;
  /** Unset: every request at the peak (standard) prices. */
  timeOfDay?: TimeOfDay;
}

/** Costs in USD, each the exact value rounded half up to the nano-dollar. */
export interface Costs {
  perRequest: Usd;
  daily: Usd;
  monthly: Usd;
  yearly: Usd;
}

/** A price per 1M tokens as whole nano-dollars. */
export function priceNanos(price: number): bigint {
  const nanos = parseScaled(price, 9);
  if (nanos === undefined) throw new RangeError(`price ${price} is not a decimal with at most 9 places`);
  return nanos;
}

/** Prices per 1M tokens of one band, as the record writes them (USD). */
interface Band {
  /** "standard", or the long-context band: "above 272K" (rule "above") or "from 272K" (rule "at"). */
  name: string;
  threshold: number;
  input: number;
  output: number;
  /** Undefined when the model publishes none: cache reads are then billed as input. */
  cachedInput: number | undefined;
}

/** The prices a request is billed at: the band its input falls in, and what its cache use adds. */
export interface AppliedPrices {
  band: string;
  input: number;
  output: number;
  /** When cache reads were billed. */
  cachedInput?: number;
  /** When cache writes were billed: the price and the lifetime it is for. */
  cacheWrite?: number;
  cacheTtl?: CacheTtl;
  /** True when the model publishes no write price for cacheTtl, so writes were billed as input. */
  cacheWriteAsInput?: true;
  /** For models with off-peak prices: which prices billed the requests. */
  period?: 'peak' | 'off-peak' | 'mixed';
  /** When off-peak prices were used: those prices, their window and the percent of requests they billed. */
  offPeak?: { input: number; output: number; cachedInput?: number; window: string; percent: number };
}

/** The standard prices, then the long-context steps, thresholds ascending. */
function bands(model: Model): Band[] {
  const verb = model.longContextRule === 'at' ? 'from' : 'above';
  const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
  return [
    { name: 'standard', threshold: 0, input: model.input, output: model.output, cachedInput: model.cachedInput },
    ...steps.map((s) => ({
      name: `${verb} ${formatContext(s.threshold)}`,
      threshold: s.threshold,
      input: s.input,
      output: s.output,
      cachedInput: s.cachedInput ?? model.cachedInput,
    })),
  ];
}

/**
 * The band for a request of this many input tokens: the highest long-context step it reaches,
 * else standard. The one place the provider's rule applies: "above" needs more input tokens than
 * the threshold, "at" the threshold or more.
 */
function bandFor(model: Model, inputTokens: number): Band {
  const all = bands(model);
  const reaches = model.longContextRule === 'at' ? (t: number) => inputTokens >= t : (t: number) => inputTokens > t;
  for (let i = all.length - 1; i > 0; i--) {
    const band = all[i] as Band;
    if (reaches(band.threshold)) return band;
  }
  return all[0] as Band;
}

/** Seconds after midnight UTC of an HH:MM text. */
function secondOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return (h * 60 + m) * 60;
}

/** Whether a moment of the day falls in the window [start, end), which may wrap midnight. */
export function inWindow(utcSecond: number, startUtc: string, endUtc: string): boolean {
  const start = secondOf(startUtc);
  const end = secondOf(endUtc);
  return start < end ? utcSecond >= start && utcSecond < end : utcSecond >= start || utcSecond < end;
}

/** The percent of requests billed at off-peak prices (0 for a model without them). */
function offPeakPercent(model: Model, timeOfDay: TimeOfDay | undefined): number {
  const window = model.offPeak;
  if (!window || !timeOfDay) return 0;
  if ('offPeakPercent' in timeOfDay) return timeOfDay.offPeakPercent;
  return inWindow(timeOfDay.utcSecond, window.startUtc, window.endUtc) ? 100 : 0;
}

/** The write price for the TTL asked, or undefined when the model publishes none. */
function cacheWritePrice(model: Model, ttl: CacheTtl): number | undefined {
  return ttl === '1h' ? model.cacheWrite1h : model.cacheWrite;
}

/** Which prices a workload is billed at on this model; the cost below is made of exactly these. */
export function appliedPrices(model: Model, workload: Workload): AppliedPrices {
  const band = bandFor(model, workload.inputTokens);
  const applied: AppliedPrices = { band: band.name, input: band.input, output: band.output };
  const { cached, written } = cacheTokens(workload);
  if (cached > 0n) applied.cachedInput = band.cachedInput ?? band.input;
  if (written > 0n) {
    const ttl = workload.cacheTtl ?? '5m';
    const price = cacheWritePrice(model, ttl);
    applied.cacheWrite = price ?? band.input;
    applied.cacheTtl = ttl;
    if (price === undefined) applied.cacheWriteAsInput = true;
  }
  const window = model.offPeak;
  if (window) {
    const percent = offPeakPercent(model, workload.timeOfDay);
    applied.period = percent === 0 ? 'peak' : percent === 100 ? 'off-peak' : 'mixed';
    if (percent > 0) {
      applied.offPeak = {
        input: window.input,
        output: window.output,
        ...(cached > 0n ? { cachedInput: window.cachedInput ?? window.input } : {}),
        window: `${window.startUtc}-${window.endUtc} UTC`,
        percent,
      };
    }
  }
  return applied;
}

/** Cached and written tokens, each at most the input tokens, together at most the input tokens. */
function cacheTokens(workload: Workload): { cached: bigint; written: bigint } {
  const cached = Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens);
  const written = Math.min(workload.cacheWriteTokens ?? 0, workload.inputTokens - cached);
  return { cached: BigInt(cached), written: BigInt(written) };
}

// One request costs REQUEST_DENOMINATOR⁻¹ USD per unit of the exact numerator below:
// tokens × nano-dollars-per-1M / 1e15 is USD; ×100 admits the streaming 1.15 factor, ×2 the
// batch halving and ×100 the off-peak percent, so every figure stays an integer until the final rounding.
const REQUEST_DENOMINATOR = 1_000_000_000_000_000n * 100n * 2n * 100n;
const NANO_DENOMINATOR = REQUEST_DENOMINATOR / 1_000_000_000n;

/** input × price + output × price (× 1.15 streaming) for one set of per-1M prices, × 100. */
function tokensNumerator(workload: Workload, input: number, output: number, cachedInput: number, cacheWrite: number): bigint {
  const { cached, written } = cacheTokens(workload);
  const plain = BigInt(workload.inputTokens) - cached - written;
  const inputPart = plain * priceNanos(input) + cached * priceNanos(cachedInput) + written * priceNanos(cacheWrite);
  const outputPart = BigInt(workload.outputTokens) * priceNanos(output);
  return inputPart * 100n + outputPart * (workload.mode === 'streaming' ? 115n : 100n);
}

/**
 * The exact cost of one request as a numerator over REQUEST_DENOMINATOR, at the prices
 * appliedPrices gives: uncached input, cached input, cache writes and output (× 1.15 streaming),
 * halved in batch mode; the off-peak percent of requests at the off-peak prices.
 */
export function requestNumerator(model: Model, workload: Workload): bigint {
  const applied = appliedPrices(model, workload);
  const cached = applied.cachedInput ?? applied.input;
  const write = applied.cacheWrite ?? applied.input;
  const peak = tokensNumerator(workload, applied.input, applied.output, cached, write);
  const off = applied.offPeak;
  const percent = BigInt(off?.percent ?? 0);
  const offPeak = off ? tokensNumerator(workload, off.input, off.output, off.cachedInput ?? off.input, write) : 0n;
  const batchFactor = workload.mode === 'batch' ? 1n : 2n;
  return (peak * (100n - percent) + offPeak * percent) * batchFactor;
}

function toUsd(numerator: bigint): Usd {
  return new Usd(divideRoundHalfUp(numerator, NANO_DENOMINATOR));
}

/** daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function calculateCost(model: Model, workload: Workload): Costs {
  const perRequest = requestNumerator(model, workload);
  const daily = perRequest * BigInt(workload.requests);
  const monthly = daily * BigInt(workload.days);
  return { perRequest: toUsd(perRequest), daily: toUsd(daily), monthly: toUsd(monthly), yearly: toUsd(monthly * 12n) };
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload): Usd {
  return toUsd(requestNumerator(model, workload));
}
