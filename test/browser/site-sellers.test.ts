/**
 * The calculator's seller choice in headless Chromium at 390 and 1280 px, over the real data: every
 * column of the table (Input, Output, Context, Monthly), the headline, the chart and the sort follow
 * it; the maker's own door counts at its own cloud (Amazon's Nova on Amazon Bedrock); the models the
 * seller does not sell stay listed, last, saying so. Screenshots go to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { siteDoors } from '../../src/http/pages/site-doors-data.js';
import { priceAtSellers } from '../../src/http/pages/site-doors.js';
import { DEFAULT_WORKLOAD, monthlyCell, siteModel } from '../../src/http/pages/site-model.js';
import { ARTIFACTS, monthAt, nanos, realSiteInChromium, ringed, shownRows } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const catalogue = loadCatalogueFromDir(join(ROOT, 'data'));
const real = realSiteInChromium();

/** A door's prices as data/offers/<maker>.json lists them. */
function doorPrices(maker: string, model: string, seller: string): { input: number; output: number } {
  const file = JSON.parse(readFileSync(join(ROOT, 'data', 'offers', `${maker}.json`), 'utf8')) as {
    doors: Array<{ model: string; seller: string; prices: { input: number; output: number } }>;
  };
  return file.doors.find((d) => d.model === model && d.seller === seller)!.prices;
}

const BEDROCK = 'not sold at Amazon Bedrock';

describe.each([390, 1280] as const)('the seller choice at %i px', (width) => {
  it('drives every column, the headline, the chart and the sort; Nova counts at Bedrock; the unsold rows come last and say so', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${real.site.origin}/`);
    const served = await shownRows(page);

    await page.selectOption('#calc-sellers', 'amazon-bedrock');
    const rows = await shownRows(page);
    const row = (id: string) => rows.find((r) => r.id === id)!;
    // gpt-oss-20b at Bedrock's own prices in every column, not its record's (Together's).
    const oss = doorPrices('openai', 'openai-gpt-oss-20b', 'amazon-bedrock');
    expect(oss).toEqual({ input: 0.07, output: 0.3 });
    expect(row('openai-gpt-oss-20b')).toMatchObject({
      input: '$0.07',
      output: '$0.3',
      context: '128K',
      monthly: monthAt(nanos(oss.input), nanos(oss.output)),
    });
    expect(monthAt(nanos(oss.input), nanos(oss.output))).toBe('$8.70');
    // Amazon's own Nova is sold on Bedrock: its record's door counts there.
    const nova = catalogue.byId.get('amazon-nova-2-lite-v1')!;
    expect(row(nova.id)).toMatchObject({
      input: `$${nova.input}`,
      output: `$${nova.output}`,
      monthly: monthAt(nanos(nova.input), nanos(nova.output)),
    });

    // The models Bedrock does not sell are listed, marked, with no other door's price standing in.
    const unsold = rows.filter((r) => r.monthly === BEDROCK);
    expect(unsold.length).toBeGreaterThan(10);
    for (const r of unsold) expect([r.input, r.output]).toEqual(['—', '—']);
    expect(unsold.map((r) => r.id)).toContain('deepseek-deepseek-v4-pro');
    // They are last before any sort, and after Monthly ascending and descending.
    const lastAreUnsold = (list: typeof rows) =>
      list.slice(list.length - unsold.length).every((r) => r.monthly === BEDROCK);
    expect(lastAreUnsold(rows)).toBe(true);
    const monthly = page.locator('#models thead th[data-col="7"] button');
    for (const direction of ['ascending', 'descending'] as const) {
      await monthly.click();
      expect(await page.getAttribute('#models thead th[data-col="7"]', 'aria-sort')).toBe(direction);
      const sorted = await shownRows(page);
      expect(lastAreUnsold(sorted)).toBe(true);
      const costs = sorted.slice(0, sorted.length - unsold.length).map((r) => BigInt(r.sort));
      const ordered = [...costs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(costs).toEqual(direction === 'ascending' ? ordered : ordered.reverse());
    }
    // The headline names the door and says how many are not sold there.
    const headline = await page.textContent('#calc-summary');
    expect(headline).toContain('at Amazon Bedrock at');
    expect(headline).toContain(
      `${unsold.length} models have no door at Amazon Bedrock: the table lists them last, marked "${BEDROCK}".`,
    );
    // The chart: Bedrock's prices, no dot for an unsold model, the same frontier as the API's sellers=amazon-bedrock.
    expect(await page.textContent('#chart-figure figcaption')).toContain("at Amazon Bedrock's prices");
    expect(await page.textContent('#chart-figure figcaption')).toContain(
      `${unsold.length} models with no door at Amazon Bedrock`,
    );
    const dots = await page.$$eval('#chart-figure circle', (cs) => cs.map((c) => c.getAttribute('data-id')));
    expect(dots.filter((id) => unsold.some((r) => r.id === id))).toEqual([]);
    const query = new URL((await page.getAttribute('#chart-figure a.frontier-api', 'href')) ?? '', real.site.origin);
    expect(query.searchParams.get('sellers')).toBe('amazon-bedrock');
    const api = (await (await fetch(query)).json()) as { recommendations: Array<{ id: string }> };
    expect(await ringed(page, catalogue.headOf)).toEqual(api.recommendations.map((r) => r.id));
    expect(await ringed(page, catalogue.headOf)).toContain('openai-gpt-oss-20b');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `${ARTIFACTS}/sellers-bedrock-${width}.png`, fullPage: true });

    // Every seller: the cheapest door's cost, as the shared module works it out.
    await page.selectOption('#calc-sellers', 'all');
    const models = catalogue.models.map(siteModel);
    const { priced } = priceAtSellers(models, siteDoors(catalogue), DEFAULT_WORKLOAD, 'all');
    const pro = priced.find((p) => p.model.id === 'deepseek-deepseek-v4-pro')!;
    expect((await shownRows(page)).find((r) => r.id === pro.model.id)?.monthly).toBe(monthlyCell(pro).text);
    expect(pro.sellerName).toBeDefined();

    // Back to each maker's own: the table the server rendered, in its order.
    await page.selectOption('#calc-sellers', 'maker');
    await monthly.click();
    expect((await shownRows(page)).map(({ sort: _s, ...r }) => r).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      served.map(({ sort: _s, ...r }) => r).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await page.textContent('#calc-summary')).not.toContain('no door');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
