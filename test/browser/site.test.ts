/** The site in headless Chromium: calculator, sorting, filtering, chart, model page and badge images. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { fixtureApp } from '../fixtures/catalogue.js';
import { ARTIFACTS, launchChromium, serveOnLoopback, shownIds, type Served } from './harness.js';

let browser: Browser;
let site: Served;

beforeAll(async () => {
  const assets = await bundleWeb();
  site = await serveOnLoopback(fixtureApp({ assets }).fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const monthly = (page: Page, id: string) => page.$eval(`tr[data-id="${id}"] td.monthly`, (td) => td.textContent);

// A browser under load takes seconds a page, as in phone.test.ts.
describe('the site in Chromium', () => {
  it('recalculates monthly costs as the workload changes, sorts and filters, under its CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.origin}/`);
    expect(await monthly(page, 'alpha-nano')).toBe('$9.00');
    // The current models (the legacy Beta Classic is in the pool only when the Models field asks for all).
    expect(await page.locator('svg.chart circle').count()).toBe(5);

    await page.fill('#calc-input_tokens', '10000');
    await page.fill('#calc-output_tokens', '1000');
    await page.fill('#calc-requests', '100');
    await page.selectOption('#calc-mode', 'batch');
    // By hand, batch halves: alpha-nano (10000×0.05 + 1000×0.4)/1e6 = 0.0009 → 0.00045 × 100 × 30 = $1.35;
    // beta-pro (12500 + 10000)/1e6 = 0.0225 → 0.01125 × 3000 = $33.75; alpha-large (30000 + 15000)/1e6 → $67.50.
    expect(await monthly(page, 'alpha-nano')).toBe('$1.35');
    expect(await monthly(page, 'beta-pro')).toBe('$33.75');
    expect(await monthly(page, 'alpha-large')).toBe('$67.50');
    expect(await page.textContent('#calc-summary')).toBe(
      'Cheapest for 10,000 input + 1,000 output tokens × 100 requests a day × 30 days (batch): Alpha Nano at $1.35 a month.',
    );
    // The same numbers as the API gives.
    const api = await page.evaluate(async () =>
      (
        await fetch(
          '/api/calculate?models=alpha-nano,beta-pro&input_tokens=10000&output_tokens=1000&requests=100&mode=batch',
        )
      ).json(),
    );
    expect(api.results.map((r: { costs: { monthly: number } }) => r.costs.monthly)).toEqual([1.35, 33.75]);

    await page.screenshot({ path: `${ARTIFACTS}/site.png`, fullPage: true });

    // An invalid value says why and keeps the last good costs.
    await page.fill('#calc-days', '40');
    expect(await page.textContent('#calc-error')).toBe('Days per month must be a whole number from 1 to 31.');
    expect(await monthly(page, 'alpha-nano')).toBe('$1.35');
    await page.fill('#calc-days', '30');

    // Sort by monthly cost, then the other way.
    await page.click('th[data-col="7"] button');
    expect((await shownIds(page))[0]).toBe('alpha-nano');
    expect(await page.getAttribute('th[data-col="7"]', 'aria-sort')).toBe('ascending');
    await page.click('th[data-col="7"] button');
    expect((await shownIds(page))[0]).toBe('alpha-large');

    // Filter by text, then by tier, among all models (legacy ones too).
    await page.selectOption('#calc-status', 'all');
    await page.fill('#f-text', 'beta');
    expect((await shownIds(page)).sort()).toEqual(['beta-classic', 'beta-flash', 'beta-pro']);
    expect(await page.textContent('#f-count')).toBe('3 of 6 models');
    await page.selectOption('#f-tier', 'Mid');
    expect((await shownIds(page)).sort()).toEqual(['beta-classic', 'beta-pro']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a model's page whose badge image renders with a non-zero size", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/models/beta-pro`);
    const img = page.locator('main img').first();
    await img.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
    const size = await img.evaluate((i: HTMLImageElement) => ({ w: i.naturalWidth, h: i.naturalHeight }));
    expect(size.w).toBeGreaterThan(100);
    expect(size.h).toBe(20);
    // Every style, and the 404 error badge, render as images too.
    const sizes = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<number[]>((resolve) => {
          const i = new Image();
          i.onload = () => resolve([i.naturalWidth, i.naturalHeight]);
          i.onerror = () => resolve([0, 0]);
          i.src = src;
        });
      return Promise.all(
        ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social']
          .map((s) => load(`/api/badge?model=beta-pro&style=${s}`))
          .concat([load('/api/badge?model=nope')]),
      );
    });
    for (const [w, h] of sizes) {
      expect(w).toBeGreaterThan(50);
      expect(h).toBeGreaterThan(0);
    }
    // The snippets to paste elsewhere carry the address the page was read at (the page itself carries none).
    const snippets = await page.$$eval('main pre, main code', (els) => els.map((el) => el.textContent ?? ''));
    expect(snippets).toContain(
      `[![Beta Pro price](${site.origin}/api/badge?model=beta-pro)](${site.origin}/models/beta-pro)`,
    );
    expect(snippets).toContain(
      `https://img.shields.io/endpoint?url=${encodeURIComponent(`${site.origin}/api/badge?model=beta-pro&format=shields`)}`,
    );
    await page.screenshot({ path: `${ARTIFACTS}/model-page.png`, fullPage: true });
    await page.close();
  });

  it('/docs renders the interactive reference from this service alone, other hosts blocked, under its CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${site.origin}/docs`);
    // Swagger UI replaced the plain reference: one operation block per path, titled by its path.
    await page.locator('.swagger-ui .opblock-summary-path', { hasText: '/api/calculate' }).first().waitFor();
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
    expect(await page.locator('h2 code', { hasText: 'GET /api/calculate' }).count()).toBe(0);
    // It reads the parameters from /openapi.json: open one operation.
    await page.locator('.opblock-summary-path', { hasText: /^\/api\/cheapest$/ }).click();
    await page.locator('.parameters-container tr[data-param-name="budget"]').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/docs.png`, fullPage: false });
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/docs without its script is the plain reference', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${site.origin}/docs`);
    expect(await page.locator('h2 code', { hasText: 'GET /api/calculate' }).count()).toBe(1);
    await page.close();
  });
});
