// Regional doors and uplifts in the door book, and a region's view of it (region=), over the fixture catalogue.
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { buildDoorBook, toUsd } from '../../../src/core/offers/book.js';
import type { Door } from '../../../src/core/offers/door-schema.js';
import { regionView, regionsOf, upliftPrice } from '../../../src/core/offers/regional.js';
import { fixtureFiles } from '../../fixtures/catalogue.js';
import { evidenceFile } from '../../fixtures/evidence.js';
import { seller } from '../../fixtures/sellers.js';

const sellers = {
  reviewed: '2026-12-07',
  sellers: [
    seller('alpha', 'maker', { regions: { serves: ['global'], source: 'its pricing page' } }),
    seller('cloud', 'cloud'),
    seller('euhost', 'host', { regions: { serves: ['eu'], source: 'its pricing page' } }),
    seller('ushost', 'host', { regions: { serves: ['us'], source: 'its pricing page' } }),
    seller('nowhere', 'host'),
  ],
};
const door = (s: string, input: number, output: number, extra: Partial<Door> = {}): Door => ({
  model: 'alpha-mini',
  seller: s,
  sellerModelId: 'alpha-mini',
  prices: { input, output },
  source: 'fixture',
  date: '2026-10-01',
  ...extra,
});
// alpha-mini is $0.25 in, $2 out at its maker.
export const regionalFiles = [
  {
    maker: 'alpha',
    sources: ['fixture'],
    doors: [
      door('cloud', 0.25, 2),
      door('cloud', 0.275, 2.2, { region: 'eu', sellerModelId: 'eu.alpha-mini' }),
      door('cloud', 0.3, 2.4, { region: 'eu-west-2', sellerModelId: 'alpha-mini' }),
      door('cloud', 0.26, 2.1, { region: 'eu-central-1', sellerModelId: 'alpha-mini' }),
      door('cloud', 0.24, 1.9, { region: 'us-east-1', sellerModelId: 'alpha-mini' }),
      door('cloud', 0.28, 2.2, { region: 'us-west-2', sellerModelId: 'alpha-mini' }),
      door('euhost', 0.2, 1.6),
      door('ushost', 0.22, 1.7),
      door('nowhere', 0.21, 1.5),
    ],
    uplifts: [
      {
        model: 'alpha-mini',
        seller: 'alpha',
        region: 'us',
        multiplier: 1.1,
        what: 'provider_specific_entry.us',
        source: 'fixture',
        date: '2026-10-01',
      },
    ],
  },
];
const catalogue = buildCatalogue(fixtureFiles, evidenceFile());
const book = buildDoorBook(catalogue, { sellers, files: regionalFiles });

describe('regional doors in the book', () => {
  it("keeps them apart: a model's doors and door ids are its base doors alone, as without regions", () => {
    expect(book.doorsOf('alpha-mini').map((d) => d.seller.slug)).toEqual([
      'alpha',
      'cloud',
      'euhost',
      'nowhere',
      'ushost',
    ]);
    expect(book.countOf('alpha-mini')).toBe(5);
    expect(book.byId.get('alpha-mini@cloud')?.priced?.input).toBe(0.25);
    expect(book.regionalOf('alpha-mini').map((d) => d.region)).toEqual([
      'eu',
      'eu-west-2',
      'eu-central-1',
      'us-east-1',
      'us-west-2',
    ]);
    expect(book.upliftsOf('alpha-mini').map((u) => [u.seller, u.region, u.multiplier])).toEqual([['alpha', 'us', 1.1]]);
  });
});

describe("a region's view (region=)", () => {
  const view = (region: string) => regionView(catalogue, book, region);
  const at = (region: string) =>
    view(region)
      .book.doorsOf('alpha-mini')
      .map((d) => [d.seller.slug, d.inRegion?.region, d.priced?.input, d.priced?.output]);
  it('takes the exact regional door first, else the cheapest within the region; a seller serving the region at its base price; leaves the rest out with why', () => {
    expect(at('eu')).toEqual([
      ['cloud', 'eu', 0.275, 2.2],
      ['euhost', 'eu', 0.2, 1.6],
    ]);
    expect(
      view('eu')
        .leftOutOf('alpha-mini')
        .map((l) => [l.door.seller.slug, l.reason]),
    ).toEqual([
      ['alpha', 'not_in_region'],
      ['nowhere', 'region_unknown'],
      ['ushost', 'not_in_region'],
    ]);
    expect(view('eu').reasonOf('alpha-mini')).toBe('region_unknown');
  });
  it("prices an uplift on every token price of the maker's own door, exactly (0.25 x 1.1 = 0.275, 2 x 1.1 = 2.2)", () => {
    expect(at('us')).toEqual([
      ['alpha', 'us', 0.275, 2.2],
      ['cloud', 'us-east-1', 0.24, 1.9],
      ['ushost', 'us', 0.22, 1.7],
    ]);
    const own = view('us').book.doorsOf('alpha-mini')[0]!;
    expect(own.own).toBe(true);
    expect(own.inRegion).toMatchObject({ multiplier: 1.1 });
    expect(own.priced?.id).toBe('alpha-mini');
    // The base door is untouched.
    expect(book.doorsOf('alpha-mini')[0]?.priced?.input).toBe(0.25);
  });
  it('multiplies without float noise, half up at the nano-dollar', () => {
    expect(upliftPrice(0.3, 1.1)).toBe(0.33);
    expect(upliftPrice(0.0275, 1.1)).toBe(0.03025);
    expect(upliftPrice(0.000000005, 1.1)).toBe(0.000000006);
    expect(upliftPrice(3, 1.25)).toBe(3.75);
  });
  it('names the regions it takes: the geographies and those the data names', () => {
    expect(regionsOf(book, catalogue)).toEqual(
      expect.arrayContaining(['eu', 'us', 'cn', 'global', 'eu-west-2', 'us-east-1']),
    );
  });
});

describe('a door priced in another currency', () => {
  const eur = (rates: Array<{ currency: string; usdPerUnit: number; date: string; source: string }>) =>
    buildDoorBook(catalogue, {
      sellers: { ...sellers, rates },
      files: [{ maker: 'alpha', sources: ['fixture'], doors: [door('euhost', 0.08, 0.4, { currency: 'EUR' })] }],
    })
      .doorsOf('alpha-mini')
      .find((d) => d.seller.slug === 'euhost')!;
  it('is priced in dollars at the reviewed rate, exactly, and keeps its own prices and the rate', () => {
    const d = eur([{ currency: 'EUR', usdPerUnit: 1.175, date: '2026-09-22', source: 'fixture rate' }]);
    // 0.08 x 1.175 = 0.094; 0.4 x 1.175 = 0.47.
    expect([d.priced?.input, d.priced?.output]).toEqual([0.094, 0.47]);
    expect(d.local).toMatchObject({
      currency: 'EUR',
      prices: { input: 0.08, output: 0.4 },
      rate: { date: '2026-09-22' },
    });
    expect(d.keptOut).toBeUndefined();
    expect(toUsd(0.123456789, 1.1)).toBe(0.135802468);
  });
  it('has no dollar price without a rate on record: kept out as currency_unknown, never shown as dollars', () => {
    const d = eur([]);
    expect(d.priced).toBeUndefined();
    expect(d.keptOut).toBe('currency_unknown');
  });
});
