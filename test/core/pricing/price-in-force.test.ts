/**
 * The price in force at a moment is decided today on several paths: a model as of a date
 * (modelOn: as_of=, the catalogue as of a day, re-pricing an export's rows), the catalogue and its
 * doors as priced on the answer's day (rankings, comparisons), a record shown on a day
 * (startedChange) and the months of a yearly cost (timelineOf); within the day, the moment picks
 * the peak or off-peak prices of the set in force. This test holds them to one answer on every day
 * from the earliest price on record to a year after the catalogue's last check, for every model and
 * door, so that one rule replacing them can be held to the same answers.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricedToday } from '../../../src/core/advice/as-priced.js';
import type { Catalogue } from '../../../src/core/catalogue/catalogue.js';
import { startedChange } from '../../../src/core/catalogue/priced-on.js';
import { doorBookOf } from '../../../src/core/offers/book.js';
import { firstDay, modelOn, pricesOf, priceTimeline, timelineOf } from '../../../src/core/pricing/history.js';
import { calculateCost, type Workload } from '../../../src/core/pricing/cost.js';
import { buildSheets } from '../../../src/core/pricing/price-sheet.js';
import { addMonths } from '../../../src/core/pricing/schedule.js';
import type { TimeOfDay } from '../../../src/core/pricing/time-of-day.js';
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

/** Minutes after midnight of `HH:MM` (a time of day, or an offset's size). */
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether an instant is off-peak under a record's off-peak times, read from the record as written:
 * in a daily UTC window [start, end) (which may wrap midnight), or on a Saturday or Sunday of the
 * weekend rule's local time from its first local day on.
 */
function offPeakAt(off: NonNullable<Model['offPeak']>, ms: number): boolean {
  const minute = Math.floor(ms / 60_000) % 1440;
  const windows = off.windows ?? [{ startUtc: off.startUtc!, endUtc: off.endUtc! }];
  const inWindow = windows.some((w) => {
    const [start, end] = [minutes(w.startUtc), minutes(w.endUtc)];
    return start < end ? minute >= start && minute < end : minute >= start || minute < end;
  });
  if (inWindow || !off.weekends) return inWindow;
  const { utcOffset, since } = off.weekends;
  const local = new Date(ms + (utcOffset.startsWith('-') ? -1 : 1) * minutes(utcOffset.slice(1)) * 60_000);
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  return weekend && (since === undefined || local.toISOString().slice(0, 10) >= since);
}

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
        const ranked = priced.byId.get(m.id)!;
        // The record itself, until a change scheduled after its check has started.
        const started = (m.priceHistory ?? []).some((e) => e.effectiveFrom > m.checkedOn && e.effectiveFrom <= d);
        expect([m.id, d, ranked === m, startedChange(m, d) === undefined]).toEqual([m.id, d, !started, !started]);
        if (d < m.checkedOn) continue;
        const on = modelOn(m, d);
        if (on.kind !== 'priced') continue;
        const want = inForce(on.model);
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

  it('bills each half hour of every day at the off-peak prices in force exactly in their windows and weekends', () => {
    const workload: Workload = { inputTokens: 1000, outputTokens: 1000, requests: 1, days: 1, mode: 'standard' };
    let offPeak = 0;
    let peak = 0;
    for (const m of catalogue.models) {
      for (const d of days) {
        const on = modelOn(m, d);
        if (on.kind !== 'priced' || !on.model.offPeak) continue;
        const sheets = buildSheets(on.model);
        const cost = (timeOfDay: TimeOfDay) =>
          calculateCost(on.model, { ...workload, timeOfDay }, sheets).perRequest.toString();
        const [atPeak, atOffPeak] = [cost({ offPeakPercent: 0 }), cost({ offPeakPercent: 100 })];
        expect(atOffPeak).not.toBe(atPeak);
        for (let ms = Date.parse(`${d}T00:00:00Z`), end = ms + DAY; ms < end; ms += DAY / 48) {
          const off = offPeakAt(on.model.offPeak, ms);
          const at = new Date(ms).toISOString();
          expect([m.id, at, cost({ instantMs: ms })]).toEqual([m.id, at, off ? atOffPeak : atPeak]);
          if (off) offPeak++;
          else peak++;
        }
      }
    }
    // Both answers occur, on more than a year of days.
    expect(Math.min(offPeak, peak)).toBeGreaterThan(365 * 4);
  });
});
