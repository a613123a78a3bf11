import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import type { ModelData } from '../../../src/core/schema/catalogue-schema.js';
import { modelOn, percentChange, priceChanges, priceOn, priceTimeline } from '../../../src/core/pricing/history.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { gammaBase } from '../../fixtures/catalogue.js';

const base = gammaBase('Mid', 3);

const entry = (effectiveFrom: string, input: number, output: number, extra: object = {}) => ({
  effectiveFrom,
  input,
  output,
  source: `set ${effectiveFrom}`,
  ...extra,
});

const models: ModelData[] = [
  {
    // Launch price, a past change, the record (same as the last past set), a scheduled change.
    ...base,
    id: 'gamma-one',
    name: 'Gamma One',
    input: 3,
    output: 15,
    cachedInput: 0.3,
    releaseDate: '2026-01-10',
    longContext: { threshold: 100_000, input: 6, output: 30 },
    priceHistory: [
      entry('2026-01-10', 2, 10, { cachedInput: 0.2, note: 'launch' }),
      entry('2026-06-01', 3, 15, { cachedInput: 0.3 }),
      entry('2027-01-01', 4, 20, { note: 'scheduled rise' }),
    ],
  },
  // No history: the record's prices since release.
  { ...base, id: 'gamma-two', name: 'Gamma Two', input: 1, output: 2, releaseDate: '2026-05-01' },
  // Released before its first dated price: unknown in between.
  {
    ...base,
    id: 'gamma-three',
    name: 'Gamma Three',
    input: 2,
    output: 8,
    releaseDate: '2026-01-01',
    priceHistory: [entry('2026-03-01', 2, 8)],
  },
  // Neither release date nor history: the record's prices as far back as asked.
  { ...base, id: 'gamma-four', name: 'Gamma Four', input: 0.5, output: 1 },
  // Only a scheduled set: the record's prices until then, the model existing as far back as asked.
  {
    ...base,
    id: 'gamma-six',
    name: 'Gamma Six',
    input: 0.75,
    output: 3.75,
    priceHistory: [entry('2027-01-01', 1.5, 7.5)],
  },
  // The record differs from its last past set: known from the check date.
  {
    ...base,
    id: 'gamma-five',
    name: 'Gamma Five',
    input: 2,
    output: 2,
    releaseDate: '2026-02-01',
    priceHistory: [entry('2026-02-01', 1, 1)],
  },
];

const catalogue = buildCatalogue([
  {
    file: 'gamma.json',
    data: { provider: { slug: 'gamma', name: 'Gamma', pricingUrl: 'https://gamma.example/pricing' }, models },
  },
]);
const model = (id: string) => catalogue.byId.get(id)!;

function pricedOn(id: string, date: string) {
  const found = priceOn(model(id), date);
  if (found.kind !== 'priced') throw new Error(`${id} on ${date}: ${found.kind}`);
  return found.set;
}

