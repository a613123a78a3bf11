/** The cost engine: what a workload costs on a model, exactly. */
import type { Model } from './catalogue-schema.js';
import { divideRoundHalfUp, parseScaled, Usd } from './money.js';

export const MODES = ['standard', 'streaming', 'batch'] as const;
export type Mode = (typeof MODES)[number];

/** One workload: tokens per request, requests per day, days per month, billing mode. */
export interface Workload {
  inputTokens: number;
  outputTokens: number;
  requests: number;
  days: number;
  mode: Mode;
  /** The part of inputTokens read from a prompt cache, billed at the model's cachedInput price. */
  cachedInputTokens?: number;
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

// One request costs REQUEST_UNITS⁻¹ USD per unit of the exact numerator below:
// tokens × nano-dollars-per-1M / 1e15 is USD; ×100 admits the streaming 1.15 factor and ×2 the
// batch halving, so every figure stays an integer until the final rounding.
const REQUEST_DENOMINATOR = 1_000_000_000_000_000n * 100n * 2n;
const NANO_DENOMINATOR = REQUEST_DENOMINATOR / 1_000_000_000n;

// The same arithmetic on plain numbers (see requestCost): exact while every value is an integer
// below FAST_LIMIT, which leaves room under 2^53 for the carries and makes Math.floor(a / b) exact.
const FAST_LIMIT = 2 ** 52;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Numerator units per nano-dollar (NANO_DENOMINATOR as a number), and half of it. */
export const NANOS_DIVISOR = Number(NANO_DENOMINATOR);
const HALF_NANO = NANOS_DIVISOR / 2;
/** A price p split as 100·p = high·LOW_BASE + low, so tokens × high counts whole nano-dollars. */
const LOW_BASE = 100_000_000;

/**
 * A model's prices as nano-dollars per 1M tokens, in force above `threshold` input tokens (0 for
 * the standard prices): cached input falls back to the input price.
 */
export interface PriceNanos {
  threshold: number;
  input: bigint;
  output: bigint;
  cachedInput: bigint;
  /** The same three as floats, for estimates (exact: prices are whole nano-dollars well below 2^53). */
  inputF: number;
  outputF: number;
  cachedInputF: number;
  /** 100 × each price (115 × the output price when streaming) split at LOW_BASE, for requestCost. */
  inputHigh: number;
  inputLow: number;
  cachedHigh: number;
  cachedLow: number;
  outputHigh: number;
  outputLow: number;
  streamingHigh: number;
  streamingLow: number;
}

const BIG_LOW_BASE = BigInt(LOW_BASE);

function priceSet(threshold: number, input: bigint, output: bigint, cachedInput: bigint): PriceNanos {
  // High parts above 2^53 lose precision here, which requestCost's FAST_LIMIT check then catches.
  const high = (scaled: bigint) => Number(scaled / BIG_LOW_BASE);
  const low = (scaled: bigint) => Number(scaled % BIG_LOW_BASE);
  return {
    threshold, input, output, cachedInput,
    inputF: Number(input), outputF: Number(output), cachedInputF: Number(cachedInput),
    inputHigh: high(input * 100n), inputLow: low(input * 100n),
    cachedHigh: high(cachedInput * 100n), cachedLow: low(cachedInput * 100n),
    outputHigh: high(output * 100n), outputLow: low(output * 100n),
    streamingHigh: high(output * 115n), streamingLow: low(output * 115n),
  };
}

export interface ModelPriceNanos {
  standard: PriceNanos;
  /** Long-context steps, thresholds ascending (longContext, then longContextSteps). */
  long?: PriceNanos[];
}

/** The prices for a request of this many input tokens: the highest long-context step exceeded, else standard. */
function pricesFor({ standard, long }: ModelPriceNanos, inputTokens: number): PriceNanos {
  return (long && stepFor(long, inputTokens)) || standard;
}

/** The highest long-context step a request of this many input tokens exceeds, if any. */
export function stepFor(steps: readonly PriceNanos[], inputTokens: number): PriceNanos | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as PriceNanos;
    if (inputTokens > step.threshold) return step;
  }
  return undefined;
}

