/**
 * The price in force at a moment is decided today on several paths: a model as of a date
 * (modelOn: as_of=, the catalogue as of a day, re-pricing an export's rows), the catalogue and its
 * doors as priced on the answer's day (rankings, comparisons), a record shown on a day
 * (startedChange) and the months of a yearly cost (timelineOf). This test holds them to one
 * answer on every day from the earliest price on record to a year after the catalogue's last check,
 * for every model and door, so that one rule replacing them can be held to the same answers.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricedToday, startedChange } from '../../../src/core/advice/as-priced.js';
import type { Catalogue } from '../../../src/core/catalogue/catalogue.js';
import { doorBookOf } from '../../../src/core/offers/book.js';
import { firstDay, modelOn, pricesOf, priceTimeline, timelineOf } from '../../../src/core/pricing/history.js';
import { addMonths } from '../../../src/core/pricing/schedule.js';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { SheetCache } from '../../../src/core/usage/price-rows.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';

const DAY = 86_400_000;
const next = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** What a cost is worked out from: the price set's prices and the prices only some sets carry, with the tiers and batch. */
const inForce = (m: Model) =>
  JSON.stringify([
    pricesOf(m),
    m.longContext,
    m.longContextSteps,
    m.offPeak,
    m.cacheWrite1h,
    m.serviceTiers,
    m.batch?.discountPercent,
  ]);

let catalogue: Catalogue;
let days: string[];

beforeAll(() => {
  catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', '..', 'data'));
  const starts = catalogue.models.flatMap((m) => [
    firstDay(m) ?? m.checkedOn,
    ...priceTimeline(m).flatMap((s) => (s.effectiveFrom ? [s.effectiveFrom] : [])),
  ]);
  const end = addMonths(catalogue.lastUpdated, 12);
  days = [];
  for (let d = starts.sort()[0]!; d <= end; d = next(d)) days.push(d);
});

describe('the price in force on a day', () => {
  it('covers every day from the earliest price to a year ahead', () => {
    expect(days.length).toBeGreaterThan(365);
    expect(days.at(-1)).toBe(addMonths(catalogue.lastUpdated, 12));
  });

  it('is one answer for as_of, re-pricing and the yearly months, for every model on every day', () => {
    const sheets = new SheetCache();
    for (const m of catalogue.models) {
      const timeline = timelineOf(m);
      for (const d of days) {
        const on = modelOn(m, d);
        const row = sheets.on(m, d);
        if (on.kind !== 'priced') {
          expect([m.id, d, row.beforeFirstPrice]).not.toEqual([m.id, d, undefined]);
          continue;
        }
        expect([m.id, d, row.pricesFrom]).toEqual([m.id, d, on.set.effectiveFrom]);
        const month = timeline.filter((s) => s.effectiveFrom === null || s.effectiveFrom <= d).at(-1);
        expect([m.id, d, month && JSON.stringify(pricesOf(month))]).toEqual([
          m.id,
          d,
          JSON.stringify(pricesOf(on.set)),
        ]);
      }
    }
  });

  it("is one answer for today's rankings, a record shown on its day and each door, from the day a record was checked", () => {
    const book = doorBookOf(catalogue);
    const staticDoors = new Map(
      catalogue.models.flatMap((m) =>
        book
          .doorsOf(m.id)
          .filter((d) => !d.own && d.priced)
          .map((d) => [d.id, inForce(d.priced!)]),
      ),
    );
    const checkedDoors = new Set<Catalogue>();
    let compared = 0;
    for (const d of days) {
      const priced = pricedToday({ catalogue, today: d });
      const pricedBook = doorBookOf(priced);
      if (!checkedDoors.has(priced)) {
        checkedDoors.add(priced);
        // A door's price is its seller's: a maker's scheduled change moves the maker's door only.
        for (const m of priced.models)
          for (const door of pricedBook.doorsOf(m.id))
            if (!door.own && door.priced)
              expect([door.id, d, inForce(door.priced)]).toEqual([door.id, d, staticDoors.get(door.id)]);
      }
      for (const m of catalogue.models) {
        if (d < m.checkedOn) continue;
        const on = modelOn(m, d);
        if (on.kind !== 'priced') continue;
        const want = inForce(on.model);
        const ranked = priced.byId.get(m.id)!;
        const own = pricedBook.doorsOf(m.id).find((door) => door.own)!;
        expect([m.id, d, inForce(ranked), inForce(own.priced!), inForce(startedChange(m, d) ?? m)]).toEqual([
          m.id,
          d,
          want,
          want,
          want,
        ]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(catalogue.models.length * 365);
  });
});
