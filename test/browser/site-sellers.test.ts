/** The calculator's seller choice in headless Chromium, over the real data: table, chart and headline follow it. */
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { siteDoors } from '../../src/http/pages/site-doors-data.js';
import { priceAtSellers } from '../../src/http/pages/site-doors.js';
import { DEFAULT_WORKLOAD, monthlyCell, siteModel } from '../../src/http/pages/site-model.js';
import { launchChromium, serveOnLoopback, type Served } from './harness.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
let browser: Browser;
let site: Served;

beforeAll(async () => {
  const assets = await bundleWeb();
  site = await serveOnLoopback(createService({ catalogue, assets }).fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the seller choice in Chromium', { timeout: 60_000 }, () => {
  it('re-prices the table and the headline at every seller, then at one cloud', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${site.origin}/`);
    const cell = (id: string) => page.$eval(`tr[data-id="${id}"] td.monthly`, (td) => td.textContent);
    const models = catalogue.models.map(siteModel);
    const expected = (choice: string, id: string) => monthlyCell(priceAtSellers(models, siteDoors(catalogue), DEFAULT_WORKLOAD, choice).priced.find((p) => p.model.id === id)!).text;

    const own = await cell('deepseek-deepseek-v4-pro');
    await page.selectOption('#calc-sellers', 'all');
    expect(await cell('deepseek-deepseek-v4-pro')).toBe(expected('all', 'deepseek-deepseek-v4-pro'));
    expect(await cell('deepseek-deepseek-v4-pro')).not.toBe(own);

    await page.selectOption('#calc-sellers', 'amazon-bedrock');
    expect(await page.textContent('#calc-summary')).toContain('at Amazon Bedrock at');
    const { notSold } = priceAtSellers(models, siteDoors(catalogue), DEFAULT_WORKLOAD, 'amazon-bedrock');
    const hidden = await page.$$eval('#models tbody tr', (rows) => rows.filter((r) => (r as HTMLElement).hidden).map((r) => (r as HTMLElement).dataset.id));
    expect(hidden).toEqual(expect.arrayContaining(notSold));

    await page.selectOption('#calc-sellers', 'maker');
    expect(await cell('deepseek-deepseek-v4-pro')).toBe(own);
    expect(problems).toEqual([]);
  });
});
