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

/** A model's prices in nano-dollars per 1M tokens, in force above `threshold` input tokens (0: standard). */
interface PriceSet {
  threshold: number;
  input: bigint;
  output: bigint;
  /** Falls back to the input price when the model publishes none. */
  cachedInput: bigint;
}

// Parsed from their decimal text once per model record: records never change once a catalogue is
// built (a reload builds new ones), so a WeakMap keyed by the record stays right.
const parsed = new WeakMap<Model, PriceSet[]>();

/** The standard prices, then the long-context steps, thresholds ascending. */
function priceSets(model: Model): PriceSet[] {
  let sets = parsed.get(model);
  if (sets === undefined) {
    const set = (threshold: number, input: number, output: number, cached: number | undefined): PriceSet => ({
      threshold, input: priceNanos(input), output: priceNanos(output), cachedInput: priceNanos(cached ?? input),
    });
    const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
    sets = [
      set(0, model.input, model.output, model.cachedInput),
      ...steps.map((s) => set(s.threshold, s.input, s.output, s.cachedInput ?? model.cachedInput)),
    ];
    parsed.set(model, sets);
  }
  return sets;
}

/** The prices for a request of this many input tokens: the highest long-context step exceeded, else standard. */
function pricesFor(model: Model, inputTokens: number): PriceSet {
  const sets = priceSets(model);
  for (let i = sets.length - 1; i > 0; i--) {
    const set = sets[i] as PriceSet;
    if (inputTokens > set.threshold) return set;
  }
  return sets[0] as PriceSet;
}

// One request costs REQUEST_DENOMINATOR⁻¹ USD per unit of the exact numerator below:
// tokens × nano-dollars-per-1M / 1e15 is USD; ×100 admits the streaming 1.15 factor and ×2 the
// batch halving, so every figure stays an integer until the final rounding.
const REQUEST_DENOMINATOR = 1_000_000_000_000_000n * 100n * 2n;
const NANO_DENOMINATOR = REQUEST_DENOMINATOR / 1_000_000_000n;

/**
 * The exact cost of one request as a numerator over REQUEST_DENOMINATOR: input × price + output ×
 * price (× 1.15 streaming), halved in batch mode; cached input tokens are billed at the
 * cached-input price. Above the model's long-context threshold its long-context prices apply to
 * the whole request.
 */
export function requestNumerator(model: Model, workload: Workload): bigint {
  const prices = pricesFor(model, workload.inputTokens);
  const cachedTokens = BigInt(Math.min(workload.cachedInputTokens ?? 0, workload.inputTokens));
  const inputPart = (BigInt(workload.inputTokens) - cachedTokens) * prices.input + cachedTokens * prices.cachedInput;
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
  return { perRequest: toUsd(perRequest), daily: toUsd(daily), monthly: toUsd(monthly), yearly: toUsd(monthly * 12n) };
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload): Usd {
  return toUsd(requestNumerator(model, workload));
}
