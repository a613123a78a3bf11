/**
 * Every page and widget on a phone (390 px) and a desktop (1280 px), in Chromium, with the real
 * catalogue (its long names and ids): the document is never wider than the viewport, the price
 * columns stay in view, the chart's text stays readable. Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { ARTIFACTS, launchChromium, serveOnLoopback, type Served } from './harness.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const WIDTHS = [390, 1280] as const;
let browser: Browser;
let site: Served;
let host: Served;

beforeAll(async () => {
  const assets = await bundleWeb();
  site = await serveOnLoopback(createService({ catalogue, assets }).fetch);
  const longest = [...catalogue.models]
    .sort((a, b) => b.name.length - a.name.length)
    .slice(0, 3)
    .map((m) => m.id);
  const pages = new Hono();
  pages.get('/', (c) =>
    c.html(`<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>host</title></head><body>
<div id="t" class="ai-pricing-widget" data-type="table"></div>
<div id="c" class="ai-pricing-widget" data-type="compare" data-models="${longest.join(',')}"></div>
<div id="b" class="ai-pricing-widget" data-type="badge" data-model="${longest[0]}"></div>
<script async src="${site.origin}/widget.js"></script></body></html>`),
  );
  host = await serveOnLoopback(pages.fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), host?.close()]);
});

async function open(width: number, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(url);
  return page;
}

/** How far the document reaches past the viewport's right edge (0 when it does not scroll sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The left and right edges of the column headings named, as laid out. */
const headings = (page: Page, names: readonly string[]) =>
  page.$$eval(
    '#models thead th',
    (ths, wanted) =>
      ths
        .filter((th) => wanted.includes(th.textContent ?? ''))
        .map((th) => {
          const r = th.getBoundingClientRect();
          return { name: th.textContent, left: r.left, right: r.right, shown: r.width > 0 };
        }),
    names,
  );

const modelWithLongestId = () => [...catalogue.models].sort((a, b) => b.id.length - a.id.length)[0]!;

describe.each(WIDTHS)('at %i px wide', (width) => {
  it('the home page does not scroll sideways; the catalogue shows model, prices and monthly cost; the chart text is readable', async () => {
    const page = await open(width, `${site.origin}/`);
    expect(await overflow(page)).toBe(0);
    const cols = await headings(page, ['Model', 'Input / 1M', 'Output / 1M', 'Monthly cost']);
    expect(cols.map((c) => c.name)).toEqual(['Model', 'Input / 1M', 'Output / 1M', 'Monthly cost']);
    for (const c of cols) {
      expect(c.shown, c.name ?? '').toBe(true);
      expect(c.left).toBeGreaterThanOrEqual(0);
      expect(c.right, c.name ?? '').toBeLessThanOrEqual(width);
    }
    // Axis labels at least 10 px tall on screen, whatever the chart's scale.
    const label = await page.$eval('svg.chart text', (t) => t.getBoundingClientRect().height);
    expect(label).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: `${ARTIFACTS}/home-${width}.png`, fullPage: true });
    await page.close();
  });

  it('a model page (the longest id), the 404 page and /docs do not scroll sideways', async () => {
    for (const [name, path] of [
      ['model', `/models/${modelWithLongestId().id}`],
      ['not-found', '/models/no-such-model'],
      ['docs', '/docs'],
    ] as const) {
      const page = await open(width, `${site.origin}${path}`);
      // The reference is measured once Swagger UI has replaced the plain one.
      if (name === 'docs') await page.locator('.swagger-ui .opblock').first().waitFor();
      expect(await overflow(page), path).toBe(0);
      await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}.png`, fullPage: true });
      await page.close();
    }
  });

  it('the widgets fit: no sideways scroll, in the page or inside the table widgets', async () => {
    const page = await open(width, `${host.origin}/`);
    await page.waitForFunction(() =>
      ['#t', '#c', '#b'].every((s) => {
        const root = document.querySelector(s)?.shadowRoot;
        return !!root && !!root.querySelector('table, a') && !root.querySelector('[role=status]');
      }),
    );
    expect(await overflow(page)).toBe(0);
    for (const id of ['#t', '#c']) {
      const inner = await page.$eval(id, (el) => {
        const w = el.shadowRoot!.querySelector('.w')!;
        return w.scrollWidth - w.clientWidth;
      });
      expect(inner, id).toBe(0);
    }
    await page.screenshot({ path: `${ARTIFACTS}/widgets-${width}.png`, fullPage: true });
    await page.close();
  });
});

describe('every model page on a phone', () => {
  it('fits 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const wide: string[] = [];
    for (const model of catalogue.models) {
      await page.goto(`${site.origin}/models/${encodeURIComponent(model.id)}`);
      if ((await overflow(page)) > 0) wide.push(model.id);
    }
    expect(wide).toEqual([]);
    await page.close();
  }, 120_000);
});