// Prices are parsed from their decimal text once per model record, not once per request: records
// are immutable, so a WeakMap keyed by the record stays right and is freed with the catalogue.
const parsedPrices = new WeakMap<Model, ModelPriceNanos>();

/** A model's prices, parsed on first use (for the cost engine and its float estimates in estimate.ts). */
export function pricesOf(model: Model): ModelPriceNanos {
  let prices = parsedPrices.get(model);
  if (prices === undefined) {
    const input = priceNanos(model.input);
    const standard = priceSet(0, input, priceNanos(model.output), model.cachedInput === undefined ? input : priceNanos(model.cachedInput));
    const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
    prices = { standard };
    if (steps.length > 0) {
      prices.long = steps.map((step) => {
        const stepInput = priceNanos(step.input);
        const cached = step.cachedInput ?? model.cachedInput;
        return priceSet(step.threshold, stepInput, priceNanos(step.output), cached === undefined ? stepInput : priceNanos(cached));
      });
    }
    parsedPrices.set(model, prices);
  }
  return prices;
}

/**
 * The exact cost of one request as a numerator over REQUEST_DENOMINATOR.
 * input × price + output × price (× 1.15 streaming), halved in batch mode; cached input tokens
 * are billed at the cached-input price (input price when the model publishes none). Above the
 * model's long-context threshold the long-context prices apply to the whole request.
 */
export function requestNumerator(model: Model, workload: Workload): bigint {
  const prices = pricesFor(pricesOf(model), workload.inputTokens);
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens);
  let inputPart = BigInt(workload.inputTokens - cachedTokens) * prices.input;
  if (cachedTokens !== 0) inputPart += BigInt(cachedTokens) * prices.cachedInput;
  const outputPart = BigInt(workload.outputTokens) * prices.output;
  const outputFactor = workload.mode === 'streaming' ? 115n : 100n;
  const batchFactor = workload.mode === 'batch' ? 1n : 2n;
  return (inputPart * 100n + outputPart * outputFactor) * batchFactor;
}

/**
 * A request's exact cost, requestNumerator split at the nano-dollar: whole nano-dollars plus
 * rest / NANO_DENOMINATOR of one (0 ≤ rest < NANO_DENOMINATOR). `whole` is a number when it is a
 * safe integer, else a bigint; either way costs compare exactly, whole first, then rest.
 */
export interface RequestCost {
  readonly whole: number | bigint;
  readonly rest: number;
}

/**
 * requestNumerator(model, workload) as a RequestCost. Worked out on plain numbers: with each
 * price p split as 100·p = high·LOW_BASE + low (115·p for streamed output), the numerator over
 * the batch factor is (Σ tokens × high)·LOW_BASE + Σ tokens × low, two sums of non-negative
 * integer products, exact when each is below FAST_LIMIT (a product or sum past 2^53 would leave
 * the sum at 2^53 or more, so checking the sums suffices). Otherwise, and for token counts that
 * are not integers below 2^32, the BigInt numerator.
 */
export function requestCost(model: Model, workload: Workload): RequestCost {
  const { inputTokens, outputTokens, mode } = workload;
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, inputTokens);
  if (inputTokens >>> 0 === inputTokens && outputTokens >>> 0 === outputTokens && cachedTokens >>> 0 === cachedTokens) {
    const prices = pricesFor(pricesOf(model), inputTokens);
    const uncached = inputTokens - cachedTokens;
    const streaming = mode === 'streaming';
    const high = uncached * prices.inputHigh + cachedTokens * prices.cachedHigh + outputTokens * (streaming ? prices.streamingHigh : prices.outputHigh);
    const low = uncached * prices.inputLow + cachedTokens * prices.cachedLow + outputTokens * (streaming ? prices.streamingLow : prices.outputLow);
    if (high < FAST_LIMIT && low < FAST_LIMIT) {
      const carry = Math.floor(low / LOW_BASE);
      // whole + fraction / LOW_BASE nano-dollars, doubled by the batch factor 2 outside batch mode
      const whole = high + carry;
      const fraction = low - carry * LOW_BASE;
      if (mode !== 'batch') return { whole, rest: fraction * 2 };
      const half = Math.floor(whole / 2);
      return { whole: half, rest: (whole - half * 2) * LOW_BASE + fraction };
    }
  }
  return splitNumerator(requestNumerator(model, workload));
}

