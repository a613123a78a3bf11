/**
 * Issue 39's display faults, in Chromium with the real catalogue: at 390 px the chart's dollar
 * labels do not overlap (a workload costing up to $100M a month), at 1280 px the catalogue table's
 * Score column is not cut off, and the widget with data-status="all" marks legacy models (o1, GPT-4o) and a model served
 * only on a free tier (Gemma's badge says "free tier only", as /api/badge's does); the compare
 * widget names no saving on a service tier a model is not sold on.
 */
import { Hono } from 'hono';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realSiteInChromium, serveOnLoopback, type Served } from './harness.js';

const real = realSiteInChromium();
let host: Served;

beforeAll(async () => {
  const pages = new Hono();
  pages.get('/', (c) =>
    c.html(`<!doctype html><html><head><title>host</title></head><body>
<div class="ai-pricing-widget" id="t" data-type="table" data-providers="openai" data-status="all"></div>
<div class="ai-pricing-widget" id="gemma" data-type="badge" data-model="google-gemma-4-31b-it"></div>
<div class="ai-pricing-widget" id="tier" data-type="compare" data-models="openai-gpt-5.6-terra,openai-gpt-5.6-sol" data-service-tier="priority"></div>
<script async src="${real.site.origin}/widget.js"></script></body></html>`),
  );
  host = await serveOnLoopback(pages.fetch);
}, 60_000);
afterAll(() => host?.close());

/** The x-axis labels on screen: text and horizontal extent. */
const ticks = (page: Page) =>
  page.$$eval('svg.chart text.tick-x', (ts) =>
    ts.map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', left: r.left, right: r.right };
    }),
  );

describe('display faults', () => {
  it("at 390 px no two of the chart's dollar labels overlap, however far the costs spread", async () => {
    const page = await real.browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${real.site.origin}/`);
    for (const [input, requests] of [
      ['2000', '1000'],
      ['900000', '100000'],
      ['100', '1'],
    ] as const) {
      await page.fill('#calc-input_tokens', input);
      await page.fill('#calc-requests', requests);
      const shown = await ticks(page);
      expect(shown.length).toBeGreaterThan(2);
      for (let i = 1; i < shown.length; i++) {
        expect(shown[i - 1]!.right, `${shown[i - 1]!.text} / ${shown[i]!.text} at ${input} × ${requests}`).toBeLessThan(
          shown[i]!.left,
        );
      }
      if (input === '900000') expect(shown.map((t) => t.text)).toContain('$10M');
    }
    await page.close();
  }, 60_000);

  it('at 1280 px the catalogue table fits its box: the Score column is not cut off', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${real.site.origin}/`);
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap') as HTMLElement;
      const score = document.querySelector('#models th[data-col="8"]')!.getBoundingClientRect();
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        scoreRight: score.right,
        wrapRight: wrap.getBoundingClientRect().right,
      };
    });
    expect(fit.overflow).toBe(0);
    expect(fit.scoreRight).toBeLessThanOrEqual(fit.wrapRight);
    await page.close();
  });

  it('the widget marks legacy models and a free-tier-only badge', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${host.origin}/`);
    for (const id of ['#t', '#gemma', '#tier']) {
      await page.waitForFunction((s) => {
        const r = document.querySelector(s)?.shadowRoot;
        return !!r && !r.querySelector('[role=status]');
      }, id);
    }
    // Each row's name with its legacy mark, when it has one (the cell also says the modalities).
    const names = await page.$eval('#t', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => {
        const cell = tr.children[0] as HTMLElement;
        const name = cell.querySelector('a')?.textContent ?? '';
        return Array.from(cell.querySelectorAll('span')).some((s) => s.textContent === '(legacy)')
          ? `${name} (legacy)`
          : name;
      }),
    );
    expect(names).toContain('o1 (legacy)');
    expect(names).toContain('GPT-4o (legacy)');
    const { models } = await page.evaluate(
      async (o) => (await fetch(`${o}/api/pricing?provider=openai`)).json(),
      real.site.origin,
    );
    const legacy = (models as Array<{ name: string; status: string }>)
      .filter((m) => m.status === 'legacy')
      .map((m) => `${m.name} (legacy)`);
    expect(names.filter((n) => n.endsWith('(legacy)')).sort()).toEqual(legacy.sort());
    const badge = await page.$eval('#gemma', (el) => el.shadowRoot!.querySelector('a')!.textContent ?? '');
    expect(badge).toContain('free tier only: $0 / $0 per 1M');
    const api = await page.evaluate(
      async (o) => (await fetch(`${o}/api/badge?model=google-gemma-4-31b-it&format=json`)).json(),
      real.site.origin,
    );
    expect(api.pricing.message).toBe('free tier only: $0 / $0 per 1M');
    const svg = await page.evaluate(
      async (o) => (await fetch(`${o}/api/badge?model=google-gemma-4-31b-it`)).text(),
      real.site.origin,
    );
    expect(svg).toContain('free tier only: $0 / $0 per 1M');
    // The compare widget on a tier one of them is not sold on: no saving named from it, and it is named.
    const lines = await page.$eval('#tier', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('p')).map((p) => p.textContent ?? ''),
    );
    expect(lines).toContain('Not sold on the priority tier (priced at standard): GPT-5.6 Sol.');
    expect(lines.find((l) => l.startsWith('Cheapest'))).toMatch(
      /^Cheapest on the priority tier: GPT-5\.6 Terra at \$[\d,.]+ a month\.$/,
    );
    await page.close();
  });
});
