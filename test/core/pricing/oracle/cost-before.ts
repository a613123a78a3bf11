/** The cost engine as it was before price sheets (commit 03153ca), kept verbatim as the oracle of cost-sheets.test.ts. */
import type { Model } from '../../../../src/core/schema/catalogue-schema.js';
import { bandVerb, formatContext } from '../../../../src/core/pricing/context-window.js';
import { divideRoundHalfUp, parseScaled, Usd } from '../../../../src/core/schema/money.js';
import {
  CACHE_TTLS,
  STREAMING_MARGIN,
  type AppliedPrices,
  type CacheTtl,
} from '../../../../src/core/pricing/applied-prices.js';
import {
  describeOffPeak,
  isOffPeak,
  onWeekend,
  type OffPeak,
  type TimeOfDay,
} from '../../../../src/core/pricing/time-of-day.js';

export type { AppliedPrices };

export const MODES = ['standard', 'streaming', 'batch'] as const;
export type Mode = (typeof MODES)[number];

/** Service tiers a provider may sell besides standard (each model's own tier prices, where it has them). */
export const SERVICE_TIERS = ['standard', 'flex', 'priority', 'fast'] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];

/**
 * The billable units of a request beyond text tokens. Counts are inclusive, as genai-prices' Usage:
 * inputTokens includes every input token (text, audio, image, video; cached or not) and outputTokens
 * every output token (text, reasoning, audio, image, video). A more specific unit is billed at its
 * own price where the model publishes one, else at the price of the unit it is part of.
 */
export interface BillableExtras {
  /** Part of outputTokens: reasoning (thinking) tokens. */
  reasoningTokens?: number;
  inputAudioTokens?: number;
  /** Part of inputAudioTokens read from the prompt cache. */
  cacheAudioReadTokens?: number;
  outputAudioTokens?: number;
  inputImageTokens?: number;
  outputImageTokens?: number;
  inputVideoTokens?: number;
  outputVideoTokens?: number;
  /** Web searches per request (priced per 1,000 where published). */
  webSearches?: number;
}

export { CACHE_TTLS, type CacheTtl };

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
  /** Unset: standard. Not yet billed (issue 26 wires it into the price sheets). */
  serviceTier?: ServiceTier;
  /** Not yet billed (issue 26 wires them into the price sheets); nothing passes them yet. */
  extras?: BillableExtras;
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

/** A price per 1M tokens as the record writes it (USD) and as whole nano-dollars. */
interface Price {
  usd: number;
  nanos: bigint;
}

const price = (usd: number): Price => ({ usd, nanos: priceNanos(usd) });

/** The prices of one band. */
interface Band {
  /** "standard", or the long-context band: "above 272K" (rule "above") or "from 272K" (rule "at"). */
  name: string;
  threshold: number;
  input: Price;
  output: Price;
  /** Undefined when the model publishes none: cache reads are then billed as input. */
  cachedInput: Price | undefined;
  /** The cache-write price per lifetime, where published: a long-context band's own, else the model's. */
  write: Record<CacheTtl, Price | undefined>;
}

/** A model's prices, parsed once. */
interface Parsed {
  /** The standard prices, then the long-context steps, thresholds ascending. */
  bands: Band[];
  offPeak: { input: Price; output: Price; cachedInput: Price | undefined; record: OffPeak } | undefined;
}

// Parsed from their decimal text once per model record: records never change once a catalogue is
// built (a reload or an as_of pricing makes new ones), so a WeakMap keyed by the record stays right.
const parsedPrices = new WeakMap<Model, Parsed>();

function parse(model: Model): Parsed {
  let parsed = parsedPrices.get(model);
  if (parsed === undefined) {
    const verb = bandVerb(model.longContextRule);
    const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
    const optional = (usd: number | undefined) => (usd === undefined ? undefined : price(usd));
    const off = model.offPeak;
    parsed = {
      bands: [
        {
          name: 'standard',
          threshold: 0,
          input: price(model.input),
          output: price(model.output),
          cachedInput: optional(model.cachedInput),
          write: { '5m': optional(model.cacheWrite), '1h': optional(model.cacheWrite1h) },
        },
        ...steps.map((s) => ({
          name: `${verb} ${formatContext(s.threshold)}`,
          threshold: s.threshold,
          input: price(s.input),
          output: price(s.output),
          cachedInput: optional(s.cachedInput ?? model.cachedInput),
          write: {
            '5m': optional(s.cacheWrite ?? model.cacheWrite),
            '1h': optional(s.cacheWrite1h ?? model.cacheWrite1h),
          },
        })),
      ],
      offPeak: off && {
        input: price(off.input),
        output: price(off.output),
        cachedInput: optional(off.cachedInput),
        record: off,
      },
    };
    parsedPrices.set(model, parsed);
  }
  return parsed;
}