describe('priceOn', () => {
  it('applies each dated set from its day until the next one', () => {
    expect(pricedOn('gamma-one', '2026-01-10')).toMatchObject({
      effectiveFrom: '2026-01-10',
      input: 2,
      output: 10,
      cachedInput: 0.2,
      note: 'launch',
    });
    expect(pricedOn('gamma-one', '2026-05-31')).toMatchObject({ input: 2, output: 10 });
    expect(pricedOn('gamma-one', '2026-06-01')).toMatchObject({
      effectiveFrom: '2026-06-01',
      input: 3,
      output: 15,
      cachedInput: 0.3,
    });
  });

  it('gives the record its prices on and after checkedOn, until a scheduled set starts', () => {
    expect(pricedOn('gamma-one', '2026-11-21')).toMatchObject({ input: 3, output: 15 });
    expect(pricedOn('gamma-one', '2026-12-31')).toMatchObject({ input: 3, output: 15 });
    const next = pricedOn('gamma-one', '2027-01-01');
    expect(next).toMatchObject({ effectiveFrom: '2027-01-01', input: 4, output: 20, note: 'scheduled rise' });
    expect(next.cachedInput).toBeUndefined();
  });

  it('keeps the long-context tier only on the price set the record continues', () => {
    expect(pricedOn('gamma-one', '2026-07-01').longContext).toEqual({ threshold: 100_000, input: 6, output: 30 });
    expect(pricedOn('gamma-one', '2026-02-01').longContext).toBeUndefined();
    expect(pricedOn('gamma-one', '2027-02-01').longContext).toBeUndefined();
  });

  it('says a model did not exist before its release', () => {
    expect(priceOn(model('gamma-one'), '2026-01-09')).toEqual({ kind: 'not-released', releasedOn: '2026-01-10' });
    expect(priceOn(model('gamma-two'), '2026-04-30')).toEqual({ kind: 'not-released', releasedOn: '2026-05-01' });
    expect(priceOn(model('gamma-three'), '2025-12-31')).toEqual({ kind: 'not-released', releasedOn: '2026-01-01' });
  });

  it('takes the record prices back to the release when nothing older is recorded', () => {
    expect(pricedOn('gamma-two', '2026-05-01')).toMatchObject({
      effectiveFrom: '2026-05-01',
      input: 1,
      output: 2,
      source: 'record check',
    });
  });

  it('knows the price of a model without a release date only from its checkedOn', () => {
    // Nothing says when gamma-four appeared or what it cost before it was checked.
    expect(priceOn(model('gamma-four'), '1999-01-01')).toEqual({ kind: 'unknown', knownFrom: '2026-11-21' });
    expect(priceOn(model('gamma-four'), '2026-11-20')).toEqual({ kind: 'unknown', knownFrom: '2026-11-21' });
    expect(pricedOn('gamma-four', '2026-11-21')).toMatchObject({ effectiveFrom: '2026-11-21', input: 0.5, output: 1 });
  });

  it('does not read a scheduled set as the start of a model without a release date', () => {
    expect(priceOn(model('gamma-six'), '2020-01-01')).toEqual({ kind: 'unknown', knownFrom: '2026-11-21' });
    expect(pricedOn('gamma-six', '2026-12-31')).toMatchObject({ input: 0.75, output: 3.75 });
    expect(pricedOn('gamma-six', '2027-01-01')).toMatchObject({ effectiveFrom: '2027-01-01', input: 1.5, output: 7.5 });
  });

  it('says the price is unknown between the release and the first dated set', () => {
    expect(priceOn(model('gamma-three'), '2026-02-28')).toEqual({ kind: 'unknown', knownFrom: '2026-03-01' });
    expect(pricedOn('gamma-three', '2026-03-01')).toMatchObject({ input: 2, output: 8 });
  });

  it('knows a record that differs from its last dated set only from checkedOn', () => {
    expect(pricedOn('gamma-five', '2026-11-20')).toMatchObject({ input: 1, output: 1 });
    expect(pricedOn('gamma-five', '2026-11-21')).toMatchObject({ effectiveFrom: '2026-11-21', input: 2, output: 2 });
  });
});

describe('modelOn', () => {
  it('replaces every price field, dropping those the set in force lacks', () => {
    const then = modelOn(model('gamma-one'), '2027-03-01');
    expect(then.kind).toBe('priced');
    if (then.kind !== 'priced') return;
    expect(then.model).toMatchObject({ id: 'gamma-one', input: 4, output: 20 });
    expect('cachedInput' in then.model).toBe(false);
    expect('longContext' in then.model).toBe(false);
    // The fields keep their places in the record.
    const june = modelOn(model('gamma-one'), '2026-06-01');
    if (june.kind === 'priced') expect(Object.keys(june.model)).toEqual(Object.keys(model('gamma-one')));
    // The original record is untouched.
    expect(model('gamma-one')).toMatchObject({ input: 3, output: 15, cachedInput: 0.3 });
  });
});

