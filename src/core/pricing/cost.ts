/**
 * The cost engine: what a workload costs on a model, exactly. A cost is the sum of each unit's
 * quantity times its price on the sheet the request is billed at,
 * less the batch discount on tokens, with the off-peak percent of requests at the off-peak sheet.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { divideRoundHalfUp, parseScaled, Usd } from '../schema/money.js';
import { CACHE_TTLS, type CacheTtl } from './applied-prices.js';
import { buildSheets, SERVICE_TIERS, type ModelSheets, type ServiceTier } from './price-sheet.js';
import { quantitiesOf, type Quantities } from './quantities.js';
import { select } from './select.js';
import type { Workload } from './workload.js';

export { SERVICE_TIERS, type ServiceTier, CACHE_TTLS, type CacheTtl };
export { MODES, type Mode, type BillableExtras, type Workload } from './workload.js';
export { appliedPrices, type AppliedPrices } from './applied-prices-of.js';

/** Costs in USD, each the exact value rounded half up to the nano-dollar. */
export interface Costs {
  perRequest: Usd;
  daily: Usd;
  monthly: Usd;
}

/** Costs with the yearly one, worked out only for the answers that show it (calculate, compare). */
export interface CostsWithYear extends Costs {
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
 * each sum a unit's weight (×20) times its price (× 10^digits). Held as whole
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
export const nanoDivisor = (digits: number): number => DIVISORS[digits] as number;
// A table: the hot path of every ranking reads it, and a power with a variable exponent is slow.
const DIVISORS = Array.from({ length: 10 }, (_, d) => 200 * 10 ** d);

/** Below this, a cost's numerator is held exactly in numbers (nanos and rest); from it, as a bigint. */
export const LIMIT = 2 ** 52;

// The whole-and-remainder sum of the terms added so far; the engine is synchronous, so one scratch pair serves every call.
let whole = 0;
let part = 0;

// divide's answer, in scratch numbers as the sums are: the hot path makes no pair objects.
let quotient = 0;
let remainder = 0;

/** Splits k (an exact integer) into quotient × divisor + remainder, the remainder from 0 to below the divisor. */
function divide(k: number, divisor: number): void {
  quotient = Math.floor(k / divisor);
  remainder = k - quotient * divisor;
  // The quotient is a float's: one step either way makes it exact.
  if (remainder < 0) {
    quotient -= 1;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient += 1;
    remainder -= divisor;
  }
}

/** Adds s × m (s an exact integer below 2^52, m at most 10,000) to the scratch pair (first: to zero), exactly. */
export function addTerm(s: number, m: number, divisor: number, first: boolean): void {
  if (first) {
    whole = 0;
    part = 0;
  }
  if (s === 0 || m === 0) return;
  divide(s, divisor);
  whole += quotient * m;
  part += remainder * m;
}

/** Writes K (an exact integer below 2^52) into `out` as whole nano-dollars and a remainder below the divisor. */
export function settleWhole(out: RequestCost, k: number, divisor: number): RequestCost {
  divide(k, divisor);
  out.nanos = quotient;
  out.rest = remainder;
  out.big = undefined;
  return out;
}

/** Writes the scratch pair into `out` as whole nano-dollars and a remainder below the divisor; false when past 2^52 (out untouched). */
export function settle(out: RequestCost, divisor: number): boolean {
  divide(part, divisor);
  whole += quotient;
  part = remainder;
  if (whole >= LIMIT) return false;
  out.nanos = whole;
  out.rest = part;
  out.big = undefined;
  return true;
}

function sum(sheet: readonly number[], weights: readonly number[], units: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as number;
    s += (weights[u] as number) * (sheet[u] as number);
  }
  return s;
}

function bigSum(sheet: readonly number[], weights: readonly number[], units: readonly number[]): bigint {
  let s = 0n;
  for (const u of units) s += BigInt(weights[u] as number) * BigInt(sheet[u] as number);
  return s;
}