/**
 * The band for a request of this many input tokens: the highest long-context step it reaches,
 * else standard. The one place the provider's rule applies: "above" needs more input tokens than
 * the threshold, "at" the threshold or more.
 */
function bandFor(model: Model, bands: readonly Band[], inputTokens: number): Band {
  const at = model.longContextRule === 'at';
  for (let i = bands.length - 1; i > 0; i--) {
    const band = bands[i] as Band;
    if (at ? inputTokens >= band.threshold : inputTokens > band.threshold) return band;
  }
  return bands[0] as Band;
}

/** A workload's token counts as bigints, made once for every model a request prices; scaled as tokensNumerator says. */
interface Tokens {
  /** Cached and written tokens: each at most the input, together at most the input; uncached: the rest. */
  uncached: bigint;
  cached: bigint;
  written: bigint;
  output: bigint;
}

function tokensOf(workload: Workload): Tokens {
  const cached = Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens);
  const written = Math.min(workload.cacheWriteTokens ?? 0, workload.inputTokens - cached);
  // × 100 (× 115 for streamed output: this API's 1.15 planning margin).
  const big = (tokens: number) => BigInt(tokens) * 100n;
  const output = BigInt(workload.outputTokens) * (workload.mode === 'streaming' ? 115n : 100n);
  return { uncached: big(workload.inputTokens - cached - written), cached: big(cached), written: big(written), output };
}

/** The percent of the price a request pays: 100, less the model's batch discount in batch mode (none without a batch API). */
function billedPercent(model: Model, workload: Workload): bigint {
  return workload.mode === 'batch' && model.batch ? BigInt(100 - model.batch.discountPercent) : 100n;
}

/** Everything billing a workload on a model depends on besides the token counts: which prices, for how many requests. */
interface Selection {
  band: Band;
  /** The write price for the writes' lifetime; undefined when unpublished (writes are billed as input). */
  write: Price | undefined;
  offPeak: Parsed['offPeak'];
  /** Percent of the requests billed at the off-peak prices (0 for a model without them). */
  percent: number;
  day: Pick<AppliedPrices, 'day' | 'dayAssumed'>;
}

const NO_DAY: Selection['day'] = Object.freeze({});

function select(model: Model, workload: Workload): Selection {
  const parsed = parse(model);
  const { offPeak } = parsed;
  const time = workload.timeOfDay;
  let percent = 0;
  let day: Selection['day'] = NO_DAY;
  if (offPeak && time) {
    percent = 'offPeakPercent' in time ? time.offPeakPercent : isOffPeak(offPeak.record, time) ? 100 : 0;
    const weekends = offPeak.record.weekends;
    if (weekends && 'utcSecond' in time) day = { day: 'weekday', dayAssumed: true };
    if (weekends && 'instantMs' in time) day = { day: onWeekend(time.instantMs, weekends) ? 'weekend' : 'weekday' };
  }
  const band = bandFor(model, parsed.bands, workload.inputTokens);
  return { band, write: band.write[workload.cacheTtl ?? '5m'], offPeak, percent, day };
}

