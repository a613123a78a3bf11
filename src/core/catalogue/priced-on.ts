/**
 * The catalogue as priced on a day. A record holds the prices of the day it was checked; a change
 * its priceHistory schedules after that day is not in them until the refresh writes it. Rankings
 * and comparisons price today, so they read this: the catalogue itself while no scheduled change
 * has started, else one whose records carry the prices in force that day (their history, dates
 * and everything else as they were), made once per started change and shared.
 */
import { modelOn, timelineOf } from '../pricing/history.js';
import { inForce } from '../pricing/in-force.js';
import type { Model } from '../schema/catalogue-schema.js';
import { assembleCatalogue } from './assemble.js';
import type { Catalogue } from './catalogue.js';

interface Schedule {
  /** The days scheduled changes start (after their record's check), ascending. */
  starts: string[];
  /** The catalogue as priced from each start on, made on first use. */
  made: Map<string, Catalogue>;
}

const schedules = new WeakMap<Catalogue, Schedule>();

/** Days a record's prices change after the day it was checked. */
const scheduledStarts = (m: Model): string[] =>
  (m.priceHistory ?? []).map((e) => e.effectiveFrom).filter((d) => d > m.checkedOn);

/**
 * The record as priced on `day` when a scheduled change has started by then (the catalogue
 * holds the prices of the day it was checked); undefined when the record's own prices hold.
 */
export function startedChange(record: Model, day: string): Model | undefined {
  const start = inForce(timelineOf(record), day)?.effectiveFrom;
  if (start == null || start <= record.checkedOn) return undefined;
  const found = modelOn(record, day);
  return found.kind === 'priced' ? found.model : undefined;
}

/** The catalogue priced on `day` (YYYY-MM-DD); the same object when no scheduled change has started by then. */
export function catalogueOn(catalogue: Catalogue, day: string): Catalogue {
  let schedule = schedules.get(catalogue);
  if (schedule === undefined) {
    schedule = { starts: [...new Set(catalogue.models.flatMap(scheduledStarts))].sort(), made: new Map() };
    schedules.set(catalogue, schedule);
  }
  // Every day from one start to the next prices alike: the catalogue of the last start on or before `day`.
  const start = inForce(schedule.starts, day);
  if (start === undefined) return catalogue;
  let priced = schedule.made.get(start);
  if (priced === undefined) {
    priced = repricedOn(catalogue, start);
    schedule.made.set(start, priced);
  }
  return priced;
}

function repricedOn(catalogue: Catalogue, day: string): Catalogue {
  const swapped = new Map<Model, Model>();
  const models = catalogue.models.map((m) => {
    const priced = startedChange(m, day);
    if (priced) swapped.set(m, priced);
    return priced ?? m;
  });
  const byId = new Map([...catalogue.byId].map(([key, m]) => [key, swapped.get(m) ?? m] as const));
  return assembleCatalogue({
    models,
    providers: catalogue.providers,
    byId,
    scoreDetails: catalogue.scoreDetails,
    benchmarksOf: catalogue.benchmarksOf,
  });
}
