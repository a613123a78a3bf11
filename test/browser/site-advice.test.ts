/**
 * The home page's advice in Chromium: the headline, the table and the chart follow the calculator
 * and the fit rules (a fixture with a free-tier-only model and one with a 2K window), the advanced
 * fields price as the API does, and no chart label lies under a dot (the real catalogue, at 1280
 * and 390 px, before and after the workload changes).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { siteFixtureApp } from '../fixtures/site-catalogue.js';
import { ARTIFACTS, launchChromium, serveOnLoopback, shownIds, type Served } from './harness.js';

let browser: Browser;
let fixture: Served;
let real: Served;

beforeAll(async () => {
  const assets = await bundleWeb();
  fixture = await serveOnLoopback(siteFixtureApp(assets).fetch);
  const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
  real = await serveOnLoopback(createService({ catalogue, assets }).fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([fixture?.close(), real?.close()]);
});

const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
const monthly = (page: Page, id: string) => text(page, `tr[data-id="${id}"] td.monthly`);

/** Pairs (label, dot) whose on-screen boxes intersect, among the labels shown. */
const labelsOnDots = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect();
    const labels = Array.from(document.querySelectorAll('svg.chart text.lbl')).filter((t) => box(t).width > 0);
    const dots = Array.from(document.querySelectorAll('svg.chart circle')).map(box);
    const hits: string[] = [];
    for (const label of labels) {
      const l = box(label);
      for (const d of dots) {
        if (l.left < d.right && d.left < l.right && l.top < d.bottom && d.top < l.bottom)
          hits.push(`${label.textContent} @ ${d.left},${d.top}`);
      }
    }
    return { shown: labels.length, frontier: document.querySelectorAll('svg.chart circle.frontier').length, hits };
  });

