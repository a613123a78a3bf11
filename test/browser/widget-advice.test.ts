/**
 * The widget in Chromium, for what ranking and pricing advice needs from it: an error reads as a
 * sentence at any width (an inline badge's too), the table marks free-tier-only models, and the
 * compare widget takes the API's workload names and shows cost warnings.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteFixtureApp } from '../fixtures/site-catalogue.js';
import { ARTIFACTS, widgetHostInChromium } from './harness.js';

const opened = widgetHostInChromium(siteFixtureApp, {
  '/': () => `<p>Inline: <div class="ai-pricing-widget" id="bad-badge" data-type="badge" data-model="gpt-5"></div></p>
<div class="ai-pricing-widget" id="t" data-type="table" data-providers="beta"></div>
<div class="ai-pricing-widget" id="bad-type" data-type="chart"></div>`,
  '/compare':
    () => `<div class="ai-pricing-widget" id="c" data-type="compare" data-models="alpha-large,alpha-nano" data-input-tokens="200000" data-output-tokens="1000"
 data-requests="100" data-days="20" data-mode="streaming" data-cached-input-tokens="100000" data-cache-write-tokens="50000"></div>
<div class="ai-pricing-widget" id="old" data-type="compare" data-models="alpha-nano,beta-pro" data-requests-per-day="200"></div>
<div class="ai-pricing-widget" id="parts" data-type="compare" data-models="alpha-large,beta-pro" data-output-tokens="1000" data-reasoning-tokens="600"
 data-service-tier="priority"></div>`,
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
  it("shows an error as a sentence, a badge's too, not a column of letters", async () => {
    const page = await opened.browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${opened.host.origin}/`);
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
  });
});

describe('the table widget', () => {
  it('marks a model served only on a free tier', async () => {
    const page = await opened.browser.newPage();
    await page.goto(`${opened.host.origin}/`);
    await waitRendered(page, '#t');
    const names = await page.$eval('#t', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => (tr.children[0] as HTMLElement).textContent),
    );
    expect(names).toContain('Beta Free free tier only');
    expect(names).toContain('Beta Pro');
    expect(names.filter((n) => n?.includes('free tier only'))).toEqual(['Beta Free free tier only']);
    await page.close();
  });
});

describe('the compare widget', () => {
  it("forwards the API's workload names, shows the workload it priced and the cost warnings", async () => {
    const page = await opened.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/compare')) calls.push(r.url());
    });
    await page.goto(`${opened.host.origin}/compare`);
    for (const id of ['#c', '#old']) await waitRendered(page, id);
    const sent = new URL(calls.find((u) => u.includes('alpha-large'))!).searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      models: 'alpha-large,alpha-nano',
      input_tokens: '200000',
      output_tokens: '1000',
      requests: '100',
      days: '20',
      mode: 'streaming',
      cached_input_tokens: '100000',
      cache_write_tokens: '50000',
    });
    const rows = (selector: string) =>
      page.$eval(selector, (el) =>
        Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) =>
          Array.from(tr.children).map((td) => td.textContent),
        ),
      );
    // By hand, per request: alpha-large (200,000 input is not above its 200K threshold: standard band)
    // 50,000 uncached × $3 + 100,000 cached × $0.3 + 50,000 written × $3.75 + 1,000 output × $15 × 1.15
    // = (150,000 + 30,000 + 187,500 + 17,250) / 1e6 = $0.38475; × 100 a day = $38.475; × 20 days = $769.50.
    // alpha-nano (no cache prices: reads and writes at the $0.05 input price): 200,000 × 0.05 + 1,000 × 0.4 × 1.15
    // = 10,460 / 1e6 = $0.01046; $1.046 a day; $20.92 a month.
    expect(await rows('#c')).toEqual([
      ['Alpha Large', '$0.38475', '$38.48', '$769.50'],
      ['Alpha Nano', '$0.01046', '$1.05', '$20.92'],
    ]);
    const caption = await page.$eval('#c', (el) => el.shadowRoot!.querySelector('caption')!.textContent);
    expect(caption).toBe(
      '200,000 input (100,000 cached, 50,000 written to the cache) + 1,000 output tokens, 100 requests a day, 20 days a month (streaming)',
    );
    // Alpha Nano's 128K window cannot take 201,000 tokens: the answer warns, and the widget says so.
    const warnings = await page.$eval('#c', (el) =>
      Array.from(el.shadowRoot!.querySelectorAll('.warn li')).map((li) => li.textContent ?? ''),
    );
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.some((w) => w.startsWith('Alpha Nano: ') && w.includes('context window'))).toBe(true);
    expect(warnings.some((w) => w.startsWith('Alpha Large: '))).toBe(false);
    // The spec's attribute still works: 1,000 + 500 tokens by default, 200 requests a day.
    // alpha-nano: (1,000 × 0.05 + 500 × 0.4) / 1e6 = $0.00025; $0.05 a day; $1.50 a month.
    expect(new URL(calls.find((u) => u.includes('beta-pro'))!).searchParams.get('requests_per_day')).toBe('200');
    expect((await rows('#old'))[0]).toEqual(['Alpha Nano', '$0.00025', '$0.05', '$1.50']);
    await page.screenshot({ path: `${ARTIFACTS}/widget-compare.png`, fullPage: true });
    await page.close();
  });
});

describe('the compare widget with the parts billed apart', () => {
  it('forwards service_tier and reasoning_tokens, names them in the caption and shows what the API answers, warnings included', async () => {
    const page = await opened.browser.newPage({ viewport: { width: 390, height: 900 } });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/compare')) calls.push(r.url());
    });
    await page.goto(`${opened.host.origin}/compare`);
    await waitRendered(page, '#parts');
    const sent = calls.find((u) => u.includes('beta-pro') && u.includes('reasoning'))!;
    expect(Object.fromEntries(new URL(sent).searchParams)).toEqual({
      models: 'alpha-large,beta-pro',
      output_tokens: '1000',
      reasoning_tokens: '600',
      service_tier: 'priority',
    });
    const answer = (await (await fetch(`${opened.site.origin}/api/compare${new URL(sent).search}`)).json()) as {
      comparison: Array<{ name: string; costs: { perRequest: number }; warnings?: Array<{ message: string }> }>;
    };
    const shown = await page.$eval('#parts', (el) => ({
      caption: el.shadowRoot!.querySelector('caption')!.textContent,
      perRequest: Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => tr.children[1]!.textContent),
      warnings: Array.from(el.shadowRoot!.querySelectorAll('.warn li')).map((li) => li.textContent),
    }));
    expect(shown.caption).toBe(
      '1,000 input + 1,000 output (600 reasoning) tokens, 1,000 requests a day, 30 days a month (priority tier)',
    );
    expect(shown.perRequest).toEqual(answer.comparison.map((m) => `$${m.costs.perRequest}`));
    expect(shown.warnings).toEqual(
      answer.comparison.flatMap((m) => (m.warnings ?? []).map((w) => `${m.name}: ${w.message}`)),
    );
    await page.screenshot({ path: `${ARTIFACTS}/widget-compare-parts-390.png`, fullPage: true });
    await page.close();
  });
});
