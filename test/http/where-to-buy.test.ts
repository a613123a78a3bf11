// The model page's "Where to buy" and the calculator's seller choice, over the real data.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { doorBookOf } from '../../src/core/offers/book.js';
import { escapeHtml } from '../../src/lib/escape.js';
import { siteDoors, siteRegions } from '../../src/http/pages/site-doors-data.js';
import { priceAtSellers, priceInRegion } from '../../src/http/pages/site-doors.js';
import { pricedToday } from '../../src/core/advice/as-priced.js';
import { fixedClock } from '../../src/lib/clock.js';
import { DEFAULT_WORKLOAD, headlineHtml, priceAll, siteModel } from '../../src/http/pages/site-model.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue });
const book = doorBookOf(catalogue);
const page = async (path: string) => (await app.request(`http://localhost${path}`)).text();

describe("the model page's Where to buy", () => {
  it('shows every door with its seller, kind, source and date, the kept-out with the reason', async () => {
    const html = await page('/models/deepseek-deepseek-v4-pro');
    expect(html).toContain('<h2 id="where-to-buy">Where to buy</h2>');
    const section = html.slice(
      html.indexOf('id="where-to-buy"'),
      html.indexOf('</table>', html.indexOf('id="where-to-buy"')),
    );
    for (const door of book.doorsOf('deepseek-deepseek-v4-pro')) {
      const row = section.split('<tr').find((r) => r.includes(`<code>${escapeHtml(door.id)}</code>`));
      expect(row, door.id).toBeDefined();
      expect(row).toContain(escapeHtml(door.source));
      // Listed on its source's day, or in effect from the day a source dates the change; the record's own door as the record dates it.
      expect(row).toContain(
        `<td>${door.own ? door.date : door.effectiveFrom ? `from ${door.effectiveFrom}` : `listed ${door.date}`}</td>`,
      );
      expect(row).toContain(`<td>${door.seller.kind}</td>`);
      if (door.keptOut) expect(row).toContain('Kept out:');
    }
    const stale = section.split('<tr').find((r) => r.includes('@alibaba-cn</code>'));
    expect(stale).toContain(escapeHtml("Kept out: copies the maker's price of before its last price change"));
  });
  it("lists Gemma 4 31B's paid doors first and the Gemini API's free tier kept out", async () => {
    const html = await page('/models/google-gemma-4-31b-it');
    const section = html.slice(html.indexOf('id="where-to-buy"'));
    expect(section.indexOf('google-gemma-4-31b-it@deepinfra')).toBeLessThan(
      section.indexOf('google-gemma-4-31b-it@google'),
    );
    expect(section).toMatch(/google-gemma-4-31b-it@google<\/code>.*?Kept out: a free, rate-limited tier/s);
  });
});

