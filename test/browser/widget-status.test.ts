/**
 * The widget on a phone (390 px) and a desktop (1280 px), in Chromium, the real catalogue with the
 * clock at 2026-11-28 (Gemini 3.7 Flash doubles on 2027-01-01): the badge with its price-change note
 * fits, the note on a line of its own where one line would not hold it and the model's name whole;
 * the table lists current models by default (as the API's rankings), takes data-status, and says
 * how many it left out. Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { ARTIFACTS, realSiteOn, widgetHostInChromium } from './harness.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const opened = widgetHostInChromium(realSiteOn('2026-11-28'), {
  '/': () => `
<div id="badge" class="ai-pricing-widget" data-type="badge" data-model="google-gemini-3.7-flash"></div>
<div id="plain" class="ai-pricing-widget" data-type="badge" data-model="openai-gpt-5.6-terra"></div>
<div id="current" class="ai-pricing-widget" data-type="table" data-providers="openai,anthropic"></div>
<div id="all" class="ai-pricing-widget" data-type="table" data-providers="openai,anthropic" data-status="all"></div>
<div id="legacy" class="ai-pricing-widget" data-type="table" data-providers="openai,anthropic" data-status="legacy"></div>
<div id="bad" class="ai-pricing-widget" data-type="table" data-status="old"></div>`,
});

const IDS = ['#badge', '#plain', '#current', '#all', '#legacy', '#bad'];

async function open(width: number): Promise<Page> {
  const page = await opened.browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${opened.host.origin}/`);
  await page.waitForFunction(
    (ids) =>
      ids.every((s) => {
        const root = document.querySelector(s)?.shadowRoot;
        return !!root && !root.querySelector('[role=status]');
      }),
    IDS,
  );
  return page;
}

/** A badge's parts as laid out: each span's box and whether its text is cut. */
const badgeOf = (page: Page, id: string) =>
  page.$eval(id, (host) => {
    const a = host.shadowRoot!.querySelector('a.b') as HTMLElement;
    const part = (s: string) => {
      const span = a.querySelector(s) as HTMLElement | null;
      if (!span) return undefined;
      const r = span.getBoundingClientRect();
      return {
        text: span.textContent,
        top: r.top,
        left: r.left,
        right: r.right,
        cut: span.scrollWidth > span.clientWidth,
      };
    };
    const r = a.getBoundingClientRect();
    return {
      right: r.right,
      cut: a.scrollWidth > a.clientWidth,
      label: part('.l')!,
      message: part('.m')!,
      note: part('.note'),
    };
  });

/** A table widget's model names and its notes under the table. */
const tableOf = (page: Page, id: string) =>
  page.$eval(id, (host) => ({
    names: Array.from(host.shadowRoot!.querySelectorAll('tbody tr td:first-child a')).map((a) => a.textContent),
    feet: Array.from(host.shadowRoot!.querySelectorAll('p.foot')).map((p) => p.textContent),
    caption: host.shadowRoot!.querySelector('caption')?.textContent,
  }));

const made = (slugs: string[], status?: 'current' | 'legacy') =>
  catalogue.models
    .filter((m) => slugs.includes(m.providerSlug) && (!status || m.status === status))
    .map((m) => m.name)
    .sort();

describe.each([390, 1280] as const)('the widget at %i px', (width) => {
  it('the badge with a price-change note fits, its name whole; the note wraps onto its own line where it must', async () => {
    const page = await open(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    const badge = await badgeOf(page, '#badge');
    expect(badge.label.text).toBe('Gemini 3.7 Flash');
    expect(badge.message.text).toBe('$0.75 / $3.75 per 1M');
    expect(badge.note?.text).toBe(' · rises 100% on 2027-01-01');
    for (const part of [badge.label, badge.message, badge.note!]) {
      expect(part.cut).toBe(false);
      expect(part.right).toBeLessThanOrEqual(width);
    }
    expect(badge.cut).toBe(false);
    expect(badge.right).toBeLessThanOrEqual(width);
    // A desktop holds it on one line; a phone puts the note under the price, from the badge's left edge.
    if (width === 1280) expect(badge.note!.top).toBe(badge.label.top);
    else expect([badge.note!.top > badge.label.top, badge.note!.left]).toEqual([true, badge.label.left]);
    // A badge with no note is one line, as before.
    const plain = await badgeOf(page, '#plain');
    expect([plain.note, plain.cut, plain.message.top]).toEqual([undefined, false, plain.label.top]);
    await page.screenshot({ path: `${ARTIFACTS}/widget-status-${width}.png`, fullPage: true });
    await page.close();
  });

  it('the table lists current models by default, takes data-status, and says how many it left out', async () => {
    const page = await open(width);
    const slugs = ['openai', 'anthropic'];
    const current = await tableOf(page, '#current');
    const legacy = made(slugs, 'legacy');
    expect(legacy.length).toBeGreaterThan(10);
    expect([...current.names].sort()).toEqual(made(slugs, 'current'));
    expect(current.caption).toBe('AI model prices, USD per 1M tokens, current models');
    expect(current.feet[0]).toBe(`${legacy.length} legacy models left out: data-status="all" lists them.`);

    const all = await tableOf(page, '#all');
    expect([...all.names].sort()).toEqual(made(slugs));
    expect(all.feet[0]).toBe('Prices: AI model pricing');

    const old = await tableOf(page, '#legacy');
    expect([...old.names].sort()).toEqual(legacy);
    expect(old.feet[0]).toBe(`${made(slugs, 'current').length} current models left out: data-status="all" lists them.`);

    expect(await page.$eval('#bad', (h) => h.shadowRoot!.textContent)).toContain(
      'data-status must be current, legacy or all; got "old"',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.close();
  });
});
