/**
 * The doors rankings walk, as flat columns (like the catalogue's price table): for each rankable
 * model (its row in `catalogue.rankable`), the rows of its vetted, priced doors, its own first,
 * each with its standard prices, limits and seller. Built on the first ranking over doors, so that
 * cheapest over 10,000 doors reads numbers, not records.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { buildPriceTable, tableCostInto, type PriceTable } from '../catalogue/price-table.js';
import { UNIT_COUNT } from '../schema/units.js';
import { compareCosts, type RequestCost, type Workload } from '../pricing/cost.js';
import type { Quantities } from '../pricing/quantities.js';
import { buildSheets, priceDigits } from '../pricing/price-sheet.js';
import type { DoorBook, PricedDoor } from './book.js';

export interface DoorTable {
  /** Model row i's doors are rows start[i] to start[i + 1] − 1. */
  readonly start: Int32Array;
  readonly doors: readonly PricedDoor[];
  readonly prices: PriceTable;
  readonly contextTokens: Float64Array;
  /** Largest output per door, Infinity where unknown. */
  readonly maxOutput: Float64Array;
  /** Each door's seller as an index into `sellers`. */
  readonly seller: Int32Array;
  readonly sellers: readonly string[];
  /** Each rankable model's row, by id. */
  readonly rowOf: ReadonlyMap<string, number>;
  /**
   * Row i: model row i's floor, each unit at its lowest price among the model's doors (the lowest
   * batch share, the first threshold, any door's off-peak hours or tiers): no door of the model
   * costs less for a request the floor prices (tableExceeds). A ranking prices a model's doors
   * one by one only where its floor could enter the answer.
   */
  readonly floor: PriceTable;
}

export function buildDoorTable(catalogue: Catalogue, book: DoorBook): DoorTable {
  const rows: PricedDoor[] = [];
  const start = new Int32Array(catalogue.rankable.length + 1);
  // At the catalogue's digits, so that rankings compare and present door costs as they do the records'
  // (a door priced finer than every record, none today, is left to /api/offers).
  const digits = catalogue.priceDigits;
  catalogue.rankable.forEach((model, i) => {
    start[i] = rows.length;
    for (const door of book.doorsOf(model.id))
      if (door.keptOut === undefined && door.priced && priceDigits(door.priced) <= digits) rows.push(door);
  });
  start[catalogue.rankable.length] = rows.length;
  const sellers = [...book.sellers.keys()];
  const index = new Map(sellers.map((s, i) => [s, i]));
  const prices = buildPriceTable(
    rows.map((d) => buildSheets(d.priced!, digits)),
    digits,
  );
  return {
    start,
    doors: rows,
    prices,
    floor: floorTable(prices, start),
    contextTokens: Float64Array.from(rows, (d) => d.priced!.contextTokens),
    maxOutput: Float64Array.from(rows, (d) => d.priced!.maxOutputTokens ?? Infinity),
    seller: Int32Array.from(rows, (d) => index.get(d.seller.slug) ?? -1),
    sellers,
    rowOf: new Map(catalogue.rankable.map((m, i) => [m.id, i])),
  };
}

/** Each model row's floor over its door rows (start[i] to start[i + 1] − 1); a model with no door has none (its threshold −Infinity). */
function floorTable(doors: PriceTable, start: Int32Array): PriceTable {
  const size = start.length - 1;
  const prices = new Float64Array(UNIT_COUNT * size).fill(Infinity);
  const firstThreshold = new Float64Array(size).fill(Infinity);
  const batchPaid = new Float64Array(size).fill(Infinity);
  const offPeak = new Uint8Array(size);
  const tiered = new Uint8Array(size);
  const maxPrice = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    for (let r = start[i] as number; r < (start[i + 1] as number); r++) {
      for (let u = 0; u < UNIT_COUNT; u++)
        prices[u * size + i] = Math.min(prices[u * size + i] as number, doors.prices[u * doors.size + r] as number);
      firstThreshold[i] = Math.min(firstThreshold[i] as number, doors.firstThreshold[r] as number);
      batchPaid[i] = Math.min(batchPaid[i] as number, doors.batchPaid[r] as number);
      offPeak[i] = Math.max(offPeak[i] as number, doors.offPeak[r] as number);
      tiered[i] = Math.max(tiered[i] as number, doors.tiered[r] as number);
      maxPrice[i] = Math.max(maxPrice[i] as number, doors.maxPrice[r] as number);
    }
    if (start[i] === start[i + 1]) firstThreshold[i] = -Infinity;
  }
  // At its first threshold a floor leaves its standard band, whichever way its door counts it: the floor holds below every door's band.
  return {
    size,
    digits: doors.digits,
    prices,
    firstThreshold,
    fromThreshold: new Uint8Array(size).fill(1),
    batchPaid,
    offPeak,
    tiered,
    maxPrice,
    sheets: [],
  };
}

// Each book's table, made on first use.
const tables = new WeakMap<DoorBook, DoorTable>();

export function doorTableOf(catalogue: Catalogue, book: DoorBook): DoorTable {
  let table = tables.get(book);
  if (!table) {
    table = buildDoorTable(catalogue, book);
    tables.set(book, table);
  }
  return table;
}

const trial: RequestCost = { nanos: 0, rest: 0, big: undefined };

/** Whether door row r is one of the sellers `allowed` lets in and runs the workload (context, output). */
function runs(table: DoorTable, r: number, w: Workload, allowed: Uint8Array | undefined): boolean {
  if (allowed && allowed[table.seller[r] as number] !== 1) return false;
  return (
    w.inputTokens + w.outputTokens <= (table.contextTokens[r] as number) &&
    w.outputTokens <= (table.maxOutput[r] as number)
  );
}

/** Whether some door of model row i runs the workload, among the sellers `allowed` lets in (all when undefined). */
export function runsAnyDoor(table: DoorTable, i: number, w: Workload, allowed?: Uint8Array): boolean {
  for (let r = table.start[i] as number; r < (table.start[i + 1] as number); r++)
    if (runs(table, r, w, allowed)) return true;
  return false;
}

/**
 * The cheapest door of model row i that runs the workload, among the sellers `allowed` lets in
 * (`allowed[s]` 1; all when undefined), and other than its own with `directOnly`: its cost written
 * into `out`, its table row returned (-1: none). Ties go to the first row (its own, then by seller slug).
 */
export function cheapestDoorInto(
  table: DoorTable,
  i: number,
  q: Quantities,
  w: Workload,
  out: RequestCost,
  allowed?: Uint8Array,
  directOnly = false,
): number {
  const { start, prices, doors } = table;
  let best = -1;
  const first = start[i] as number;
  for (let r = directOnly && doors[first]?.own ? first + 1 : first; r < (start[i + 1] as number); r++) {
    if (!runs(table, r, w, allowed)) continue;
    tableCostInto(trial, prices, r, q, w);
    if (best === -1 || compareCosts(trial, out, prices.digits) < 0) {
      best = r;
      out.nanos = trial.nanos;
      out.rest = trial.rest;
      out.big = trial.big;
    }
  }
  return best;
}
