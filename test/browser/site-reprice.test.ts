/**
 * The /reprice page in Chromium with the real catalogue, at 390 and 1280 px, as a person uses it: a
 * ccusage export chosen (and one dropped) is read in the browser, only rows are POSTed; the form
 * never leaves the page (Enter in the targets box, the button) and prices again when the targets
 * change; the chart has a dated x-axis, a dollar y-axis, a legend and lines told apart, two that
 * coincide included; money is printed as the site prints it; the page does not scroll sideways.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { displayUsd } from '../../src/core/schema/display-usd.js';
import { parseScaled, Usd } from '../../src/core/schema/money.js';
import { ARTIFACTS, realSiteInChromium } from './harness.js';

const real = realSiteInChromium();
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'usage', 'ccusage-daily.json');
const TARGETS = ['openai-gpt-5.6-terra', 'deepseek-deepseek-v4-pro'];

/** The table as shown: its headings and its rows, each cell's text. */
const tableOf = (page: Page) =>
  page.$eval('#reprice-table', (t) => ({
    head: Array.from(t.querySelectorAll('thead th')).map((th) => th.textContent),
    rows: Array.from(t.querySelectorAll('tbody tr')).map((tr) =>
      Array.from(tr.children).map((c) => c.textContent ?? ''),
    ),
  }));

/** Each line of the chart: its series, points and look. */
const linesOf = (page: Page) =>
  page.$$eval('#reprice-chart svg.reprice-chart g[data-series]', (gs) =>
    gs.map((g) => {
      const line = g.querySelector('polyline')!;
      return {
        series: g.getAttribute('data-series'),
        points: line.getAttribute('points'),
        stroke: line.getAttribute('stroke'),
        width: Number(line.getAttribute('stroke-width')),
        dash: line.getAttribute('stroke-dasharray') ?? '',
      };
    }),
  );

const money = (v: number | string) => displayUsd(new Usd(parseScaled(v, 9)!));

