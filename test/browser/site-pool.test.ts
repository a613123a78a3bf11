/**
 * Issue 39, one pool: in Chromium with the real catalogue, the home page's headline, chart and
 * table show the pool the API's rankings weigh (current models by default; legacy ones marked when
 * the Models field asks for them), and the chart's frontier is the one its link to
 * /api/recommend?frontier=true answers, for the default workload and for others.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { realSiteInChromium, shownIds } from './harness.js';

const real = realSiteInChromium();

const ringed = (page: Page) =>
  page.$$eval('svg.chart circle.frontier', (cs) => cs.map((c) => c.getAttribute('data-id') ?? '').sort());

async function apiFrontier(page: Page): Promise<string[]> {
  const href = await page.getAttribute('#chart-figure a.frontier-api', 'href');
  expect(href).toMatch(/^\/api\/recommend\?frontier=true&/);
  const body = await page.evaluate(async (h) => (await fetch(h)).json(), href!);
  return (body.recommendations as Array<{ id: string }>).map((r) => r.id).sort();
}

describe('one pool on the home page', () => {
  it('the chart rings exactly the frontier its link to the API answers, for each setting', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${real.site.origin}/`);
    await page.click('details.advanced summary');
    const settings: Array<[string, (p: Page) => Promise<unknown>]> = [
      ['default', async () => undefined],
      ['coding', (p) => p.selectOption('#chart-use-case', 'coding')],
      ['600K input', (p) => p.fill('#calc-input_tokens', '600000')],
      ['long-context', (p) => p.selectOption('#chart-use-case', 'long-context')],
      [
        'priority tier',
        async (p) => {
          await p.fill('#calc-input_tokens', '2000');
          await p.selectOption('#calc-service_tier', 'priority');
        },
      ],
      [
        'batch',
        async (p) => {
          await p.selectOption('#calc-service_tier', 'standard');
          await p.selectOption('#calc-mode', 'batch');
          await p.selectOption('#chart-use-case', '');
        },
      ],
      ['all models', (p) => p.selectOption('#calc-status', 'all')],
    ];
    for (const [name, apply] of settings) {
      await apply(page);
      const onChart = await ringed(page);
      const fromApi = await apiFrontier(page);
      expect(onChart.length, name).toBeGreaterThan(0);
      if (onChart.length <= 10) expect(onChart, name).toEqual(fromApi);
      else expect(onChart, name).toEqual(expect.arrayContaining(fromApi));
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('current models by default in the headline, chart and table; legacy ones shown, and marked, when asked', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${real.site.origin}/`);
    const { models } = await page.evaluate(async () => (await fetch('/api/pricing')).json());
    const legacy = new Set(
      (models as Array<{ id: string; status: string }>).filter((m) => m.status === 'legacy').map((m) => m.id),
    );
    expect(legacy.size).toBeGreaterThan(0);
    const cheapest = async (q: string) =>
      (
        (await page.evaluate(async (query) => (await fetch(`/api/cheapest?${query}`)).json(), q))
          .recommendations[0] as { name: string }
      ).name;

    // Default: no legacy model in the table or on the chart; the headline is /api/cheapest's.
    expect((await shownIds(page)).filter((id) => legacy.has(id))).toEqual([]);
    expect(await page.$$eval('svg.chart circle.legacy', (cs) => cs.length)).toBe(0);
    expect(await page.textContent('#calc-summary')).toContain(`: ${await cheapest('limit=1')} at `);
    expect(await page.textContent('#chart-figure figcaption')).toContain('current models');

    // All: legacy rows and dots come back, marked; the headline is /api/cheapest?status=all's.
    await page.selectOption('#calc-status', 'all');
    const rows = await shownIds(page);
    expect(rows.filter((id) => legacy.has(id)).length).toBeGreaterThan(0);
    for (const id of rows.filter((i) => legacy.has(i)).slice(0, 5)) {
      expect(await page.textContent(`tr[data-id="${id}"] td:first-child`)).toContain('(legacy)');
    }
    const legacyDots = await page.$$eval('svg.chart circle.legacy', (cs) =>
      cs.map((c) => c.querySelector('title')?.textContent ?? ''),
    );
    expect(legacyDots.length).toBeGreaterThan(0);
    for (const title of legacyDots) expect(title).toContain('(legacy)');
    expect(await page.textContent('#calc-summary')).toContain(`: ${await cheapest('limit=1&status=all')} at `);
    await page.close();
  }, 60_000);
});
