/**
 * The /reprice page in Chromium with the real catalogue: a ccusage export chosen (and one dropped)
 * is read in the browser, only rows are POSTed, and the page shows cost per day, the totals on
 * two targets and a chart line for each series.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realSiteInChromium } from './harness.js';

const real = realSiteInChromium();
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'usage', 'ccusage-daily.json');

describe('the /reprice page', () => {
  it('prices a chosen file: rows sent, not the file; a table and a chart of cost per day', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const bodies: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST') bodies.push(r.postData() ?? ''); });
    await page.goto(`${real.site.origin}/`);
    await page.click('nav a[href="/reprice"]');
    await page.fill('#reprice-targets', 'openai-gpt-5.6-terra,deepseek-deepseek-v4-pro');
    await page.setInputFiles('#reprice-file', FIXTURE);
    await page.waitForSelector('#reprice-table tr.total');
    const total = await page.$$eval('#reprice-table tr.total td', (tds) => tds.map((t) => t.textContent));
    // $0.472 + $0.3025 + $0.0445 + $0.01 as billed; the reported costs are $0.0565.
    expect(total[0]).toBe('Total');
    // As the rest of the site prints money (core/schema/display-usd.ts), no float's padding.
    expect(total[1]).toBe('$0.829');
    expect(total.at(-1)).toBe('$0.0565');
    expect(await page.$$eval('#reprice-table tr', (trs) => trs.length)).toBe(4);
    expect(await page.$$eval('#reprice-chart polyline', (ls) => ls.map((l) => l.getAttribute('data-series')))).toEqual([
      'as billed', "at today's prices", 'openai-gpt-5.6-terra', 'deepseek-deepseek-v4-pro',
    ]);
    expect(await page.textContent('#reprice-result')).toContain('2 reported as $0 for a priced model');
    expect(await page.textContent('#reprice-result')).toContain('Not priced: claude-sonnet-9');
    // What went over the wire: rows in the service's columns, not the export (its totals and modelsUsed stay here).
    expect(bodies).toHaveLength(1);
    const sent = JSON.parse(bodies[0]!) as Array<Record<string, unknown>>;
    expect(sent[0]).toEqual({ date: '2026-11-10', model: 'claude-sonnet-5-20260630', input_tokens: 1_101_000, output_tokens: 2000, cached_input_tokens: 1_000_000, cache_write_tokens: 100_000, cost: 0 });
    expect(bodies[0]).not.toContain('modelsUsed');
    await page.close();
  });

  it('prices a dropped file', async () => {
    const page = await real.browser.newPage();
    await page.goto(`${real.site.origin}/reprice`);
    const text = readFileSync(FIXTURE, 'utf8');
    const transfer = await page.evaluateHandle((content) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], 'daily.json', { type: 'application/json' }));
      return dt;
    }, text);
    await page.dispatchEvent('#reprice-drop', 'drop', { dataTransfer: transfer });
    await page.waitForSelector('#reprice-table tr.total');
    expect(await page.$$eval('#reprice-chart polyline', (ls) => ls.length)).toBe(2);
    await page.close();
  });
});
