// The door book over the hand-made fixture catalogue: vetting, ranking, resolveDoor.
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { buildDoorBook, doorBookOf, attachDoorData, pricedRecord } from '../../../src/core/offers/book.js';
import type { Door } from '../../../src/core/offers/door-schema.js';
import type { ProviderFile } from '../../../src/core/schema/catalogue-schema.js';
import { rankDoors } from '../../../src/core/offers/rank.js';
import { resolveDoor, splitDoorId } from '../../../src/core/offers/resolve.js';
import { fixtureFiles } from '../../fixtures/catalogue.js';
import { evidenceFile } from '../../fixtures/evidence.js';
import { seller } from '../../fixtures/sellers.js';

const sellers = {
  reviewed: '2026-11-28',
  sellers: [
    seller('alpha', 'maker'),
    seller('h1', 'host', { aliases: ['h-one'] }),
    seller('h2', 'host'),
    seller('h3', 'host'),
    seller('cheap', 'host'),
    seller('dear', 'host'),
    seller('gw', 'gateway'),
    seller('trial', 'host', { free: 'trial' }),
    seller('plan', 'subscription', { free: 'plan' }),
    seller('cloud', 'cloud'),
    seller('small', 'host'),
  ],
};
const door = (s: string, input: number | undefined, output = input, extra: Partial<Door> = {}): Door => ({
  model: 'alpha-mini',
  seller: s,
  sellerModelId: `vendor/alpha-mini`,
  ...(input === undefined ? {} : { prices: { input, output: output as number } }),
  source: 'fixture',
  date: '2026-10-01',
  ...extra,
});
// alpha-mini is $0.25 in, $2 out at its maker.
const files = [
  {
    maker: 'alpha',
    sources: ['fixture'],
    doors: [
      door('h1', 0.2, 1.8),
      door('h2', 0.3, 2.2),
      door('h3', 0.25, 2),
      door('cloud', 0.275, 2.2),
      door('cheap', 0.01, 0.05),
      door('dear', 3, 30),
      door('gw', 0.1, 1),
      door('trial', 0, 0),
      door('plan', 0, 0),
      door('small', 0.05 * 2, 0.4 * 2, { contextTokens: 8000 }),
      door('h1', 0.2, 1.8, { model: 'alpha-large' }),
      { model: 'alpha-nano', seller: 'h2', sellerModelId: 'alpha-nano', source: 'fixture', date: '2026-10-01' },
    ],
  },
];
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
  it("puts the record's own door first, priced as the catalogue prices it", () => {
    const own = book.doorsOf('alpha-mini')[0]!;
    expect(own).toMatchObject({ own: true, id: 'alpha-mini@alpha' });
    expect(own.priced).toBe(catalogue.byId.get('alpha-mini'));
  });
});