/** Writes the exact cost of one request of `q` on the model into `out`. */
export function costInto(out: RequestCost, ms: ModelSheets, q: Quantities, w: Workload): RequestCost {
  const s = select(ms, w, q.inputTokens);
  // The percent of the token price a request pays: 100, less the model's batch discount in batch mode.
  const paid = w.mode === 'batch' ? ms.batchPaid : 100;
  const divisor = nanoDivisor(ms.digits);
  const peak = s.peak.prices;
  const off = s.off?.prices;
  const offPercent = off === undefined ? 0 : s.percent;
  if (q.total * ms.maxPrice < LIMIT) {
    addTerm(sum(peak, q.weights, q.tokenUnits), (100 - offPercent) * paid, divisor, true);
    if (off !== undefined && offPercent > 0)
      addTerm(sum(off, q.weights, q.tokenUnits), offPercent * paid, divisor, false);
    addTerm(sum(peak, q.weights, q.feeUnits), 10_000, divisor, false);
    if (settle(out, divisor)) return out;
  }
  let k =
    bigSum(peak, q.weights, q.tokenUnits) * BigInt((100 - offPercent) * paid) +
    bigSum(peak, q.weights, q.feeUnits) * 10_000n;
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

/**
 * A cost's K as a number, for a ranking's cutoff (tableExceeds): exact below 2^53;
 * above that, or held as a bigint, larger than any K below 2^52, so no cheaper row is ever skipped.
 */
export function numeratorOf(c: RequestCost, digits: number): number {
  return c.big === undefined ? c.nanos * nanoDivisor(digits) + c.rest : Infinity;
}

/** A request cost rounded half up to whole nano-dollars. */
export function roundedNanos(c: RequestCost, digits: number): bigint {
  return BigInt(roundedCost(c, digits));
}

/** roundedNanos as a number, exact (below 2^52 + 1), unless the cost is held as a bigint: a ranking's walk makes no bigint per model. */
export function roundedCost(c: RequestCost, digits: number): number | bigint {
  if (c.big !== undefined) return divideRoundHalfUp(c.big, BigInt(nanoDivisor(digits)));
  return c.nanos + (2 * c.rest >= nanoDivisor(digits) ? 1 : 0);
}

export const newRequestCost = (): RequestCost => ({ nanos: 0, rest: 0, big: undefined });

/**
 * The costs of n requests a day: daily = perRequest × requests, monthly = daily × days, and with
 * `year`, yearly = monthly × 12; each rounded once.
 */
export function costsOf(c: RequestCost, digits: number, w: Workload): Costs;
export function costsOf(c: RequestCost, digits: number, w: Workload, year: true): CostsWithYear;
export function costsOf(c: RequestCost, digits: number, w: Workload, year?: true): Costs | CostsWithYear {
  const divisor = nanoDivisor(digits);
  const { requests, days } = w;
  const yearly = requests * days * 12;
  // At least the most a figure multiplies the request's cost by: the year's, or the day's or one
  // request's when there are no days or requests to count.
  const most = Math.max(requests, 1) * Math.max(days, 1) * 12;
  if (
    c.big === undefined &&
    Number.isInteger(requests) &&
    Number.isInteger(days) &&
    divisor * most <= Number.MAX_SAFE_INTEGER &&
    (c.nanos + 1) * most <= Number.MAX_SAFE_INTEGER
  ) {
    // Every product below is then an exact integer in a float (nearly every workload): each figure
    // is worked out there and one bigint made for its Usd, where the bigint arithmetic below makes
    // some forty per ranked item, on every ranking.
    const costs: CostsWithYear | Costs = {
      perRequest: timesRounded(c, 1, divisor),
      daily: timesRounded(c, requests, divisor),
      monthly: timesRounded(c, requests * days, divisor),
    };
    if (year) (costs as CostsWithYear).yearly = timesRounded(c, yearly, divisor);
    return costs;
  }
  const k = costNumerator(c, digits);
  const d = BigInt(divisor);
  const daily = k * BigInt(w.requests);
  const monthly = daily * BigInt(w.days);
  const usd = (n: bigint) => new Usd(divideRoundHalfUp(n, d));
  const costs = { perRequest: usd(k), daily: usd(daily), monthly: usd(monthly) };
  return year ? { ...costs, yearly: usd(monthly * 12n) } : costs;
}

/** The cost of `m` requests rounded half up to whole nano-dollars (divideRoundHalfUp), in exact float arithmetic (see costsOf). */
function timesRounded(c: RequestCost, m: number, divisor: number): Usd {
  divide(c.rest * m, divisor);
  return new Usd(BigInt(c.nanos * m + quotient + (2 * remainder >= divisor ? 1 : 0)));
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

/** What a workload costs on the model, yearly cost included: its own sheets unless the catalogue's are given. */
export function calculateCost(model: Model, workload: Workload, sheets = buildSheets(model)): CostsWithYear {
  return costsOf(costInto(newRequestCost(), sheets, quantitiesOf(workload), workload), sheets.digits, workload, true);
}

/** What a workload costs on the model by the day and month (calculateCost without the yearly cost). */
export function monthlyCost(model: Model, workload: Workload, sheets = buildSheets(model)): Costs {
  return costsOf(costInto(newRequestCost(), sheets, quantitiesOf(workload), workload), sheets.digits, workload);
}

/** The cost of one request alone (calculateCost(...).perRequest without the other three). */
export function costPerRequest(model: Model, workload: Workload, sheets = buildSheets(model)): Usd {
  return new Usd(roundedNanos(costInto(newRequestCost(), sheets, quantitiesOf(workload), workload), sheets.digits));
}
