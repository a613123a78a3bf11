/**
 * The doors rankings walk, as flat columns (like the catalogue's price table): for each rankable
 * model (its row in `catalogue.rankable`), the rows of its vetted, priced doors, its own first,
 * each with its standard prices, limits and seller. Built on the first ranking over doors, so that
 * cheapest over 10,000 doors reads numbers, not records.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { buildPriceTable, type PriceTable } from '../catalogue/price-table.js';
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
}

export function buildDoorTable(catalogue: Catalogue, book: DoorBook): DoorTable {
  const rows: PricedDoor[] = [];
  const start = new Int32Array(catalogue.rankable.length + 1);
  catalogue.rankable.forEach((model, i) => {
    start[i] = rows.length;
    for (const door of book.doorsOf(model.id)) if (door.keptOut === undefined && door.priced) rows.push(door);
  });
  start[catalogue.rankable.length] = rows.length;
  const digits = rows.reduce((most, d) => Math.max(most, priceDigits(d.priced!)), catalogue.priceDigits);
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
