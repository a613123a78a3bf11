/**
 * The doors rankings walk, as flat columns (like the catalogue's price table): for each rankable
 * model (its row in `catalogue.rankable`), the rows of its vetted, priced doors, its own first,
 * each with its standard prices, limits and seller. Built on the first ranking over doors, so that
 * cheapest over 10,000 doors reads numbers, not records.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { buildPriceTable, tableCostInto, type PriceTable } from '../catalogue/price-table.js';
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
}

export function buildDoorTable(catalogue: Catalogue, book: DoorBook): DoorTable {
  const rows: PricedDoor[] = [];
  const start = new Int32Array(catalogue.rankable.length + 1);
  // At the catalogue's digits, so that rankings compare and present door costs as they do the records'
  // (a door priced finer than every record, none today, is left to /api/offers).
  const digits = catalogue.priceDigits;
  catalogue.rankable.forEach((model, i) => {
    start[i] = rows.length;
    for (const door of book.doorsOf(model.id)) if (door.keptOut === undefined && door.priced && priceDigits(door.priced) <= digits) rows.push(door);
  });
  start[catalogue.rankable.length] = rows.length;
  const sellers = [...book.sellers.keys()];
  const index = new Map(sellers.map((s, i) => [s, i]));
  return {
    start,
    doors: rows,
    prices: buildPriceTable(rows.map((d) => buildSheets(d.priced!, digits)), digits),
    contextTokens: Float64Array.from(rows, (d) => d.priced!.contextTokens),
    maxOutput: Float64Array.from(rows, (d) => d.priced!.maxOutputTokens ?? Infinity),
    seller: Int32Array.from(rows, (d) => index.get(d.seller.slug) ?? -1),
    sellers,
    rowOf: new Map(catalogue.rankable.map((m, i) => [m.id, i])),
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

/**
 * The cheapest door of model row i that runs the workload, among the sellers `allowed` lets in
 * (`allowed[s]` 1; all when undefined), and other than its own with `directOnly`: its cost written
 * into `out`, its table row returned (-1: none). Ties go to the first row (its own, then by seller slug).
 */
export function cheapestDoorInto(table: DoorTable, i: number, q: Quantities, w: Workload, out: RequestCost, allowed?: Uint8Array, directOnly = false): number {
  const { start, contextTokens, maxOutput, seller, prices, doors } = table;
  const tokens = w.inputTokens + w.outputTokens;
  let best = -1;
  const first = start[i] as number;
  for (let r = directOnly && doors[first]?.own ? first + 1 : first; r < (start[i + 1] as number); r++) {
    if (allowed && allowed[seller[r] as number] !== 1) continue;
    if (tokens > (contextTokens[r] as number) || w.outputTokens > (maxOutput[r] as number)) continue;
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