function splitNumerator(numerator: bigint): RequestCost {
  const whole = numerator / NANO_DENOMINATOR;
  // Below MAX_SAFE, so that whole + 1 (rounding up) is still exact.
  return { whole: whole < MAX_SAFE ? Number(whole) : whole, rest: Number(numerator % NANO_DENOMINATOR) };
}

/** The numerator a RequestCost was split from. */
function numeratorOf({ whole, rest }: RequestCost): bigint {
  return BigInt(whole) * NANO_DENOMINATOR + BigInt(rest);
}

/** Orders request costs, cheapest first (whole and rest compare exactly across number and bigint). */
export function compareRequestCosts(a: RequestCost, b: RequestCost): number {
  if (a.whole !== b.whole) {
    if (a.whole < b.whole) return -1;
    if (a.whole > b.whole) return 1;
  }
  return a.rest - b.rest;
}

function toUsd(numerator: bigint): Usd {
  return new Usd(divideRoundHalfUp(numerator, NANO_DENOMINATOR));
}

/** daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function calculateCost(model: Model, workload: Workload): Costs {
  return costsOf(requestCost(model, workload), workload);
}

/**
 * The four costs of a workload from its request's exact cost. Each figure is the cost × n for n =
 * 1, requests, requests × days and × 12, carried as whole nano-dollars and a rest: (whole, rest) × n
 * is (whole × n + carry, rest × n − carry × NANOS_DIVISOR). Exact on numbers while the rests × n and
 * the wholes stay below FAST_LIMIT (yearly ≥ monthly, so checking yearly covers monthly; daily is
 * checked for days = 0); else the BigInt numerator.
 */
export function costsOf(cost: RequestCost, workload: Workload): Costs {
  const { whole, rest } = cost;
  const { requests, days } = workload;
  if (typeof whole === 'number' && requests >>> 0 === requests && days >>> 0 === days) {
    const dailyRests = rest * requests;
    const dailyCarry = Math.floor(dailyRests / NANOS_DIVISOR);
    const daily = whole * requests + dailyCarry;
    const dailyRest = dailyRests - dailyCarry * NANOS_DIVISOR;
    const monthlyRests = dailyRest * days;
    const monthlyCarry = Math.floor(monthlyRests / NANOS_DIVISOR);
    const monthly = daily * days + monthlyCarry;
    const monthlyRest = monthlyRests - monthlyCarry * NANOS_DIVISOR;
    const yearlyRests = monthlyRest * 12;
    const yearlyCarry = Math.floor(yearlyRests / NANOS_DIVISOR);
    const yearly = monthly * 12 + yearlyCarry;
    const yearlyRest = yearlyRests - yearlyCarry * NANOS_DIVISOR;
    if (dailyRests < FAST_LIMIT && monthlyRests < FAST_LIMIT && daily < FAST_LIMIT && yearly < FAST_LIMIT) {
      return {
        perRequest: new Usd(rest < HALF_NANO ? whole : whole + 1),
        daily: new Usd(dailyRest < HALF_NANO ? daily : daily + 1),
        monthly: new Usd(monthlyRest < HALF_NANO ? monthly : monthly + 1),
        yearly: new Usd(yearlyRest < HALF_NANO ? yearly : yearly + 1),
      };
    }
  }
  const perRequest = numeratorOf(cost);
  const dailyNumerator = perRequest * BigInt(requests);
  const monthlyNumerator = dailyNumerator * BigInt(days);
  return {
    perRequest: toUsd(perRequest),
    daily: toUsd(dailyNumerator),
    monthly: toUsd(monthlyNumerator),
    yearly: toUsd(monthlyNumerator * 12n),
  };
}

/** A request's cost rounded half up to the nano-dollar: a number when a safe integer, else a bigint. */
export function roundedNanos({ whole, rest }: RequestCost): number | bigint {
  if (typeof whole === 'number') return rest < HALF_NANO ? whole : whole + 1;
  return rest < HALF_NANO ? whole : whole + 1n;
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload): Usd {
  return new Usd(roundedNanos(requestCost(model, workload)));
}
