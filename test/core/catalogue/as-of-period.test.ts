/**
 * catalogueAsOf: the catalogue as of a day, made once per price period, is the same as pricing every
 * model as of that day (modelsAsOf) on every day around every date a price changes or a model
 * appears, and days of one period share one list.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueAsOf } from '../../../src/core/catalogue/as-of-period.js';
import { firstDay, modelOn, priceTimeline, type PriceSet } from '../../../src/core/pricing/history.js';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', '..', 'data'));
const day = (date: string, delta: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

/** The oracle: the models that had a known price on `date`, each priced as it was then, one by one. */
function modelsAsOf(models: readonly Model[], date: string): Array<{ model: Model; set: PriceSet }> {
  const priced: Array<{ model: Model; set: PriceSet }> = [];
  for (const model of models) {
    const found = modelOn(model, date);
    if (found.kind === 'priced') priced.push({ model: found.model, set: found.set });
  }
  return priced;
}

describe('catalogueAsOf', () => {
  const changes = new Set<string>();
  for (const model of catalogue.models) {
    const first = firstDay(model);
    if (first) changes.add(first);
    for (const set of priceTimeline(model)) if (set.effectiveFrom) changes.add(set.effectiveFrom);
  }

  it('equals pricing every model as of the day, the day before, of and after each change', () => {
    expect(changes.size).toBeGreaterThan(3);
    for (const date of [...changes].flatMap((d) => [day(d, -1), d, day(d, 1)]).concat(['1999-01-01', '2099-12-31'])) {
      expect(catalogueAsOf(catalogue, date), date).toEqual(modelsAsOf(catalogue.models, date));
    }
  });

  it('is made once per period: two days of one period share the list, days of two periods do not', () => {
    const sorted = [...changes].sort();
    const [a, b] = sorted.slice(-3);
    const inside = catalogueAsOf(catalogue, a!);
    if (day(a!, 1) < b!) expect(catalogueAsOf(catalogue, day(a!, 1))).toBe(inside);
    expect(catalogueAsOf(catalogue, b!)).not.toBe(inside);
  });
});
