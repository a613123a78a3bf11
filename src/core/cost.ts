/**
 * The cost engine: what a workload costs on a model, exactly. A cost is the sum of each unit's
 * quantity (quantities.ts) times its price on the sheet the request is billed at (price-sheet.ts),
 * less the batch discount on tokens, with the off-peak percent of requests at the off-peak sheet.
 */
import type { Model } from './catalogue-schema.js';
import { divideRoundHalfUp, parseScaled, Usd } from './money.js';
import { CACHE_TTLS, type CacheTtl } from './applied-prices.js';
import { buildSheets, SERVICE_TIERS, type ModelSheets, type ServiceTier } from './price-sheet.js';
import { quantitiesOf, type Quantities } from './quantities.js';
import { select } from './select.js';
import type { TimeOfDay } from './time-of-day.js';

export { SERVICE_TIERS, type ServiceTier, CACHE_TTLS, type CacheTtl };
export { appliedPrices, type AppliedPrices } from './applied-prices-of.js';

export const MODES = ['standard', 'streaming', 'batch'] as const;
export type Mode = (typeof MODES)[number];

/**
 * The billable units of a request beyond text tokens. Counts are inclusive, as genai-prices' Usage:
 * inputTokens includes every input token (text, audio, image, video; cached or not) and outputTokens
 * every output token (text, reasoning, audio, image, video). A more specific unit is billed at its
 * own price where the model publishes one, else at the price of the unit it is part of (units.ts).
 * Image and video tokens are counted as not read from the cache.
 */
export interface BillableExtras {
  /** Part of outputTokens: reasoning (thinking) tokens. */
  reasoningTokens?: number;
  inputAudioTokens?: number;
  /** Part of inputAudioTokens and of cachedInputTokens: audio read from the prompt cache. */
  cacheAudioReadTokens?: number;
  outputAudioTokens?: number;
  inputImageTokens?: number;
  outputImageTokens?: number;
  inputVideoTokens?: number;
  outputVideoTokens?: number;
  /** Web searches per request (priced per 1,000 where published). */
  webSearches?: number;
}

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
  /** Unset: standard. A tier the model does not sell is billed at standard prices (warnings.ts). */
  serviceTier?: ServiceTier;
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

/**
 * The exact cost of one request: K / divisor nano-dollars, where K is
 * (tokens at peak × (100 − off-peak %) + tokens off-peak × off-peak %) × (100 − batch discount) + fees × 100 × 100,
 * each sum a unit's weight (quantities.ts: ×20) times its price (× 10^digits). Held as whole
 * nano-dollars and the remainder: two numbers, exact below 2^52 nano-dollars a request; past
 * that (no real request comes near) K is a bigint.
 */
export interface RequestCost {
  nanos: number;
  rest: number;
  /** K itself, only when the numbers could not hold it exactly. */
  big: bigint | undefined;
}

/** The divisor of K that gives nano-dollars: 20 (weights) × 1e6 (per 1M) × 10^digits × 100 × 100 / 1e9. */
export const nanoDivisor = (digits: number): number => 200 * 10 ** digits;

const LIMIT = 2 ** 52;

// The whole-and-remainder sum of the terms added so far; the engine is synchronous, so one scratch pair serves every call.
let whole = 0;
let part = 0;

/** Adds s × m (s an exact integer below 2^53, m at most 10,000) to the scratch pair, exactly. */
function addTerm(s: number, m: number, divisor: number): void {
  if (s === 0 || m === 0) return;
  let a = Math.floor(s / divisor);
  let b = s - a * divisor;
  if (b < 0) { a -= 1; b += divisor; } else if (b >= divisor) { a += 1; b -= divisor; }
  whole += a * m;
  part += b * m;
}

function sum(sheet: Float64Array, weights: Float64Array, units: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as number;
    s += (weights[u] as number) * (sheet[u] as number);
  }
  return s;
}

function bigSum(sheet: Float64Array, weights: Float64Array, units: readonly number[]): bigint {
  let s = 0n;
  for (const u of units) s += BigInt(weights[u] as number) * BigInt(sheet[u] as number);
  return s;
}

/** The percent of the token price a request pays: 100, less the model's batch discount in batch mode. */
const paidPercent = (model: Model, w: Workload) => (w.mode === 'batch' && model.batch ? 100 - model.batch.discountPercent : 100);

