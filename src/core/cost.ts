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

/** The prices that apply to one request: long-context prices above the model's threshold. */
function pricesFor(model: Model, inputTokens: number) {
  const long = model.longContext;
  if (long && inputTokens > long.threshold) {
    return { input: long.input, output: long.output, cachedInput: long.cachedInput ?? model.cachedInput };
  }
  return { input: model.input, output: model.output, cachedInput: model.cachedInput };
}

/**
 * The exact cost of one request as a numerator over REQUEST_DENOMINATOR.
 * input × price + output × price (× 1.15 streaming), halved in batch mode; cached input tokens
 * are billed at the cached-input price (input price when the model publishes none).
 */
export function requestNumerator(model: Model, workload: Workload): bigint {
  const prices = pricesFor(model, workload.inputTokens);
  const cached = BigInt(Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens));
  const fresh = BigInt(workload.inputTokens) - cached;
  const inputPart =
    fresh * priceNanos(prices.input) + cached * priceNanos(prices.cachedInput ?? prices.input);
  const outputPart = BigInt(workload.outputTokens) * priceNanos(prices.output);
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