describe.each([390, 1280] as const)('the /reprice page at %i px', (width) => {
  it('prices a chosen file without leaving the page, again when the targets change, with a chart a person can read', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const posts: string[] = [];
    const navigations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(`${real.site.origin}/`);
    await page.click('nav a[href="/reprice"]');
    await page.waitForURL(`${real.site.origin}/reprice`);
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });

    // Enter before any file: no navigation, no request, a word on what to do.
    await page.fill('#reprice-targets', TARGETS.join(','));
    await page.press('#reprice-targets', 'Enter');
    await expect.poll(() => page.textContent('#reprice-status')).toBe('Choose or drop a usage export first.');
    expect(posts).toEqual([]);

    await page.setInputFiles('#reprice-file', FIXTURE);
    await page.waitForSelector('#reprice-table tr.total');
    const table = await tableOf(page);
    expect(table.head).toEqual([
      'Date',
      "Ours at each day's list prices",
      "Ours at today's prices",
      ...TARGETS.map((t) => `On ${t}`),
      'Cost as your export reported',
    ]);
    // $0.472 + $0.3025 + $0.0445 + $0.01 at each day's list prices; the export reported $0.0565.
    const total = table.rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[1]).toBe('$0.829');
    expect(total.at(-1)).toBe('$0.0565');
    // Every amount as the site prints money: the API's exact amounts through displayUsd, one way throughout.
    expect(posts).toHaveLength(1);
    const answer = (await (
      await fetch(`${real.site.origin}/api/reprice?targets=${TARGETS.join(',')}`, {
        method: 'POST',
        body: readFileSync(FIXTURE, 'utf8'),
      })
    ).json()) as {
      days: Array<{ date: string; cost: number; today: number; targets: Record<string, number>; reported?: number }>;
      totals: { cost: number; today: number; targets: Record<string, number>; reported: { cost: number } };
    };
    const expected = [
      ...answer.days.map((d) => [
        d.date,
        money(d.cost),
        money(d.today),
        ...TARGETS.map((t) => money(d.targets[t]!)),
        d.reported === undefined ? '—' : money(d.reported),
      ]),
      [
        'Total',
        money(answer.totals.cost),
        money(answer.totals.today),
        ...TARGETS.map((t) => money(answer.totals.targets[t]!)),
        money(answer.totals.reported.cost),
      ],
    ];
    expect(table.rows).toEqual(expected);
    expect(await page.textContent('#reprice-result')).toContain('2 reported as $0 for a priced model');
    expect(await page.textContent('#reprice-result')).toContain('Not priced: claude-sonnet-9');

    // The chart: a dated x-axis, a dollar y-axis, a legend naming each line.
    const ticksX = await page.$$eval('#reprice-chart text.tick-x', (ts) => ts.map((t) => t.textContent));
    expect(ticksX).toEqual(answer.days.map((d) => `Nov ${Number(d.date.slice(8))}`));
    const axis = await page.$$eval('#reprice-chart text.axis-title', (ts) => ts.map((t) => t.textContent));
    expect(axis).toEqual([`Day (${answer.days[0]!.date} to ${answer.days.at(-1)!.date})`, 'USD per day']);
    const ticksY = await page.$$eval('#reprice-chart text.tick-y', (ts) => ts.map((t) => t.textContent ?? ''));
    expect(ticksY[0]).toBe('$0');
    expect(ticksY.length).toBeGreaterThanOrEqual(3);
    for (const t of ticksY) expect(money(t.slice(1))).toBe(t);
    const names = [
      "at each day's list prices",
      "at today's prices",
      ...TARGETS.map((t) => `on ${t}`),
      'as your export reported',
    ];
    expect(
      await page.$$eval('#reprice-chart ul.legend li', (lis) => lis.map((li) => (li as HTMLElement).dataset.series)),
    ).toEqual(names);
    const lines = await linesOf(page);
    expect(lines.map((l) => l.series)).toEqual(names);
    // Each line its own look; where two coincide (no price changed between those days and today), the
    // one beneath is wider and the one on top dashed, so both show, and the legend says so.
    expect(new Set(lines.map((l) => `${l.stroke} ${l.width} ${l.dash}`)).size).toBe(lines.length);
    const [listed, today] = lines;
    expect(answer.days.every((d) => d.cost === d.today)).toBe(true);
    expect(today!.points).toBe(listed!.points);
    expect(listed!.width).toBeGreaterThan(today!.width + 2);
    expect(today!.dash).not.toBe('');
    expect(await page.textContent('#reprice-chart li[data-series="at today\'s prices"]')).toContain(
      "the same as at each day's list prices every day",
    );
    const box = await page.locator('#reprice-chart svg.reprice-chart').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: `${ARTIFACTS}/reprice-${width}.png`, fullPage: true });

    // The targets changed, then Enter: priced again, here.
    await page.fill('#reprice-targets', 'openai-gpt-5.6-terra');
    await page.press('#reprice-targets', 'Enter');
    await expect
      .poll(async () => (await tableOf(page)).head.slice(3))
      .toEqual(['On openai-gpt-5.6-terra', 'Cost as your export reported']);
    // The targets changed and left (a change event): priced again.
    await page.fill('#reprice-targets', 'deepseek-deepseek-v4-pro');
    await page.press('#reprice-targets', 'Tab');
    await expect
      .poll(async () => (await tableOf(page)).head.slice(3))
      .toEqual(['On deepseek-deepseek-v4-pro', 'Cost as your export reported']);
    // The button, with the targets emptied.
    await page.fill('#reprice-targets', '');
    await page.click('#reprice-go');
    await expect
      .poll(async () => (await tableOf(page)).head)
      .toEqual(['Date', "Ours at each day's list prices", "Ours at today's prices", 'Cost as your export reported']);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(posts.map((u) => new URL(u).pathname))).toEqual(new Set(['/api/reprice']));
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(`${real.site.origin}/reprice`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends rows, not the file; prices a dropped file', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') bodies.push(r.postData() ?? '');
    });
    await page.goto(`${real.site.origin}/reprice`);
    const text = readFileSync(FIXTURE, 'utf8');
    const transfer = await page.evaluateHandle((content) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], 'daily.json', { type: 'application/json' }));
      return dt;
    }, text);
    await page.dispatchEvent('#reprice-drop', 'drop', { dataTransfer: transfer });
    await page.waitForSelector('#reprice-table tr.total');
    expect((await linesOf(page)).map((l) => l.series)).toEqual([
      "at each day's list prices",
      "at today's prices",
      'as your export reported',
    ]);
    // What went over the wire: rows in the service's columns, not the export (its totals and modelsUsed stay here).
    expect(bodies).toHaveLength(1);
    const sent = JSON.parse(bodies[0]!) as Array<Record<string, unknown>>;
    expect(sent[0]).toEqual({
      date: '2026-11-10',
      model: 'claude-sonnet-5-20260630',
      input_tokens: 1_101_000,
      output_tokens: 2000,
      cached_input_tokens: 1_000_000,
      cache_write_tokens: 100_000,
      cost: 0,
    });
    expect(bodies[0]).not.toContain('modelsUsed');
    await page.close();
  });
});