/** Writes the exact cost of one request of `q` on the model into `out`. */
export function costInto(out: RequestCost, ms: ModelSheets, q: Quantities, w: Workload): RequestCost {
  const s = select(ms, w, q.inputTokens);
  const paid = paidPercent(ms.model, w);
  const divisor = nanoDivisor(ms.digits);
  const peak = s.peak.prices;
  const off = s.off?.prices;
  const offPercent = off === undefined ? 0 : s.percent;
  if (q.total * ms.maxPrice < LIMIT) {
    whole = 0;
    part = 0;
    addTerm(sum(peak, q.weights, q.tokenUnits), (100 - offPercent) * paid, divisor);
    if (off !== undefined && offPercent > 0) addTerm(sum(off, q.weights, q.tokenUnits), offPercent * paid, divisor);
    addTerm(sum(peak, q.weights, q.feeUnits), 10_000, divisor);
    const carry = Math.floor(part / divisor);
    whole += carry;
    part -= carry * divisor;
    if (part < 0) { whole -= 1; part += divisor; } else if (part >= divisor) { whole += 1; part -= divisor; }
    if (whole < LIMIT) {
      out.nanos = whole;
      out.rest = part;
      out.big = undefined;
      return out;
    }
  }
  let k = bigSum(peak, q.weights, q.tokenUnits) * BigInt((100 - offPercent) * paid) + bigSum(peak, q.weights, q.feeUnits) * 10_000n;
  if (off !== undefined && offPercent > 0) k += bigSum(off, q.weights, q.tokenUnits) * BigInt(offPercent * paid);
  const d = BigInt(divisor);
  out.nanos = Number(k / d);
  out.rest = Number(k % d);
  out.big = k;
  return out;
}

/** K of a request cost, as a bigint. */
export function costNumerator(c: RequestCost, digits: number): bigint {
  return c.big ?? BigInt(c.nanos) * BigInt(nanoDivisor(digits)) + BigInt(c.rest);
}

/** Orders two request costs priced at the same digits (exact). */
export function compareCosts(a: RequestCost, b: RequestCost, digits: number): number {
  if (a.big === undefined && b.big === undefined) return a.nanos - b.nanos || a.rest - b.rest;
  const x = costNumerator(a, digits);
  const y = costNumerator(b, digits);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A request cost rounded half up to whole nano-dollars. */
export function roundedNanos(c: RequestCost, digits: number): bigint {
  if (c.big !== undefined) return divideRoundHalfUp(c.big, BigInt(nanoDivisor(digits)));
  return BigInt(c.nanos + (2 * c.rest >= nanoDivisor(digits) ? 1 : 0));
}

export const newRequestCost = (): RequestCost => ({ nanos: 0, rest: 0, big: undefined });

/** The costs of n requests a day: daily = perRequest × requests, monthly = daily × days, yearly = monthly × 12; each rounded once. */
export function costsOf(c: RequestCost, digits: number, w: Workload): Costs {
  const k = costNumerator(c, digits);
  const d = BigInt(nanoDivisor(digits));
  const daily = k * BigInt(w.requests);
  const monthly = daily * BigInt(w.days);
  const usd = (n: bigint) => new Usd(divideRoundHalfUp(n, d));
  return { perRequest: usd(k), daily: usd(daily), monthly: usd(monthly), yearly: usd(monthly * 12n) };
}

// The scale the README's formula states: USD × 1e15 (nano-dollars per 1M tokens) × 100 (streaming) × 100 (batch) × 100 (off-peak).
const REQUEST_DENOMINATOR = 1_000_000_000_000_000n * 100n * 100n * 100n;
/** REQUEST_DENOMINATOR per nano-dollar: requestNumerator / NANO_DENOMINATOR is nano-dollars. */
export const NANO_DENOMINATOR = REQUEST_DENOMINATOR / 1_000_000_000n;

/** The exact cost of one request as a numerator over 1e21 (USD), from the model's own sheets. */
export function requestNumerator(model: Model, workload: Workload, sheets = buildSheets(model)): bigint {
  const c = costInto(newRequestCost(), sheets, quantitiesOf(workload), workload);
  return costNumerator(c, sheets.digits) * 5n * 10n ** BigInt(9 - sheets.digits);
}

/** A request numerator's cost (over 1e21 USD), rounded half up to the nano-dollar. */
export function requestUsd(numerator: bigint): Usd {
  return new Usd(divideRoundHalfUp(numerator, NANO_DENOMINATOR));
}

/** What a workload costs on the model: its own sheets unless the catalogue's are given. */
export function calculateCost(model: Model, workload: Workload, sheets = buildSheets(model)): Costs {
  return costsOf(costInto(newRequestCost(), sheets, quantitiesOf(workload), workload), sheets.digits, workload);
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload, sheets = buildSheets(model)): Usd {
  return new Usd(roundedNanos(costInto(newRequestCost(), sheets, quantitiesOf(workload), workload), sheets.digits));
}
