// Rankings show the year as calculate does, say they rank by the month, and count the legacy
// models that would have ranked (issue 56, item 2).
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import type { Catalogue } from '../../src/core/catalogue/catalogue.js';
import { getJson } from './helpers.js';

type Item = { id: string; door?: string; status: string; costs: { monthly: number; yearly: number } };
type Excluded = { count: number; byReason: Array<{ reason: string; count: number; shownWith?: string }> };

const legacyEntry = (count: number) => ({
  reason: 'legacy',
  count,
  message: 'they are legacy (older, still sold) and would rank among these with status=all',
  shownWith: 'status=all',
});

/** monthly × 12, in nano-dollars, so that no float product is compared. */
const twelve = (monthly: number) => Math.round(monthly * 1e9) * 12;
const nanos = (usd: number) => Math.round(usd * 1e9);

describe('on the fixture (no price change scheduled)', () => {
  it('cheapest: every item has yearly = monthly × 12, the answer ranks by costs.monthly', async () => {
    const { body } = await getJson('/api/cheapest');
    expect(body.rankedBy).toBe('costs.monthly');
    for (const r of body.recommendations as Item[]) expect(nanos(r.costs.yearly), r.id).toBe(twelve(r.costs.monthly));
  });

  it('the legacy beta-classic (as cheap as alpha-nano) would rank second of five: counted, with status=all', async () => {
    const { body } = await getJson('/api/cheapest');
    expect(body.excluded).toEqual({ count: 1, byReason: [legacyEntry(1)] });
    // With limit=1 the tie goes to the current alpha-nano: beta-classic would not rank, and is not counted.
    expect((await getJson('/api/cheapest?limit=1')).body.excluded).toEqual({ count: 0, byReason: [] });
    // Asked for (status=all) or only legacy: nothing is left out for its status.
    expect((await getJson('/api/cheapest?status=all')).body.excluded).toEqual({ count: 0, byReason: [] });
    expect((await getJson('/api/cheapest?status=legacy')).body.excluded).toEqual({ count: 0, byReason: [] });
  });

  it('recommend: sort=cost counts beta-classic too, and says what it ranks by', async () => {
    const cost = (await getJson('/api/recommend?sort=cost')).body;
    expect(cost.rankedBy).toBe('costs.monthly');
    expect(cost.excluded.byReason).toContainEqual(legacyEntry(1));
    expect((await getJson('/api/recommend')).body.rankedBy).toBe('score');
    expect((await getJson('/api/recommend?sort=value')).body.rankedBy).toBe('scorePerDollar');
  });
});

// Gemini 3.7 Flash doubles on 2027-01-01 ($0.75/$3.75 → $1.50/$7.50 per 1M tokens).
describe('on the real catalogue, on 2026-11-28', () => {
  let catalogue: Catalogue;
  let app: ReturnType<typeof createService>;
  beforeAll(() => {
    catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
    app = createService({ catalogue, clock: fixedClock('2026-11-28') });
  });
  const json = async (path: string) => {
    const res = await app.request(`http://localhost${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as any; // any: tests read arbitrary fields
  };
  // 2,000 × 0.75 + 500 × 3.75 = 3,375 per 1M → $0.003375 × 1,000 × 30 = $101.25 a month, then $202.50:
  // one month at today's price, eleven at the new one: 101.25 + 11 × 202.50 = 2,328.75.
  const GEMINI_YEAR = 2328.75;

  it('cheapest and recommend: the scheduled rise is in the year, as calculate counts it', async () => {
    const calc = await json('/api/calculate?model=google-gemini-3.7-flash');
    expect(calc.costs.yearly).toBe(GEMINI_YEAR);
    for (const path of [
      '/api/cheapest?tier=mid&limit=10',
      '/api/recommend?tier=mid&sort=cost&limit=10&input_tokens=2000',
    ]) {
      const body = await json(path);
      const gemini = (body.recommendations as Item[]).find((r) => r.id === 'google-gemini-3.7-flash');
      expect(gemini?.costs.yearly, path).toBe(GEMINI_YEAR);
      // Every other item has no change within the year.
      for (const r of body.recommendations as Item[])
        if (r !== gemini) expect(nanos(r.costs.yearly), `${path} ${r.id}`).toBe(twelve(r.costs.monthly));
    }
  });

  it('offers: the maker’s door follows its schedule; every door of Kimi K2.6 has monthly × 12', async () => {
    const gemini = await json('/api/offers?model=google-gemini-3.7-flash');
    expect(gemini.rankedBy).toBe('costs.monthly');
    expect(gemini.offers[0]).toMatchObject({ makersDoor: true, costs: { monthly: 101.25, yearly: GEMINI_YEAR } });
    const kimi = await json('/api/offers?model=moonshot-kimi-k2.6');
    expect(kimi.offers.length).toBeGreaterThan(1);
    for (const o of [...kimi.offers, ...kimi.cannotRun] as Item[])
      expect(nanos(o.costs.yearly), o.door).toBe(twelve(o.costs.monthly));
  });

  it('sellers=amazon-bedrock: Nova Micro and Nova Lite (legacy, cheaper) are counted with the parameter that shows them', async () => {
    const q = 'sellers=amazon-bedrock&limit=3&input_tokens=20000&output_tokens=1000&requests=5000';
    const all = await json(`/api/cheapest?${q}&status=all`);
    const legacy = (all.recommendations as Item[]).filter((r) => r.status === 'legacy').map((r) => r.door);
    expect(legacy).toEqual(['amazon-nova-micro-v1@amazon-bedrock', 'amazon-nova-lite-v1@amazon-bedrock']);
    const current = await json(`/api/cheapest?${q}`);
    expect((current.excluded as Excluded).byReason).toContainEqual(legacyEntry(2));
    // Every item at a door other than the maker's: a year is twelve of its months.
    for (const r of current.recommendations as Item[])
      expect(nanos(r.costs.yearly), r.door).toBe(twelve(r.costs.monthly));
  });

  it('recommend counts the legacy models its own ranking with status=all lists', async () => {
    const all = await json('/api/recommend?tier=mid&sort=cost&limit=10&status=all');
    const legacy = (all.recommendations as Item[]).filter((r) => r.status === 'legacy').length;
    expect(legacy).toBeGreaterThan(0);
    const current = await json('/api/recommend?tier=mid&sort=cost&limit=10');
    expect((current.excluded as Excluded).byReason).toContainEqual(legacyEntry(legacy));
  });
});
