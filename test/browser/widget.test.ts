/**
 * The widget in headless Chromium: a host page on one origin loads /widget.js from the API's
 * origin (the fixture catalogue) and embeds all three widget types.
 */
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { fixtureApp } from '../fixtures/catalogue.js';
import { ARTIFACTS, hostileApp, launchChromium, serveOnLoopback, XSS, type Served } from './harness.js';

let browser: Browser;
let api: Served;
let hostileApi: Served;
let host: Served;

// The host page's own CSS is hostile on purpose: it must neither restyle the widgets nor be restyled by them.
const HOST_CSS = 'th,td,p,a,span{color:rgb(255,0,0)!important;font-size:40px!important} table{border:5px solid red}';

function hostPage(apiOrigin: string, body: string): string {
  return `<!doctype html><html><head><title>host</title><style>${HOST_CSS}</style></head><body>
<table id="own"><tr><th>Host table</th></tr></table>
${body}
<script async src="${apiOrigin}/widget.js"></script></body></html>`;
}

/** The text a widget shows (inside its shadow root). */
function widgetText(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) =>
    Array.from(el.shadowRoot?.children ?? [])
      .filter((c) => c.tagName !== 'STYLE')
      .map((c) => c.textContent)
      .join(''),
  );
}

async function waitRendered(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const root = document.querySelector(s)?.shadowRoot;
    return !!root && !root.querySelector('[role=status]');
  }, selector);
}

beforeAll(async () => {
  const { widgetJs } = await bundleWeb();
  api = await serveOnLoopback(fixtureApp({ assets: { widgetJs } }).fetch);
  hostileApi = await serveOnLoopback(hostileApp({ widgetJs }).fetch);
  const pages = new Hono();
  pages.get('/all', (c) =>
    c.html(
      hostPage(
        api.origin,
        `
<div id="t" class="ai-pricing-widget" data-type="table" data-providers="beta"></div>
<div id="b" class="ai-pricing-widget" data-type="badge" data-model="beta-pro" data-theme="dark"></div>
<div id="c" class="ai-pricing-widget" data-type="compare" data-models="alpha-nano,beta-pro" data-input-tokens="4000" data-output-tokens="1000" data-requests-per-day="200" data-theme="light"></div>
<div id="bad-model" class="ai-pricing-widget" data-type="badge" data-model="alpha-nan"></div>
<div id="bad-provider" class="ai-pricing-widget" data-type="table" data-providers="gamma"></div>`,
      ),
    ),
  );
  pages.get('/xss', (c) =>
    c.html(
      hostPage(
        hostileApi.origin,
        `
<div id="x1" class="ai-pricing-widget" data-type="badge" data-model='${XSS.replace(/'/g, '&#39;')}'></div>
<div id="x2" class="ai-pricing-widget" data-type='${XSS}'></div>
<div id="x3" class="ai-pricing-widget" data-type="table" data-providers="alpha"></div>
<div id="x4" class="ai-pricing-widget" data-type="badge" data-model="alpha-large"></div>`,
      ),
    ),
  );
  host = await serveOnLoopback(pages.fetch);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), hostileApi?.close(), host?.close()]);
});

