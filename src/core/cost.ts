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
}

interface ModelPriceNanos {
  standard: PriceNanos;
  long?: PriceNanos & { threshold: number };
}

// Prices are parsed from their decimal text once per model record, not once per request: records
// are immutable, so a WeakMap keyed by the record stays right and is freed with the catalogue.
const parsedPrices = new WeakMap<Model, ModelPriceNanos>();

function pricesOf(model: Model): ModelPriceNanos {
  let prices = parsedPrices.get(model);
  if (prices === undefined) {
    const input = priceNanos(model.input);
    const standard = {
      input,
      output: priceNanos(model.output),
      cachedInput: model.cachedInput === undefined ? input : priceNanos(model.cachedInput),
    };
    const long = model.longContext;
    if (long) {
      const longInput = priceNanos(long.input);
      const cached = long.cachedInput ?? model.cachedInput;
      prices = {
        standard,
        long: { threshold: long.threshold, input: longInput, output: priceNanos(long.output), cachedInput: cached === undefined ? longInput : priceNanos(cached) },
      };
    } else {
      prices = { standard };
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
  const { standard, long } = pricesOf(model);
  const prices = long && workload.inputTokens > long.threshold ? long : standard;
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens);
  let inputPart = BigInt(workload.inputTokens - cachedTokens) * prices.input;
  if (cachedTokens !== 0) inputPart += BigInt(cachedTokens) * prices.cachedInput;
  const outputPart = BigInt(workload.outputTokens) * prices.output;
  const outputFactor = workload.mode === 'streaming' ? 115n : 100n;
  const batchFactor = workload.mode === 'batch' ? 1n : 2n;
  return (inputPart * 100n + outputPart * outputFactor) * batchFactor;
}

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
