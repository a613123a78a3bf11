/**
 * The widget in Chromium, for what ranking and pricing advice needs from it: an error reads as a
 * sentence at any width (an inline badge's too), the table marks free-tier-only models, and the
 * compare widget takes the API's workload names and shows cost warnings.
 */
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { siteFixtureApp } from '../fixtures/site-catalogue.js';
import { ARTIFACTS, launchChromium, serveOnLoopback, type Served } from './harness.js';

let browser: Browser;
let api: Served;
let host: Served;

beforeAll(async () => {
  const { widgetJs } = await bundleWeb();
  api = await serveOnLoopback(siteFixtureApp({ widgetJs }).fetch);
  const pages = new Hono();
  pages.get('/', (c) => c.html(`<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>host</title></head><body>
<p>Inline: <div class="ai-pricing-widget" id="bad-badge" data-type="badge" data-model="gpt-5"></div></p>
<div class="ai-pricing-widget" id="t" data-type="table" data-providers="beta"></div>
<div class="ai-pricing-widget" id="bad-type" data-type="chart"></div>
<script async src="${api.origin}/widget.js"></script></body></html>`));
  pages.get('/compare', (c) => c.html(`<!doctype html><html><head><title>host</title></head><body>
<div class="ai-pricing-widget" id="c" data-type="compare" data-models="alpha-large,alpha-nano" data-input-tokens="200000" data-output-tokens="1000"
 data-requests="100" data-days="20" data-mode="streaming" data-cached-input-tokens="100000" data-cache-write-tokens="50000"></div>
<div class="ai-pricing-widget" id="old" data-type="compare" data-models="alpha-nano,beta-pro" data-requests-per-day="200"></div>
<script async src="${api.origin}/widget.js"></script></body></html>`));
  host = await serveOnLoopback(pages.fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), host?.close()]);
});

async function waitRendered(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const root = document.querySelector(s)?.shadowRoot;
    return !!root && !root.querySelector('[role=status]');
  }, selector);
}

/** The error message of a widget: its text and its box on screen. */
const errorOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const p = el.shadowRoot!.querySelector('.err')!;
    const r = p.getBoundingClientRect();
    const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
    return { text: p.textContent ?? '', width: r.width, lines: Math.round(r.height / lineHeight) };
  });

describe.each([1280, 390])('the widget at %i px', (width) => {
  it('shows an error as a sentence, a badge\'s too, not a column of letters', async () => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${host.origin}/`);
    for (const id of ['#bad-badge', '#bad-type', '#t']) await waitRendered(page, id);
    for (const id of ['#bad-badge', '#bad-type']) {
      const error = await errorOf(page, id);
      expect(error.width, id).toBeGreaterThan(150);
      // A sentence: words with spaces between them, on a few lines (the narrowest page: at most 4).
      expect(error.text).toMatch(/^AI pricing widget: \S+( \S+){4,}/);
      expect(error.lines, id).toBeLessThanOrEqual(width > 400 ? 2 : 4);
    }
    expect((await errorOf(page, '#bad-badge')).text).toContain('No model with id "gpt-5" (model).');
    await page.screenshot({ path: `${ARTIFACTS}/widget-errors-${width}.png`, fullPage: true });
    await page.close();
  }, 30_000);
});

describe('the table widget', () => {
  it('marks a model served only on a free tier', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.origin}/`);
    await waitRendered(page, '#t');
    const names = await page.$eval('#t', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => (tr.children[0] as HTMLElement).textContent));
    expect(names).toContain('Beta Free free tier only');
    expect(names).toContain('Beta Pro');
    expect(names.filter((n) => n?.includes('free tier only'))).toEqual(['Beta Free free tier only']);
    await page.close();
  }, 30_000);
});