describe('the headline, table and chart follow the calculator', () => {
  it('never names a free-tier-only model, hides models that cannot run the workload, and redraws the chart and caption', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${fixture.origin}/`);
    // Beta Free ($0, free tier only) and Beta Tiny ($0.90, 2K window) are cheaper than Alpha Nano's $9 but not named.
    expect(await text(page, '#calc-summary')).toBe(
      'Cheapest for 2,000 input + 500 output tokens × 1,000 requests a day × 30 days (standard): Alpha Nano at $9.00 a month. ' +
        'Left out: 1 model whose context window cannot take input + output tokens this large and 1 model served only on a free, rate-limited tier (its $0 is not capacity anyone can buy).',
    );
    expect(await monthly(page, 'beta-free')).toBe('free tier only');
    expect(await shownIds(page)).not.toContain('beta-tiny');
    // The legacy Beta Classic is out of the pool too (current models, as the API's rankings by default).
    expect(await text(page, '#f-count')).toBe('6 of 8 models');
    expect(await page.locator('svg.chart circle').count()).toBe(5);
    const before = await text(page, '#chart figcaption');
    expect(before).toContain('Monthly cost of 2,000 input + 500 output tokens');
    const alphaNanoX = await page.getAttribute('svg.chart a[href="/models/alpha-nano"] circle', 'cx');

    // 200,000 input tokens: Alpha Nano (128K), Beta Classic (32K), Beta Tiny (2K) and Beta Free (128K) cannot take it;
    // the headline, as /api/cheapest by default, counts the current ones (not the legacy Beta Classic).
    // Beta Flash: 200000×0.1/1e6 + 500×0.4/1e6 = $0.0202 a request × 1,000 × 30 = $606; Alpha Mini 0.05 + 0.001 → $1,530.
    await page.fill('#calc-input_tokens', '200000');
    expect(await text(page, '#calc-summary')).toBe(
      'Cheapest for 200,000 input + 500 output tokens × 1,000 requests a day × 30 days (standard): Beta Flash at $606.00 a month. ' +
        'Left out: 3 models whose context window cannot take input + output tokens this large.',
    );
    expect((await shownIds(page)).sort()).toEqual(['alpha-large', 'alpha-mini', 'beta-flash', 'beta-pro']);
    expect(await text(page, '#fit-note')).toBe(
      'Hidden: 3 models whose context window cannot take input + output tokens this large; the provider would refuse the request.',
    );
    expect(await text(page, '#f-count')).toBe('4 of 8 models');
    // The chart: four dots, a caption for this workload, Alpha Nano gone.
    expect(await page.locator('svg.chart circle').count()).toBe(4);
    const after = await text(page, '#chart figcaption');
    expect(after).toContain(
      'Monthly cost of 200,000 input + 500 output tokens × 1,000 requests a day × 30 days (standard) against the overall score',
    );
    expect(after).toContain('Not drawn: 3 models whose context window cannot take input + output tokens this large.');
    expect(await page.locator('svg.chart a[href="/models/alpha-nano"]').count()).toBe(0);
    expect(await page.getAttribute('svg.chart desc', 'id')).toBe('chart-desc');
    expect(await text(page, 'svg.chart title >> nth=0')).toBe('Price against overall score');
    expect(alphaNanoX).not.toBeNull();

    // Back to a small prompt: every row that fits shows again, filters still apply.
    await page.fill('#calc-input_tokens', '2000');
    await page.fill('#f-text', 'beta');
    expect((await shownIds(page)).sort()).toEqual(['beta-flash', 'beta-free', 'beta-pro']);
    expect(await page.isHidden('#fit-note')).toBe(false);
    await page.fill('#f-text', '');
    expect(await page.locator('svg.chart circle').count()).toBe(5);
    expect(await page.getAttribute('svg.chart a[href="/models/alpha-nano"] circle', 'cx')).toBe(alphaNanoX);
    await page.screenshot({ path: `${ARTIFACTS}/site-advice.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the mode options and the advanced fields use the API names and price as the API does', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${fixture.origin}/`);
    expect(await page.$$eval('#calc-mode option', (os) => os.map((o) => o.textContent))).toEqual([
      'standard',
      'streaming (+15% output margin)',
      "batch (provider's batch discount, where offered)",
    ]);
    await page.click('details.advanced summary');
    await page.fill('#calc-input_tokens', '10000');
    await page.fill('#calc-cached_input_tokens', '6000');
    await page.fill('#calc-cache_write_tokens', '2000');
    // alpha-large by hand: 2000×3 + 6000×0.3 + 2000×3.75 + 500×15 = 6000 + 1800 + 7500 + 7500 = 22,800 / 1e6
    // = $0.0228 a request → $684 a month.
    expect(await monthly(page, 'alpha-large')).toBe('$684.00');
    const api = await page.evaluate(async () =>
      (
        await fetch(
          '/api/calculate?models=alpha-large,beta-pro&input_tokens=10000&cached_input_tokens=6000&cache_write_tokens=2000',
        )
      ).json(),
    );
    const [large, pro] = api.results as Array<{ costs: { monthly: number } }>;
    expect(large!.costs.monthly).toBe(684);
    expect(await monthly(page, 'beta-pro')).toBe(`$${pro!.costs.monthly.toFixed(2)}`);
    // More cached and written than the input is refused, naming the rule; the last good costs stay.
    await page.fill('#calc-cache_write_tokens', '5000');
    // In the API's words (the site checks the parts by the API's rules).
    expect(await text(page, '#calc-error')).toBe(
      'cached_input_tokens + cache_write_tokens (11000) must not exceed input_tokens (10000): cache reads and writes are parts of the input.',
    );
    expect(await monthly(page, 'alpha-large')).toBe('$684.00');
    await page.close();
  });

  it("off_peak_share prices DeepSeek's off-peak window as the API does (real catalogue)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${real.origin}/`);
    const id = 'deepseek-deepseek-v4-pro';
    const peak = await monthly(page, id);
    await page.click('details.advanced summary');
    await page.fill('#calc-off_peak_share', '50');
    const api = await page.evaluate(
      async (m) => (await fetch(`/api/calculate?model=${m}&off_peak_share=50`)).json(),
      id,
    );
    const half = await monthly(page, id);
    expect(half).not.toBe(peak);
    expect(half).toBe(`$${(api.costs.monthly as number).toFixed(2)}`);
    await page.close();
  });
});

describe.each([1280, 390])('chart labels at %i px', (width) => {
  it('no label shown lies on a dot, at the default workload and after a change', async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${real.origin}/`);
    const first = await labelsOnDots(page);
    expect(first.hits).toEqual([]);
    // Labels are shown where there is room for them: on a desktop; a phone's chart keeps its tooltips and the table.
    // Only the frontier is named, and on the real data it may be short (GLM-5.3-Flash's 92 at $0.15 / $0.50 beats most).
    if (width === 1280) expect(first.shown).toBeGreaterThanOrEqual(Math.min(4, first.frontier));
    if (width === 1280) expect(first.shown).toBeGreaterThanOrEqual(2);
    await page.fill('#calc-input_tokens', '120000');
    await page.fill('#calc-output_tokens', '4000');
    await page.selectOption('#calc-mode', 'batch');
    const second = await labelsOnDots(page);
    expect(second.hits).toEqual([]);
    if (width === 1280) expect(second.shown).toBeGreaterThanOrEqual(Math.min(4, second.frontier));
    if (width === 1280) expect(second.shown).toBeGreaterThanOrEqual(2);
    await page.locator('#chart').screenshot({ path: `${ARTIFACTS}/chart-${width}.png` });
    await page.close();
  });
});