describe('priceChanges', () => {
  it('lists changes newest first, marking those after checkedOn as scheduled', () => {
    const list = priceChanges(catalogue.models).map((c) => ({
      id: c.model.id,
      date: c.date,
      from: c.from,
      to: c.to,
      scheduled: c.scheduled,
    }));
    expect(list).toEqual([
      {
        id: 'gamma-one',
        date: '2027-01-01',
        from: { input: 3, output: 15, cachedInput: 0.3 },
        to: { input: 4, output: 20 },
        scheduled: true,
      },
      {
        id: 'gamma-six',
        date: '2027-01-01',
        from: { input: 0.75, output: 3.75 },
        to: { input: 1.5, output: 7.5 },
        scheduled: true,
      },
      {
        id: 'gamma-five',
        date: '2026-11-21',
        from: { input: 1, output: 1 },
        to: { input: 2, output: 2 },
        scheduled: false,
      },
      {
        id: 'gamma-one',
        date: '2026-06-01',
        from: { input: 2, output: 10, cachedInput: 0.2 },
        to: { input: 3, output: 15, cachedInput: 0.3 },
        scheduled: false,
      },
    ]);
  });

  it('has none for a model whose only dated set is its record', () => {
    expect(priceChanges([model('gamma-three'), model('gamma-two')])).toEqual([]);
    expect(priceTimeline(model('gamma-three'))).toHaveLength(1);
  });
});

describe('percentChange', () => {
  it('is exact to two decimals, half away from zero', () => {
    expect(percentChange(2, 3)).toBe(50);
    expect(percentChange(0.75, 1.5)).toBe(100);
    expect(percentChange(3, 2)).toBe(-33.33);
    expect(percentChange(3, 1)).toBe(-66.67);
    expect(percentChange(7, 8)).toBe(14.29); // 14.2857…
    expect(percentChange(0.1, 0.3)).toBe(200); // no float noise: 0.3 / 0.1 is 2.9999999999999996 in floats
    expect(percentChange(0, 1)).toBeUndefined();
  });
});

describe('the real catalogue in data/', () => {
  const real = loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', '..', 'data'));

  it('prices every model on its checkedOn at the record prices', () => {
    for (const m of real.models) {
      const found = priceOn(m, m.checkedOn);
      expect(found.kind, m.id).toBe('priced');
      if (found.kind === 'priced') {
        expect([found.set.input, found.set.output, found.set.cachedInput], m.id).toEqual([
          m.input,
          m.output,
          m.cachedInput,
        ]);
        expect(found.set.longContext, m.id).toEqual(m.longContext);
      }
    }
  });

  it('has GPT-5.6 Sol at its launch price before 2026-08-21 and at $4/$20 from then', () => {
    const sol = real.byId.get('openai-gpt-5.6-sol');
    if (!sol) return; // the catalogue may drop the model one day; the fixtures above cover the rules
    expect(priceOn(sol, '2026-08-20')).toMatchObject({ kind: 'priced', set: { input: 5, output: 30 } });
    expect(priceOn(sol, '2026-08-21')).toMatchObject({ kind: 'priced', set: { input: 4, output: 20 } });
    expect(priceChanges([sol]).map((c) => [c.date, c.from.input, c.to.input])).toEqual([['2026-08-21', 5, 4]]);
  });

  it('has Claude Sonnet 5 at $2/$10 throughout (the increase scheduled for 2026-09-01 was cancelled)', () => {
    const sonnet = real.byId.get('anthropic-claude-sonnet-5');
    if (!sonnet) return;
    expect(priceOn(sonnet, '2026-08-31')).toMatchObject({ kind: 'priced', set: { input: 2, output: 10 } });
    expect(priceOn(sonnet, '2026-09-01')).toMatchObject({ kind: 'priced', set: { input: 2, output: 10 } });
    expect(priceChanges([sonnet])).toEqual([]);
  });
});
