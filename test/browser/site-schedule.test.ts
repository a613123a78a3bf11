/**
 * The price schedule in Chromium (issue 36), the real catalogue with the clock at 2026-11-28:
 * Gemini 3.7 Flash doubles on 2027-01-01. The site's table shows the mark on its row, and the
 * widget's badge and table (on another origin) show it too.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { launchChromium, serveOnLoopback, type Served } from './harness.js';

let browser: Browser;
let site: Served;
let host: Served;

beforeAll(async () => {
  const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
  site = await serveOnLoopback(
    createService({ catalogue, assets: await bundleWeb(), clock: fixedClock('2026-11-28') }).fetch,
  );
  const page = `<!doctype html><html><head><title>host</title></head><body>
<div id="badge" class="ai-pricing-widget" data-type="badge" data-model="google-gemini-3.7-flash"></div>
<div id="table" class="ai-pricing-widget" data-type="table" data-providers="google"></div>
<script async src="${site.origin}/widget.js"></script></body></html>`;
  host = await serveOnLoopback(new Hono().get('/', (c) => c.html(page)).fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), host?.close()]);
});

describe('a price that does not last is marked', () => {
  it("on the site's table row, visibly, and not on others", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.origin}/`);
    const mark = page.locator('tr[data-id="google-gemini-3.7-flash"] .chg');
    expect(await mark.isVisible()).toBe(true);
    expect(await mark.textContent()).toBe('price rises 100% on 2027-01-01');
    expect(await page.locator('tr[data-id="openai-gpt-5.6-sol"] .chg').count()).toBe(0);
    await page.close();
  });

  it("on the widget's badge and table", async () => {
    const page = await browser.newPage();
    await page.goto(`${host.origin}/`);
    const shown = (id: string) =>
      page
        .waitForFunction((s) => {
          const root = document.querySelector(s)?.shadowRoot;
          return root && !root.querySelector('[role=status]')
            ? Array.from(root.children)
                .map((c) => c.textContent)
                .join('')
            : false;
        }, id)
        .then((h) => h.jsonValue() as Promise<string>);
    expect(await shown('#badge')).toContain('$0.75 / $3.75 per 1M · rises 100% on 2027-01-01');
    expect(await shown('#table')).toContain('Gemini 3.7 Flash price rises 100% on 2027-01-01');
    await page.close();
  });
});