/** Which prices a workload is billed at on this model; the cost below is made of exactly these. */
export function appliedPrices(model: Model, workload: Workload): AppliedPrices {
  const { band, write, offPeak, percent, day } = select(model, workload);
  const { cached, written } = tokensOf(workload);
  const applied: AppliedPrices = { band: band.name, input: band.input.usd, output: band.output.usd };
  if (cached > 0n) applied.cachedInput = (band.cachedInput ?? band.input).usd;
  if (written > 0n) {
    applied.cacheWrite = (write ?? band.input).usd;
    applied.cacheTtl = workload.cacheTtl ?? '5m';
    if (write === undefined) applied.cacheWriteAsInput = true;
  }
  if (workload.mode === 'batch' && model.batch)
    applied.batch = { discountPercent: model.batch.discountPercent, source: model.batch.source };
  if (workload.mode === 'streaming') applied.streamingMargin = STREAMING_MARGIN;
  if (offPeak) {
    applied.period = percent === 0 ? 'peak' : percent === 100 ? 'off-peak' : 'mixed';
    Object.assign(applied, day);
    if (percent > 0) {
      applied.offPeak = {
        input: offPeak.input.usd,
        output: offPeak.output.usd,
        ...(cached > 0n ? { cachedInput: (offPeak.cachedInput ?? offPeak.input).usd } : {}),
        ...(written > 0n && write === undefined ? { cacheWrite: offPeak.input.usd } : {}),
        window: describeOffPeak(offPeak.record),
        percent,
      };
    }
  }
  return applied;
}

// One request costs REQUEST_DENOMINATOR⁻¹ USD per unit of the exact numerator below:
// tokens × nano-dollars-per-1M / 1e15 is USD; ×100 admits the streaming 1.15 factor, ×100 the
// batch discount's percent and ×100 the off-peak percent, so every figure stays an integer until the final rounding.
const REQUEST_DENOMINATOR = 1_000_000_000_000_000n * 100n * 100n * 100n;
export const NANO_DENOMINATOR = REQUEST_DENOMINATOR / 1_000_000_000n;

/** (input × price + output × price (× 1.15 streaming)) × 100, at one set of prices (peak or off-peak). */
function tokensNumerator(t: Tokens, s: Selection, input: Price, output: Price, cachedInput: Price | undefined): bigint {
  let inputPart = t.uncached * input.nanos;
  // Most requests use no cache: skip the products that would be zero.
  if (t.cached > 0n) inputPart += t.cached * (cachedInput ?? input).nanos;
  // Writes without a published write price are billed as input: at the prices in force (peak or off-peak).
  if (t.written > 0n) inputPart += t.written * (s.write ?? input).nanos;
  return inputPart + t.output * output.nanos;
}

/**
 * The exact cost of one request as a numerator over REQUEST_DENOMINATOR, at the prices
 * appliedPrices gives: uncached input, cached input, cache writes and output (× 1.15 streaming),
 * less the model's batch discount in batch mode; the off-peak percent of requests at the off-peak prices.
 */
export function requestNumerator(model: Model, workload: Workload): bigint {
  return numerator(model, workload, tokensOf(workload));
}

/** requestNumerator of one workload for many models: its token counts made bigints once (same results). */
export function requestNumerators(workload: Workload): (model: Model) => bigint {
  const tokens = tokensOf(workload);
  return (model) => numerator(model, workload, tokens);
}

function numerator(model: Model, workload: Workload, t: Tokens): bigint {
  const s = select(model, workload);
  const { band, offPeak, percent } = s; // × 100 below for the off-peak percent.
  const paid = billedPercent(model, workload);
  const peak = tokensNumerator(t, s, band.input, band.output, band.cachedInput);
  if (!offPeak || percent === 0) return peak * 100n * paid;
  const off = tokensNumerator(t, s, offPeak.input, offPeak.output, offPeak.cachedInput);
  return (peak * BigInt(100 - percent) + off * BigInt(percent)) * paid;
}

/** A request numerator's cost, rounded half up to the nano-dollar. */
export function requestUsd(numerator: bigint): Usd {
  return new Usd(divideRoundHalfUp(numerator, NANO_DENOMINATOR));
}

/** daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function calculateCost(model: Model, workload: Workload): Costs {
  const perRequest = requestNumerator(model, workload);
  const daily = perRequest * BigInt(workload.requests);
  const monthly = daily * BigInt(workload.days);
  return {
    perRequest: requestUsd(perRequest),
    daily: requestUsd(daily),
    monthly: requestUsd(monthly),
    yearly: requestUsd(monthly * 12n),
  };
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload): Usd {
  return requestUsd(requestNumerator(model, workload));
}
