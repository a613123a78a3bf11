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
/** Numerator units per nano-dollar (NANO_DENOMINATOR as a number) and half of it. */
const PER_NANO = 200_000_000;
const HALF_NANO = 100_000_000;
/** A price p split as 100·p = high·LOW_BASE + low, so tokens × high counts whole nano-dollars. */
const LOW_BASE = 100_000_000;

/**
 * A model's prices as nano-dollars per 1M tokens, in force above `threshold` input tokens (0 for
 * the standard prices): cached input falls back to the input price.
 */
interface PriceNanos {
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

interface ModelPriceNanos {
  standard: PriceNanos;
  /** Long-context steps, thresholds ascending (longContext, then longContextSteps). */
  long?: PriceNanos[];
}

/** The prices for a request of this many input tokens: the highest long-context step exceeded, else standard. */
function pricesFor({ standard, long }: ModelPriceNanos, inputTokens: number): PriceNanos {
  return (long && stepFor(long, inputTokens)) || standard;
}

function stepFor(steps: readonly PriceNanos[], inputTokens: number): PriceNanos | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as PriceNanos;
    if (inputTokens > step.threshold) return step;
  }
  return undefined;
}

// Prices are parsed from their decimal text once per model record, not once per request: records
// are immutable, so a WeakMap keyed by the record stays right and is freed with the catalogue.
const parsedPrices = new WeakMap<Model, ModelPriceNanos>();

function pricesOf(model: Model): ModelPriceNanos {
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

/**
 * The float prices of a list of models (a catalogue's models, or one tier's), one slot per model,
 * built once per list and kept while the list lives: estimating over thousands of models then
 * reads typed arrays rather than looking each model up.
 */
export interface PriceTable {
  readonly input: Float64Array;
  readonly output: Float64Array;
  readonly cachedInput: Float64Array;
  /** The long-context threshold, Infinity when the model has none. */
  readonly threshold: Float64Array;
  readonly longInput: Float64Array;
  readonly longOutput: Float64Array;
  readonly longCachedInput: Float64Array;
  /** All steps of the models priced in more than one long-context step (sparse). */
  readonly steps: ReadonlyArray<PriceNanos[] | undefined>;
}

const priceTables = new WeakMap<readonly Model[], PriceTable>();

export function priceTable(models: readonly Model[]): PriceTable {
  let table = priceTables.get(models);
  if (table === undefined) {
    const n = models.length;
    table = {
      input: new Float64Array(n), output: new Float64Array(n), cachedInput: new Float64Array(n), threshold: new Float64Array(n),
      longInput: new Float64Array(n), longOutput: new Float64Array(n), longCachedInput: new Float64Array(n),
      steps: [],
    };
    const steps: Array<PriceNanos[] | undefined> = table.steps as Array<PriceNanos[] | undefined>;
    for (let i = 0; i < n; i++) {
      const { standard, long: modelSteps } = pricesOf(models[i] as Model);
      const long = modelSteps?.[0];
      table.input[i] = standard.inputF;
      table.output[i] = standard.outputF;
      table.cachedInput[i] = standard.cachedInputF;
      table.threshold[i] = long ? long.threshold : Infinity;
      table.longInput[i] = long ? long.inputF : 0;
      table.longOutput[i] = long ? long.outputF : 0;
      table.longCachedInput[i] = long ? long.cachedInputF : 0;
      if (modelSteps && modelSteps.length > 1) steps[i] = modelSteps;
    }
    priceTables.set(models, table);
  }
  return table;
}

/** requestNumerator worked out in floats, for the model in slot i of a price table (see ESTIMATE_ERROR). */
export function estimateAt(table: PriceTable, i: number, workload: Workload): number {
  const { inputTokens, outputTokens, mode } = workload;
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, inputTokens);
  let input: number, cached: number, output: number;
  if (inputTokens > (table.threshold[i] as number)) {
    const steps = table.steps[i];
    if (steps) {
      const step = stepFor(steps, inputTokens) as PriceNanos;
      input = step.inputF;
      cached = step.cachedInputF;
      output = step.outputF;
    } else {
      input = table.longInput[i] as number;
      cached = table.longCachedInput[i] as number;
      output = table.longOutput[i] as number;
    }
  } else {
    input = table.input[i] as number;
    cached = table.cachedInput[i] as number;
    output = table.output[i] as number;
  }
  const inputPart = (inputTokens - cachedTokens) * input + cachedTokens * cached;
  const outputPart = outputTokens * output * (mode === 'streaming' ? 115 : 100);
  return (inputPart * 100 + outputPart) * (mode === 'batch' ? 1 : 2);
}

/**
 * A bound on the relative error of estimateAt against requestNumerator: every term is
 * non-negative and each of the few float operations rounds by at most half an ulp, so the true
 * bound is under 1e-15.
 */
export const ESTIMATE_ERROR = 1e-12;

/** estimateAt(...) / NANOS_DIVISOR estimates the cost of a request in nano-dollars. */
export const NANOS_DIVISOR = Number(NANO_DENOMINATOR);

function toUsd(numerator: bigint): Usd {
  return new Usd(divideRoundHalfUp(numerator, NANO_DENOMINATOR));
}

function usd(nanos: number): Usd {
  return new Usd(BigInt(nanos));
}

/** daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function calculateCost(model: Model, workload: Workload): Costs {
  return costsOf(requestCost(model, workload), workload);
}

/**
 * The four costs of a workload from its request's exact cost. Each figure is the cost × n for n =
 * 1, requests, requests × days and × 12, carried as whole nano-dollars and a rest: (whole, rest) × n
 * is (whole × n + carry, rest × n − carry × PER_NANO). Exact on numbers while the rests × n and
 * the wholes stay below FAST_LIMIT (yearly ≥ monthly, so checking yearly covers monthly; daily is
 * checked for days = 0); else the BigInt numerator.
 */
export function costsOf(cost: RequestCost, workload: Workload): Costs {
  const { whole, rest } = cost;
  const { requests, days } = workload;
  if (typeof whole === 'number' && requests >>> 0 === requests && days >>> 0 === days) {
    const dailyRests = rest * requests;
    const dailyCarry = Math.floor(dailyRests / PER_NANO);
    const daily = whole * requests + dailyCarry;
    const dailyRest = dailyRests - dailyCarry * PER_NANO;
    const monthlyRests = dailyRest * days;
    const monthlyCarry = Math.floor(monthlyRests / PER_NANO);
    const monthly = daily * days + monthlyCarry;
    const monthlyRest = monthlyRests - monthlyCarry * PER_NANO;
    const yearlyRests = monthlyRest * 12;
    const yearlyCarry = Math.floor(yearlyRests / PER_NANO);
    const yearly = monthly * 12 + yearlyCarry;
    const yearlyRest = yearlyRests - yearlyCarry * PER_NANO;
    if (dailyRests < FAST_LIMIT && monthlyRests < FAST_LIMIT && daily < FAST_LIMIT && yearly < FAST_LIMIT) {
      return {
        perRequest: usd(rest < HALF_NANO ? whole : whole + 1),
        daily: usd(dailyRest < HALF_NANO ? daily : daily + 1),
        monthly: usd(monthlyRest < HALF_NANO ? monthly : monthly + 1),
        yearly: usd(yearlyRest < HALF_NANO ? yearly : yearly + 1),
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
  const nanos = roundedNanos(requestCost(model, workload));
  return new Usd(typeof nanos === 'number' ? BigInt(nanos) : nanos);
}
