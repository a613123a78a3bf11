/**
 * The calculator's region choice in headless Chromium at 390 and 1280 px, over the real data: its
 * values are those region= takes; with a region each model is priced at a door serving it, at that
 * region's price (Bedrock's EU profile, OpenAI's EU uplift, OVHcloud's euro price in dollars), the
 * models no door serves there stay listed, last, marked, and the headline counts them as the API's
 * excluded does; the chart's frontier is the API's with region=. Unset, the page is as without it.
 * Screenshots go to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { doorBookOf } from '../../src/core/offers/book.js';
import { regionsOf } from '../../src/core/offers/regional.js';
import { ARTIFACTS, monthAt, nanos, realSiteInChromium, ringed, shownRows } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const catalogue = loadCatalogueFromDir(join(ROOT, 'data'));
const real = realSiteInChromium();

interface FileDoor {
  model: string;
  seller: string;
  region?: string;
  currency?: string;
  prices: { input: number; output: number };
}
const doorsOf = (maker: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'data', 'offers', `${maker}.json`), 'utf8')) as { doors: FileDoor[] }).doors;

const usd = (n: bigint) => `$${(Number(n) / 1e9).toString()}`;

const UNKNOWN = 'no door known to serve eu';

describe.each([390, 1280] as const)('the region choice at %i px', (width) => {
  it('prices each model at a door serving the region, lists and counts the rest as the API does, and unset is as before', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${real.site.origin}/`);
    const served = await shownRows(page);
    const servedHeadline = await page.textContent('#calc-summary');

    // The values region= takes, and unset first.
    const values = await page.$$eval('#calc-region option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(['', ...regionsOf(doorBookOf(catalogue), catalogue)]);
    expect(values).toContain('eu-central-1');

    await page.selectOption('#calc-region', 'eu');
    // The API prices a region at every seller's doors there: "each model's maker" is no choice with one.
    expect(await page.inputValue('#calc-sellers')).toBe('all');
    expect(await page.$eval('#calc-sellers option[value="maker"]', (o) => (o as HTMLOptionElement).disabled)).toBe(
      true,
    );
    const rows = await shownRows(page);
    const row = (id: string) => rows.find((r) => r.id === id)!;

    // Claude Sonnet 5 at Bedrock's EU profile, as the door file lists it ($2.20 / $11).
    const sonnet = doorsOf('anthropic').find(
      (d) => d.model === 'anthropic-claude-sonnet-5' && d.seller === 'amazon-bedrock' && d.region === 'eu',
    )!;
    expect(sonnet.prices).toMatchObject({ input: 2.2, output: 11 });
    expect(row('anthropic-claude-sonnet-5')).toMatchObject({
      input: '$2.2',
      output: '$11',
      monthly: monthAt(nanos(2.2), nanos(11)),
    });
    // GPT-5.6 Sol at OpenAI's own door, its EU uplift (x1.1) on the record's prices.
    const sol = catalogue.byId.get('openai-gpt-5.6-sol')!;
    const [solIn, solOut] = [(nanos(sol.input) * 11n) / 10n, (nanos(sol.output) * 11n) / 10n];
    expect(row(sol.id)).toMatchObject({ input: usd(solIn), output: usd(solOut), monthly: monthAt(solIn, solOut) });
    expect(usd(solIn)).not.toBe(`$${sol.input}`);
    // gpt-oss-120b at OVHcloud, its euro price in dollars at the reviewed rate (never the euros as dollars).
    const ovh = doorsOf('openai').find((d) => d.model === 'openai-gpt-oss-120b' && d.seller === 'ovhcloud')!;
    expect(ovh).toMatchObject({ currency: 'EUR', prices: { input: 0.08, output: 0.4 } });
    expect(row('openai-gpt-oss-120b')).toMatchObject({ input: '$0.094', output: '$0.47' });

    // The models no door serves in the EU: listed last, marked, no price standing in.
    const apart = rows.filter((r) => r.monthly === UNKNOWN);
    expect(apart.length).toBeGreaterThan(10);
    for (const r of apart) expect([r.input, r.output]).toEqual(['—', '—']);
    expect(rows.slice(rows.length - apart.length).every((r) => r.monthly === UNKNOWN)).toBe(true);
    expect(apart.map((r) => r.id)).toContain('deepseek-deepseek-v4-pro');
    // The headline counts the current ones as the API's cheapest?region=eu counts them in excluded.
    const cheapest = (await (await fetch(`${real.site.origin}/api/cheapest?region=eu&sellers=all&limit=1`)).json()) as {
      excluded: { byReason: Array<{ reason: string; count: number }> };
    };
    const countOf = (reason: string) => cheapest.excluded.byReason.find((r) => r.reason === reason)?.count ?? 0;
    const counted = countOf('region_unknown');
    expect(counted).toBeGreaterThan(10);
    expect(countOf('not_in_region')).toBe(0);
    const headline = await page.textContent('#calc-summary');
    expect(headline).toContain(
      `Left out in eu: ${counted} models no door of which is known to serve the region asked; the table lists them last, marked "${UNKNOWN}".`,
    );
    expect(headline).toMatch(/Cheapest for .* at .* at \$[\d,.]+ a month/);

    // The chart's claim: the API's recommend with region=eu, whose frontier is the ringed one.
    const query = new URL((await page.getAttribute('#chart-figure a.frontier-api', 'href')) ?? '', real.site.origin);
    expect(query.searchParams.get('region')).toBe('eu');
    expect(query.searchParams.get('sellers')).toBe('all');
    const api = (await (await fetch(query)).json()) as { recommendations: Array<{ id: string }> };
    expect(await ringed(page, catalogue.headOf)).toEqual(api.recommendations.map((r) => r.id));
    const caption = await page.textContent('#chart-figure figcaption');
    expect(caption).toContain('at the prices in eu');
    expect(caption).toContain('with no door serving eu');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `${ARTIFACTS}/region-eu-${width}.png`, fullPage: true });

    // One seller in the region: Bedrock's EU doors only; a model served in the EU elsewhere is "not sold" there.
    await page.selectOption('#calc-sellers', 'amazon-bedrock');
    const bedrock = await shownRows(page);
    expect(bedrock.find((r) => r.id === 'anthropic-claude-sonnet-5')).toMatchObject({ input: '$2.2', output: '$11' });
    expect(bedrock.find((r) => r.id === 'openai-gpt-oss-120b')?.monthly).toBe('not sold at Amazon Bedrock');
    const link = new URL((await page.getAttribute('#chart-figure a.frontier-api', 'href')) ?? '', real.site.origin);
    expect(link.searchParams.get('sellers')).toBe('amazon-bedrock');
    expect(await ringed(page, catalogue.headOf)).toEqual(
      ((await (await fetch(link)).json()) as { recommendations: Array<{ id: string }> }).recommendations.map(
        (r) => r.id,
      ),
    );

    // Unset: each model's maker again once it is chosen, and the table and headline the server rendered.
    await page.selectOption('#calc-sellers', 'all');
    await page.selectOption('#calc-region', '');
    expect(await page.inputValue('#calc-sellers')).toBe('maker');
    expect(await page.$eval('#calc-sellers option[value="maker"]', (o) => (o as HTMLOptionElement).disabled)).toBe(
      false,
    );
    expect(await shownRows(page)).toEqual(served);
    expect(await page.textContent('#calc-summary')).toBe(servedHeadline);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
