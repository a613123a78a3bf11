// The door book over the hand-made fixture catalogue: vetting, ranking, resolveDoor.
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { buildDoorBook, doorBookOf, attachDoorData } from '../../../src/core/offers/book.js';
import type { Door, Seller } from '../../../src/core/offers/door-schema.js';
import type { ProviderFile } from '../../../src/core/schema/catalogue-schema.js';
import { rankDoors } from '../../../src/core/offers/rank.js';
import { resolveDoor, splitDoorId } from '../../../src/core/offers/resolve.js';
import { fixtureFiles } from '../../fixtures/catalogue.js';
import { evidenceFile } from '../../fixtures/evidence.js';

const seller = (slug: string, kind: Seller['kind'], extra: Partial<Seller> = {}): Seller => ({ slug, name: `${slug} Inc`, kind, aliases: [], regionPolicy: 'global', ...extra });
const sellers = {
  reviewed: '2026-11-28',
  sellers: [seller('alpha', 'maker'), seller('h1', 'host', { aliases: ['h-one'] }), seller('h2', 'host'), seller('h3', 'host'), seller('cheap', 'host'), seller('dear', 'host'), seller('gw', 'gateway'), seller('trial', 'host', { free: 'trial' }), seller('plan', 'subscription', { free: 'plan' }), seller('cloud', 'cloud'), seller('small', 'host')],
};
const door = (s: string, input: number | undefined, output = input, extra: Partial<Door> = {}): Door => ({
  model: 'alpha-mini', seller: s, sellerModelId: `vendor/alpha-mini`, ...(input === undefined ? {} : { prices: { input, output: output as number } }), source: 'fixture', date: '2026-10-01', ...extra,
});
// alpha-mini is $0.25 in, $2 out at its maker.
const files = [{
  maker: 'alpha',
  sources: ['fixture'],
  doors: [
    door('h1', 0.2, 1.8), door('h2', 0.3, 2.2), door('h3', 0.25, 2), door('cloud', 0.275, 2.2),
    door('cheap', 0.01, 0.05), door('dear', 3, 30), door('gw', 0.1, 1), door('trial', 0, 0), door('plan', 0, 0),
    door('small', 0.05 * 2, 0.4 * 2, { contextTokens: 8000 }), door('h1', 0.2, 1.8, { model: 'alpha-large' }),
    { model: 'alpha-nano', seller: 'h2', sellerModelId: 'alpha-nano', source: 'fixture', date: '2026-10-01' },
  ],
}];
const catalogue = buildCatalogue(fixtureFiles, evidenceFile());
const book = buildDoorBook(catalogue, { sellers, files });
const workload = { inputTokens: 10_000, outputTokens: 1_000, requests: 100, days: 30, mode: 'standard' as const };

describe('vetting', () => {
  const reason = (s: string, model = 'alpha-mini') => book.doorsOf(model).find((d) => d.seller.slug === s)?.keptOut;
  it('keeps out trials, plans, gateways, doors without a price and doors over 5x from the median either way', () => {
    expect(reason('trial')).toBe('trial');
    expect(reason('plan')).toBe('plan');
    expect(reason('gw')).toBe('gateway');
    expect(reason('h2', 'alpha-nano')).toBe('no_price');
    expect(reason('cheap')).toBe('outlier');
    expect(reason('dear')).toBe('outlier');
    for (const s of ['alpha', 'h1', 'h2', 'h3', 'cloud', 'small']) expect(reason(s), s).toBeUndefined();
  });
  it('puts the record\'s own door first, priced as the catalogue prices it', () => {
    const own = book.doorsOf('alpha-mini')[0]!;
    expect(own).toMatchObject({ own: true, id: 'alpha-mini@alpha' });
    expect(own.priced).toBe(catalogue.byId.get('alpha-mini'));
  });
});

