/**
 * The price table every ranking reads: the standard-band prices of the catalogue's rankable models,
 * one column per unit, built once when the catalogue loads. A ranking walks 10,000 models per
 * request; reading one row of flat arrays per model, instead of its record and sheet objects, is
 * what keeps that walk under a millisecond. A request the table cannot price alone (a long-context
 * band, off-peak hours, a service tier the model sells) goes to costInto with the model's sheets:
 * the same sum of quantities times prices, so the same exact figure.
 */
import {
  addTerm,
  costInto,
  LIMIT,
  nanoDivisor,
  settle,
  settleWhole,
  type RequestCost,
  type Workload,
} from '../pricing/cost.js';
import type { ModelSheets, Sheet } from '../pricing/price-sheet.js';
import type { Quantities } from '../pricing/quantities.js';
import { UNIT_COUNT } from '../schema/units.js';

export interface PriceTable {
  readonly size: number;
  readonly digits: number;
  /** Price of unit u for model i at prices[u × size + i] (USD × 10^digits). */
  readonly prices: Float64Array;
  /** Input tokens from which model i leaves its standard band (Infinity with one band); fromThreshold: at it, else above it. */
  readonly firstThreshold: Float64Array;
  readonly fromThreshold: Uint8Array;
  /** Percent of token prices paid in batch mode. */
  readonly batchPaid: Float64Array;
  /** 1 when model i has off-peak prices or sells a service tier: a request asking for those goes to costInto. */
  readonly offPeak: Uint8Array;
  readonly tiered: Uint8Array;
  /** Each model's largest price (the overflow guard). */
  readonly maxPrice: Float64Array;
  readonly sheets: readonly ModelSheets[];
}

export function buildPriceTable(sheets: readonly ModelSheets[], digits: number): PriceTable {
  const size = sheets.length;
  const prices = new Float64Array(UNIT_COUNT * size);
  const firstThreshold = new Float64Array(size);
  const fromThreshold = new Uint8Array(size);
  const batchPaid = new Float64Array(size);
  const offPeak = new Uint8Array(size);
  const tiered = new Uint8Array(size);
  const maxPrice = new Float64Array(size);
  sheets.forEach((ms, i) => {
    const standard = ms.bands[0] as Sheet;
    for (let u = 0; u < UNIT_COUNT; u++) prices[u * size + i] = standard.prices[u] as number;
    firstThreshold[i] = ms.bands[1]?.threshold ?? Infinity;
    fromThreshold[i] = ms.fromThreshold ? 1 : 0;
    batchPaid[i] = ms.batchPaid;
    offPeak[i] = ms.offPeak ? 1 : 0;
    tiered[i] = Object.keys(ms.tiers).length > 0 ? 1 : 0;
    maxPrice[i] = ms.maxPrice;
  });
  return { size, digits, prices, firstThreshold, fromThreshold, batchPaid, offPeak, tiered, maxPrice, sheets };
}

/** Writes the exact cost of one request of `q` on model i into `out`: costInto's figure, from the table where it can. */
export function tableCostInto(out: RequestCost, table: PriceTable, i: number, q: Quantities, w: Workload): RequestCost {
  return onTable(table, i, q, w) && tableSumInto(out, table, i, q, w)
    ? out
    : costInto(out, table.sheets[i] as ModelSheets, q, w);
}

/**
 * Whether row i's K (the cost's exact numerator: nano-dollars × nanoDivisor) is above
 * `cutoff`, where the table alone prices the request (its standard band, no off-peak hours or
 * service tier of its own asked); false where it does not (the caller prices the row). Costs of
 * one table share a divisor, so K orders them as costs do: a ranking skips a row whose K is above
 * the k-th cheapest's (numeratorOf) without settling its cost. K as one float is exact below 2^52;
 * at or past it the true K is too (every term is a non-negative integer and rounding is monotone),
 * so it is above any cutoff below 2^52, which is exact; two figures past 2^52 are not compared.
 * For the door table's floors too (rows with no sheets). A boolean, not K: a float returned per
 * row is a heap number per row (160 KB of garbage a ranking of 10,000).
 */
export function tableExceeds(table: PriceTable, i: number, q: Quantities, w: Workload, cutoff: number): boolean {
  if (!onTable(table, i, q, w)) return false;
  const k = sumK(table, i, q, w);
  return k > cutoff && (k < LIMIT || cutoff < LIMIT);
}

/** Whether row i's standard prices price the request: not past its first threshold, no off-peak hours or service tier of its own asked, no overflow. */
function onTable(table: PriceTable, i: number, q: Quantities, w: Workload): boolean {
  const t = q.inputTokens;
  const first = table.firstThreshold[i] as number;
  const leaves = table.fromThreshold[i] === 1 ? t >= first : t > first;
  const tierAsked = w.serviceTier !== undefined && w.serviceTier !== 'standard';
  return !(
    leaves ||
    (table.offPeak[i] === 1 && w.timeOfDay !== undefined) ||
    (tierAsked && table.tiered[i] === 1) ||
    q.total * (table.maxPrice[i] as number) >= LIMIT
  );
}

/** The sum of quantities times row i's prices into `out`; false past 2^52. */
function tableSumInto(out: RequestCost, table: PriceTable, i: number, q: Quantities, w: Workload): boolean {
  const divisor = nanoDivisor(table.digits);
  // K itself when it is below 2^52 (nearly every request): every product and the sum are exact.
  const k = sumK(table, i, q, w);
  if (k < LIMIT) {
    settleWhole(out, k, divisor);
    return true;
  }
  // Past it, the two sums (each exact) and the share paid are added term by term.
  sumK(table, i, q, w, parts);
  addTerm(parts[0] as number, 100 * (parts[2] as number), divisor, true);
  addTerm(parts[1] as number, 10_000, divisor, false);
  return settle(out, divisor);
}

const parts = new Float64Array(3);

/** K as one float: exact below 2^52, where every product and the sum are integers a double holds; `into` gets the token sum, the fee sum and the percent paid. */
function sumK(table: PriceTable, i: number, q: Quantities, w: Workload, into?: Float64Array): number {
  const { prices, size } = table;
  const { weights, tokenUnits, feeUnits } = q;
  let tokens = 0;
  for (let k = 0; k < tokenUnits.length; k++) {
    const u = tokenUnits[k] as number;
    tokens += (weights[u] as number) * (prices[u * size + i] as number);
  }
  let fees = 0;
  for (let k = 0; k < feeUnits.length; k++) {
    const u = feeUnits[k] as number;
    fees += (weights[u] as number) * (prices[u * size + i] as number);
  }
  const paid = w.mode === 'batch' ? (table.batchPaid[i] as number) : 100;
  if (into) into.set([tokens, fees, paid]);
  return tokens * 100 * paid + fees * 10_000;
}
