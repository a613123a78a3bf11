/**
 * The catalogue as of a day, made once per price period: the days between two consecutive dates
 * on which any model's prices change or a model appears give every model the same prices, so they
 * share one list. A request for a new day inside a period costs its answer's serialisation, not a
 * rebuild of every model's price history (there are millions of valid dates, and a few dozen periods).
 */
import { firstDay, modelOn, priceTimeline, type PriceSet } from '../pricing/history.js';
import { inForce } from '../pricing/in-force.js';
import type { Model } from '../schema/catalogue-schema.js';
import type { Catalogue } from './catalogue.js';

export interface PricedThen {
  model: Model;
  set: PriceSet;
}

interface Periods {
  /** The days a period starts, ascending. */
  starts: string[];
  /** Each period's models, by its start ('' for the days before the first). */
  made: Map<string, readonly PricedThen[]>;
}

const periodsOf = new WeakMap<Catalogue, Periods>();

/** The catalogue's models that had a known price on `date` (YYYY-MM-DD), each priced as it was then; shared: never change it. */
export function catalogueAsOf(catalogue: Catalogue, date: string): readonly PricedThen[] {
  let periods = periodsOf.get(catalogue);
  if (periods === undefined) {
    const starts = new Set<string>();
    for (const model of catalogue.models) {
      const first = firstDay(model);
      if (first !== undefined) starts.add(first);
      for (const set of priceTimeline(model)) if (set.effectiveFrom !== null) starts.add(set.effectiveFrom);
    }
    periods = { starts: [...starts].sort(), made: new Map() };
    periodsOf.set(catalogue, periods);
  }
  const start = inForce(periods.starts, date) ?? '';
  let made = periods.made.get(start);
  if (made === undefined) {
    const priced: PricedThen[] = [];
    for (const model of catalogue.models) {
      const found = modelOn(model, date);
      if (found.kind === 'priced') priced.push({ model: found.model, set: found.set });
    }
    made = priced;
    periods.made.set(start, made);
  }
  return made;
}
