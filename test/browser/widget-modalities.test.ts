/**
 * The table widget in Chromium says under a model's name what it takes and gives, where a source
 * says (the units fixture: one model on record as text and image in, one as audio in and out, one
 * with no modalities on record).
 */
import { Hono } from 'hono';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { createService } from '../../src/http/service.js';
import { unitsCatalogue } from '../fixtures/units-catalogue.js';
import { launchChromium, serveOnLoopback, type Served } from './harness.js';

let browser: Browser;
let api: Served;
let host: Served;

beforeAll(async () => {
  const { widgetJs } = await bundleWeb();
  api = await serveOnLoopback(createService({ catalogue: unitsCatalogue, assets: { widgetJs } }).fetch);
  const pages = new Hono();
  pages.get('/', (c) =>
    c.html(`<!doctype html><html><head><title>host</title></head><body>
<div class="ai-pricing-widget" id="t" data-type="table" data-providers="epsilon"></div>
<script async src="${api.origin}/widget.js"></script></body></html>`),
  );
  host = await serveOnLoopback(pages.fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), host?.close()]);
});

it("the table widget shows each model's modalities under its name, and nothing where none is on record", async () => {
  const page = await browser.newPage();
  await page.goto(`${host.origin}/`);
  await page.waitForFunction(() => {
    const root = document.querySelector('#t')?.shadowRoot;
    return !!root && root.querySelectorAll('tbody tr').length > 0;
  });
  const names = await page.$eval('#t', (el) =>
    Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => (tr.children[0] as HTMLElement).textContent),
  );
  expect([...names].sort()).toEqual([
    'Epsilon Audio text, audio → text, audio',
    'Epsilon Think',
    'Epsilon Tiers text, image → text',
  ]);
  await page.close();
});