describe('rankDoors', () => {
  it('ranks vetted doors by monthly cost, lists the ones that cannot run the workload and the kept-out apart', () => {
    const { ranked, cannotRun, keptOut } = rankDoors(book.doorsOf('alpha-mini'), workload);
    // Monthly: (10,000 × input + 1,000 × output) / 1e6 × 100 × 30.
    const monthly = (i: number, o: number) => (10_000 * i + 1_000 * o) * 3000 / 1e6;
    expect(ranked.map((r) => r.door.seller.slug)).toEqual(['h1', 'alpha', 'h3', 'cloud', 'h2']);
    expect(ranked.map((r) => r.costs.monthly.toNumber())).toEqual([monthly(0.2, 1.8), monthly(0.25, 2), monthly(0.25, 2), monthly(0.275, 2.2), monthly(0.3, 2.2)]);
    expect(cannotRun.map((r) => [r.door.seller.slug, r.problem])).toEqual([['small', 'context_window']]);
    expect(keptOut.map((d) => d.seller.slug).sort()).toEqual(['cheap', 'dear', 'gw', 'plan', 'trial']);
  });
});

describe('resolveDoor', () => {
  const attached = buildCatalogue(fixtureFiles, evidenceFile());
  attachDoorData(attached, () => ({ sellers, files }));
  it('names one door by <model-id>@<seller>, the seller by slug or alias', () => {
    expect(splitDoorId('alpha-mini@h1')).toEqual({ model: 'alpha-mini', seller: 'h1' });
    expect(splitDoorId('alpha-mini')).toBeUndefined();
    const d = resolveDoor(attached, 'Alpha-Mini@H-ONE');
    expect(d?.priced).toMatchObject({ id: 'alpha-mini@h1', input: 0.2, output: 1.8, checkedOn: '2026-10-01' });
    expect(d?.priced?.cachedInput).toBeUndefined();
    expect(resolveDoor(attached, 'alpha-mini@alpha')?.own).toBe(true);
    expect(resolveDoor(attached, 'alpha-mini@nobody')).toBeUndefined();
    expect(resolveDoor(attached, 'nobody@h1')).toBeUndefined();
  });
  it('dates a record\'s own door by its reference door\'s source (referenceDoor.date), else by checkedOn', () => {
    const named = fixtureFiles.map((f) => {
      const data = f.data as ProviderFile;
      return { ...f, data: { ...data, models: data.models.map((m) => (m.id === 'alpha-mini' ? { ...m, referenceDoor: { seller: 'h3', sellerModelId: 'v/alpha-mini', rule: 'median-direct' as const, date: '2026-08-01' } } : m)) } };
    });
    const own = (id: string) => buildDoorBook(buildCatalogue(named, evidenceFile()), { sellers, files: [] }).doorsOf(id)[0]!;
    expect([own('alpha-mini').id, own('alpha-mini').date]).toEqual(['alpha-mini@h3', '2026-08-01']);
    expect([own('alpha-nano').id, own('alpha-nano').date]).toEqual(['alpha-nano@alpha', '2026-11-21']);
  });
  it('gives a catalogue without door data only its records\' own doors', () => {
    expect(doorBookOf(catalogue).doorsOf('alpha-mini').map((d) => d.id)).toEqual(['alpha-mini@alpha']);
  });
  it('leaves out, and says, a door of a model the catalogue no longer holds or a file that fails its schema', () => {
    const gone = buildDoorBook(catalogue, { sellers, files: [{ maker: 'alpha', sources: [], doors: [door('h1', 1, 1, { model: 'alpha-gone' }), door('h1', 1, 1)] }] });
    expect(gone.problems).toEqual([expect.stringContaining('"alpha-gone" at "h1" left out')]);
    expect(gone.doorsOf('alpha-mini').map((d) => d.id)).toEqual(['alpha-mini@alpha', 'alpha-mini@h1']);
    const bad = buildCatalogue(fixtureFiles, evidenceFile());
    attachDoorData(bad, () => ({ sellers, files: [{ maker: 'alpha', doors: 'no' }] }));
    expect(doorBookOf(bad).problems).toEqual([expect.stringContaining('left out')]);
    expect(doorBookOf(bad).doorsOf('alpha-mini')).toHaveLength(1);
  });
});