describe('the widget in Chromium', () => {
  it('renders table, badge and compare with the right numbers, from the origin it was loaded from', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${host.origin}/all`);
    for (const id of ['#t', '#b', '#c', '#bad-model', '#bad-provider']) await waitRendered(page, id);

    const rows = await page.$eval('#t', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) =>
        Array.from(tr.children).map((td) => td.textContent),
      ),
    );
    // Current models by default, as the API's rankings; the legacy one left out, and said.
    expect(rows).toEqual([
      ['Beta Pro', 'Beta Labs', '$1.25', '$10', '1M'],
      ['Beta Flash', 'Beta Labs', '$0.1', '$0.4', '1M'],
    ]);
    expect(await widgetText(page, '#t')).toContain('1 legacy model left out: data-status="all" lists it.');
    expect(await widgetText(page, '#b')).toBe('Beta Pro$1.25 / $10 per 1M');
    // data-status set later: drawn again, the legacy model marked.
    await page.$eval('#t', (el) => el.setAttribute('data-status', 'all'));
    await page.waitForFunction(
      () => document.querySelector('#t')?.shadowRoot?.querySelectorAll('tbody tr').length === 3,
    );
    expect(await page.$eval('#t', (el) => el.shadowRoot!.querySelector('tbody tr:last-child td')!.textContent)).toBe(
      'Beta Classic (legacy)',
    );
    // 4,000 in + 1,000 out tokens, 200 requests a day, 30 days, by hand:
    // alpha-nano 4000×0.05/1e6 + 1000×0.4/1e6 = $0.0006 → $0.12 a day → $3.60 a month;
    // beta-pro 0.005 + 0.01 = $0.015 → $3 a day → $90 a month; saving $86.40 (96%).
    const compare = await page.$eval('#c', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) =>
        Array.from(tr.children).map((td) => td.textContent),
      ),
    );
    expect(compare).toEqual([
      ['Alpha Nano', '$0.0006', '$0.12', '$3.60'],
      ['Beta Pro', '$0.015', '$3.00', '$90.00'],
    ]);
    expect(await widgetText(page, '#c')).toContain(
      'Cheapest: Alpha Nano at $3.60 a month, $86.40 (96%) less than Beta Pro.',
    );
    // Every API call went to the widget script's origin, not the host page's.
    const apiCalls = requests.filter((u) => u.includes('/api/'));
    // One for each of the five widgets, and one for the table drawn again with data-status.
    expect(apiCalls.length).toBe(6);
    for (const u of apiCalls) expect(u.startsWith(`${api.origin}/api/`)).toBe(true);
    // Links go to the model pages on the API's site.
    expect(await page.$eval('#b', (el) => el.shadowRoot!.querySelector('a')!.href)).toBe(
      `${api.origin}/models/beta-pro`,
    );

    // Readable messages for an unknown model and provider.
    expect(await widgetText(page, '#bad-model')).toContain(
      'No model with id "alpha-nan" (model). Did you mean alpha-nano',
    );
    expect(await widgetText(page, '#bad-provider')).toContain(
      'provider "gamma" is not a provider slug. Allowed: alpha, beta.',
    );

    // Scoped CSS: the host's rules reach neither the widget's cells; the widget's rules stay inside.
    const widgetCell = await page.$eval('#t', (el) => getComputedStyle(el.shadowRoot!.querySelector('td')!).color);
    expect(widgetCell).not.toBe('rgb(255, 0, 0)');
    const widgetSize = await page.$eval('#t', (el) => getComputedStyle(el.shadowRoot!.querySelector('td')!).fontSize);
    expect(widgetSize).toBe('14px');
    expect(await page.$eval('#own th', (el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    // Themes: dark and light backgrounds.
    expect(
      await page.$eval('#b', (el) => getComputedStyle(el.shadowRoot!.querySelector('.Mid')!).backgroundColor),
    ).toBe('rgb(31, 111, 235)');
    expect(await page.$eval('#c', (el) => getComputedStyle(el.shadowRoot!.querySelector('.w')!).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );

    // A widget added after load renders too.
    await page.evaluate(() => {
      const el = document.createElement('div');
      el.id = 'late';
      el.className = 'ai-pricing-widget';
      el.dataset.type = 'badge';
      el.dataset.model = 'alpha-mini';
      document.body.append(el);
    });
    await waitRendered(page, '#late');
    expect(await widgetText(page, '#late')).toBe('Alpha Mini$0.25 / $2 per 1M');

    await page.screenshot({ path: `${ARTIFACTS}/widget.png`, fullPage: true });
    await page.close();
  });

  it('shows XSS payloads from attributes and from a model name as text and runs nothing', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${host.origin}/xss`);
    for (const id of ['#x1', '#x2', '#x3', '#x4']) await waitRendered(page, id);
    expect(await widgetText(page, '#x1')).toContain(`No model with id "${XSS.replace(/"/g, '\\"')}"`);
    expect(await widgetText(page, '#x2')).toContain(
      'data-type must be table, badge or compare; got "<img src=x onerror="window.__xss=1">"',
    );
    expect(await widgetText(page, '#x3')).toContain(`${XSS}Evil`);
    expect(await widgetText(page, '#x4')).toContain(`${XSS}Evil`);
    const images = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.ai-pricing-widget')).reduce(
        (n, el) => n + (el.shadowRoot?.querySelectorAll('img').length ?? 0),
        0,
      ),
    );
    expect(images).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/widget-xss.png`, fullPage: true });
    await page.close();
  });
});