describe('rankDoors', () => {
  it('ranks vetted doors by monthly cost, lists the ones that cannot run the workload and the kept-out apart', () => {
    const { ranked, cannotRun, keptOut } = rankDoors(book.doorsOf('alpha-mini'), workload);
    // Monthly: (10,000 × input + 1,000 × output) / 1e6 × 100 × 30.
    const monthly = (i: number, o: number) => ((10_000 * i + 1_000 * o) * 3000) / 1e6;
    expect(ranked.map((r) => r.door.seller.slug)).toEqual(['h1', 'alpha', 'h3', 'cloud', 'h2']);
    expect(ranked.map((r) => r.costs.monthly.toNumber())).toEqual([
      monthly(0.2, 1.8),
      monthly(0.25, 2),
      monthly(0.25, 2),
      monthly(0.275, 2.2),
      monthly(0.3, 2.2),
    ]);
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
  it("dates a record's own door by its reference door's source (referenceDoor.date), else by checkedOn", () => {
    const named = fixtureFiles.map((f) => {
      const data = f.data as ProviderFile;
      return {
        ...f,
        data: {
          ...data,
          models: data.models.map((m) =>
            m.id === 'alpha-mini'
              ? {
                  ...m,
                  referenceDoor: {
                    seller: 'h3',
                    sellerModelId: 'v/alpha-mini',
                    rule: 'median-direct' as const,
                    date: '2026-08-01',
                  },
                }
              : m,
          ),
        },
      };
    });
    const own = (id: string) =>
      buildDoorBook(buildCatalogue(named, evidenceFile()), { sellers, files: [] }).doorsOf(id)[0]!;
    expect([own('alpha-mini').id, own('alpha-mini').date]).toEqual(['alpha-mini@h3', '2026-08-01']);
    expect([own('alpha-nano').id, own('alpha-nano').date]).toEqual(['alpha-nano@alpha', '2026-11-21']);
  });
  it("gives a catalogue without door data only its records' own doors", () => {
    expect(
      doorBookOf(catalogue)
        .doorsOf('alpha-mini')
        .map((d) => d.id),
    ).toEqual(['alpha-mini@alpha']);
  });
  it('leaves out, and says, a door of a model the catalogue no longer holds or a file that fails its schema', () => {
    const gone = buildDoorBook(catalogue, {
      sellers,
      files: [{ maker: 'alpha', sources: [], doors: [door('h1', 1, 1, { model: 'alpha-gone' }), door('h1', 1, 1)] }],
    });
    expect(gone.problems).toEqual([expect.stringContaining('"alpha-gone" at "h1" left out')]);
    expect(gone.doorsOf('alpha-mini').map((d) => d.id)).toEqual(['alpha-mini@alpha', 'alpha-mini@h1']);
    const bad = buildCatalogue(fixtureFiles, evidenceFile());
    attachDoorData(bad, () => ({ sellers, files: [{ maker: 'alpha', doors: 'no' }] }));
    expect(doorBookOf(bad).problems).toEqual([expect.stringContaining('left out')]);
    expect(doorBookOf(bad).doorsOf('alpha-mini')).toHaveLength(1);
  });
});

describe("a door's fields are its own (issue 50)", () => {
  // alpha-mini's maker changed its price on 2026-09-01, from $0.10 / $1.00 to $0.25 / $2.00.
  const changed = fixtureFiles.map((f) => {
    const data = f.data as ProviderFile;
    const history = [
      { effectiveFrom: '2026-05-01', input: 0.1, output: 1, source: 'fixture' },
      { effectiveFrom: '2026-09-01', input: 0.25, output: 2, source: 'fixture' },
    ];
    return {
      ...f,
      data: { ...data, models: data.models.map((m) => (m.id === 'alpha-mini' ? { ...m, priceHistory: history } : m)) },
    };
  });
  const timed = buildCatalogue(changed, evidenceFile());
  const old = { date: '2026-07-02' };
  const timeBook = buildDoorBook(timed, {
    sellers,
    files: [
      {
        maker: 'alpha',
        sources: ['fixture'],
        doors: [
          door('h1', 0.099, 0.985, old), // the maker's old price less 1 %: a copy (stale)
          door('h2', 0.08, 0.9, old), // its own price, older than the change: ranked, and says so
          door('h3', 0.1, 1), // the old price, listed after the change: the seller's own
          door('cloud', 0.3, 2.1, { ...old, effectiveFrom: '2026-06-01' }),
          door('cheap', 15000, 60000), // a unit error
          door('dear', undefined, undefined, {
            unitErrors: [{ source: 'LiteLLM', date: '2026-08-01', input: 5000, output: 20000, reason: 'above $1,000' }],
          }),
        ],
      },
    ],
  });
  const at = (s: string) => timeBook.doorsOf('alpha-mini').find((d) => d.seller.slug === s)!;

  it("keeps apart a door that copies the maker's old price within 2 % in a source older than the change; others older say so", () => {
    expect(at('h1').keptOut).toBe('stale');
    expect(at('h1').predates).toBeUndefined();
    expect(at('h2').keptOut).toBeUndefined();
    expect(at('h2').predates).toEqual({
      from: '2026-09-01',
      text: "price of 2026-07-02, before Alpha AI's change of 2026-09-01",
    });
    expect([at('h3').keptOut, at('h3').predates]).toEqual([undefined, undefined]);
    expect(at('alpha').predates).toBeUndefined();
  });
  it('keeps out a door whose only price is a unit error, with its own reason, not as an outlier', () => {
    expect(at('cheap').keptOut).toBe('unit_error');
    expect(at('dear').keptOut).toBe('unit_error');
  });
  it("prices a door at its own fields: limits its sources give (else the model's, said), no maker's batch, modalities or page; verified as of its source", () => {
    const h2 = at('h2');
    expect(h2.limitsFromModel).toEqual(['contextTokens']);
    expect(h2.priced).toMatchObject({
      contextTokens: 400_000,
      sourceUrl: undefined,
      checkedOn: '2026-07-02',
      verified: 'July 2026',
    });
    expect(h2.priced?.batch).toBeUndefined();
    expect(h2.priced?.modalities).toBeUndefined();
    expect(h2.effectiveFrom).toBeUndefined();
    expect(at('cloud').effectiveFrom).toBe('2026-06-01');
    const withOwn = pricedRecord(
      timed.byId.get('alpha-mini')!,
      door('h1', 0.2, 1.8, {
        contextTokens: 8000,
        maxOutputTokens: 4000,
        sourceUrl: 'https://h1.example/pricing',
        modalities: { input: ['text', 'image'], output: ['text'] },
        prices: { input: 0.2, output: 1.8, cacheWrite: 0.25, cacheWrite1h: 0.4 },
        batch: { input: 0.1, output: 0.9 },
      }),
      sellers.sellers[1]!,
    );
    expect(withOwn).toMatchObject({
      contextTokens: 8000,
      maxOutputTokens: 4000,
      sourceUrl: 'https://h1.example/pricing',
      cacheWrite: 0.25,
      cacheWrite1h: 0.4,
      modalities: { input: ['text', 'image'] },
      batch: { discountPercent: 50 },
    });
  });
});