describe("the calculator's seller choice", () => {
  const models = catalogue.models.map(siteModel);
  const doors = siteDoors(catalogue);
  it('maker: as the records price them', () => {
    const { priced, notSold } = priceAtSellers(models, doors, DEFAULT_WORKLOAD, 'maker');
    expect(priced.map((p) => p.monthly.nanos)).toEqual(priceAll(models, DEFAULT_WORKLOAD).map((p) => p.monthly.nanos));
    expect(notSold).toEqual([]);
  });
  it('every seller: each model at its cheapest usable door, never dearer than its own', () => {
    const own = new Map(priceAll(models, DEFAULT_WORKLOAD).map((p) => [p.model.id, p]));
    const { priced } = priceAtSellers(models, doors, DEFAULT_WORKLOAD, 'all');
    const pro = priced.find((p) => p.model.id === 'deepseek-deepseek-v4-pro')!;
    expect(pro.sellerName).toBeDefined();
    expect(pro.monthly.nanos).toBeLessThan(own.get(pro.model.id)!.monthly.nanos);
    for (const p of priced) {
      const mine = own.get(p.model.id)!;
      if (!mine.exclusion && !p.model.freeTierOnly)
        expect(p.monthly.nanos <= mine.monthly.nanos, p.model.id).toBe(true);
    }
    // The headline names the door it is priced at.
    const headline = headlineHtml(priced, DEFAULT_WORKLOAD);
    const best = priced
      .filter((p) => !p.exclusion && p.model.status === 'current')
      .sort((a, b) => Number(a.monthly.nanos - b.monthly.nanos))[0]!;
    if (best.sellerName) expect(headline).toContain(` at ${escapeHtml(best.sellerName)} at `);
  });
  it('one cloud: only its doors, its own models among them; the models it does not sell named', () => {
    const { priced, notSold } = priceAtSellers(models, doors, DEFAULT_WORKLOAD, 'amazon-bedrock');
    expect(priced.length).toBeGreaterThan(0);
    for (const p of priced) expect(p.sellerName).toBe('Amazon Bedrock');
    expect(notSold.length + priced.length).toBe(models.length);
    // Amazon's Nova is sold on Bedrock, at its record's prices (the maker's own door); gpt-oss-20b at Bedrock's door.
    const nova = priced.find((p) => p.model.id === 'amazon-nova-2-lite-v1')!;
    expect(nova.monthly.nanos).toBe(
      priceAll(models, DEFAULT_WORKLOAD).find((p) => p.model.id === nova.model.id)!.monthly.nanos,
    );
    expect(priced.find((p) => p.model.id === 'openai-gpt-oss-20b')!.prices).toEqual({
      input: 0.07,
      output: 0.3,
      contextTokens: 128_000,
    });
    expect(notSold).toContain('deepseek-deepseek-v4-pro');
  });
  it("a region: each model at its cheapest door serving it, at the cost the API's calculate gives that door there; the rest left out with why", async () => {
    const today = '2026-12-07';
    const dated = createService({ catalogue, clock: fixedClock(today) });
    const asPriced = pricedToday({ catalogue, today });
    const eu = siteRegions(asPriced).eu!;
    const all = asPriced.models.map(siteModel);
    const { priced, notSold, leftOut } = priceInRegion(all, eu, DEFAULT_WORKLOAD, 'all');
    expect(priced.length).toBeGreaterThan(20);
    for (const p of priced) {
      const costs = await Promise.all(
        eu.doors[p.model.id]!.map(async (d) => {
          const res = await dated.request(
            `http://localhost/api/calculate?model=${encodeURIComponent(`${p.model.id}@${d.seller}`)}&region=eu`,
          );
          expect(res.status, `${p.model.id}@${d.seller}`).toBe(200);
          return BigInt(Math.round(((await res.json()) as { costs: { monthly: number } }).costs.monthly * 1e9));
        }),
      );
      expect(p.monthly.nanos, p.model.id).toBe(costs.reduce((a, b) => (b < a ? b : a)));
    }
    // OpenAI's own door in the EU: its record's prices times its uplift (1.1).
    const sol = priced.find((p) => p.model.id === 'openai-gpt-5.6-sol')!;
    expect(sol.prices).toMatchObject({ input: 4.4, output: 22 });
    // The others: no door of them known to serve the EU (no seller of theirs says where it serves).
    expect(notSold).toEqual([...leftOut.keys()]);
    expect(new Set(leftOut.values())).toEqual(new Set(['region_unknown']));
    expect(leftOut.size + priced.length).toBe(all.length);
    expect(leftOut.get('deepseek-deepseek-v4-pro')).toBe('region_unknown');
  });
  it('the home page offers the choice and embeds the doors', async () => {
    const html = await page('/');
    expect(html).toContain('<select id="calc-sellers" name="sellers">');
    expect(html).toContain('<option value="amazon-bedrock">Amazon Bedrock only</option>');
    expect(html).toContain('<script type="application/json" id="doors-data">');
    expect(html).toContain(
      '<select id="calc-region" name="region"><option value="">Any: each door at its base price</option>',
    );
    expect(html).toContain('<option value="eu">Europe (eu)</option>');
    expect(html).toContain('<script type="application/json" id="regions-data">');
  });
});
