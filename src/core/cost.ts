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

/** A model's prices as nano-dollars per 1M tokens: cached input falls back to the input price. */
interface PriceNanos {
  input: bigint;
  output: bigint;
  cachedInput: bigint;
  /** The same three as floats, for estimates (exact: prices are whole nano-dollars well below 2^53). */
  inputF: number;
  outputF: number;
  cachedInputF: number;
}

function priceSet(input: bigint, output: bigint, cachedInput: bigint): PriceNanos {
  return { input, output, cachedInput, inputF: Number(input), outputF: Number(output), cachedInputF: Number(cachedInput) };
}

type StepNanos = PriceNanos & { threshold: number };

interface ModelPriceNanos {
  standard: PriceNanos;
  /** Long-context steps, thresholds ascending (longContext, then longContextSteps). */
  long?: StepNanos[];
}

/** The prices for a request of this many input tokens: the highest long-context step exceeded, else standard. */
function pricesFor({ standard, long }: ModelPriceNanos, inputTokens: number): PriceNanos {
  if (long) {
    for (let i = long.length - 1; i >= 0; i--) {
      const step = long[i] as StepNanos;
      if (inputTokens > step.threshold) return step;
    }
  }
  return standard;
}

// Prices are parsed from their decimal text once per model record, not once per request: records
// are immutable, so a WeakMap keyed by the record stays right and is freed with the catalogue.
const parsedPrices = new WeakMap<Model, ModelPriceNanos>();

function pricesOf(model: Model): ModelPriceNanos {
  let prices = parsedPrices.get(model);
  if (prices === undefined) {
    const input = priceNanos(model.input);
    const standard = priceSet(input, priceNanos(model.output), model.cachedInput === undefined ? input : priceNanos(model.cachedInput));
    const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
    prices = { standard };
    if (steps.length > 0) {
      prices.long = steps.map((step) => {
        const stepInput = priceNanos(step.input);
        const cached = step.cachedInput ?? model.cachedInput;
        return { threshold: step.threshold, ...priceSet(stepInput, priceNanos(step.output), cached === undefined ? stepInput : priceNanos(cached)) };
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
  readonly steps: ReadonlyArray<StepNanos[] | undefined>;
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
    const steps: Array<StepNanos[] | undefined> = table.steps as Array<StepNanos[] | undefined>;
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
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens);
  const steps = table.steps[i];
  if (steps) return estimateWith(pricesFor({ standard: floatsAt(table, i), long: steps }, workload.inputTokens), cachedTokens, workload);
  const long = workload.inputTokens > (table.threshold[i] as number);
  const inputPart =
    (workload.inputTokens - cachedTokens) * ((long ? table.longInput[i] : table.input[i]) as number) +
    cachedTokens * ((long ? table.longCachedInput[i] : table.cachedInput[i]) as number);
  const outputPart = workload.outputTokens * ((long ? table.longOutput[i] : table.output[i]) as number);
  const outputFactor = workload.mode === 'streaming' ? 115 : 100;
  const batchFactor = workload.mode === 'batch' ? 1 : 2;
  return (inputPart * 100 + outputPart * outputFactor) * batchFactor;
}

function floatsAt(table: PriceTable, i: number): PriceNanos {
  const f = (a: Float64Array) => a[i] as number;
  return { input: 0n, output: 0n, cachedInput: 0n, inputF: f(table.input), outputF: f(table.output), cachedInputF: f(table.cachedInput) };
}

/** The float estimate from one price set (the multi-step path; the single-step path is inlined above). */
function estimateWith(prices: PriceNanos, cachedTokens: number, workload: Workload): number {
  const inputPart = (workload.inputTokens - cachedTokens) * prices.inputF + cachedTokens * prices.cachedInputF;
  const outputPart = workload.outputTokens * prices.outputF;
  const outputFactor = workload.mode === 'streaming' ? 115 : 100;
  const batchFactor = workload.mode === 'batch' ? 1 : 2;
  return (inputPart * 100 + outputPart * outputFactor) * batchFactor;
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

/** daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function calculateCost(model: Model, workload: Workload): Costs {
  const perRequest = requestNumerator(model, workload);
  const daily = perRequest * BigInt(workload.requests);
  const monthly = daily * BigInt(workload.days);
  return {
    perRequest: toUsd(perRequest),
    daily: toUsd(daily),
    monthly: toUsd(monthly),
    yearly: toUsd(monthly * 12n),
  };
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three divisions). */
export function costPerRequest(model: Model, workload: Workload): Usd {
  return toUsd(requestNumerator(model, workload));
}

/** The monthly cost alone, in nano-dollars, from a request numerator: equals calculateCost(...).monthly.nanos. */
export function monthlyNanos(numerator: bigint, workload: Workload): bigint {
  return divideRoundHalfUp(numerator * BigInt(workload.requests) * BigInt(workload.days), NANO_DENOMINATOR);
}
