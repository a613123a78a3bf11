/**
 * The calculator's advanced row for what providers bill beyond text tokens (service tier,
 * reasoning, audio, image and video tokens, web searches), in Chromium at 1280 and 390 px with the
 * real catalogue: the fields carry the API's names and fit the screen, the table prices them as
 * /api/calculate does, and parts larger than their whole are refused in the API's words.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { displayUsd } from '../../src/core/schema/display-usd.js';
import { parseScaled, Usd } from '../../src/core/schema/money.js';
import { PART_NAMES } from '../../src/endpoints/part-rules.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { ARTIFACTS, realSiteInChromium } from './harness.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const real = realSiteInChromium();

const monthly = (page: Page, id: string) => page.$eval(`tr[data-id="${id}"] td.monthly`, (el) => el.textContent ?? '');
const shownAsUsd = (amount: number) => displayUsd(new Usd(parseScaled(amount, 9)!));

/** Ten current models of different providers, so the check spans several price records. */
const sample = () => {
  const seen = new Set<string>();
  return catalogue.models
    .filter((m) => m.status === 'current' && !m.freeTierOnly && !seen.has(m.providerSlug) && seen.add(m.providerSlug))
    .slice(0, 10)
    .map((m) => m.id);
};

describe.each([1280, 390])('the advanced row at %i px', (width) => {
  it('has a field for each part under its API name, inside the screen', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${real.site.origin}/`);
    await page.click('details.advanced summary');
    const names = await page.$$eval('details.advanced input, details.advanced select', (els) =>
      els.map((e) => (e as HTMLInputElement).name),
    );
    expect(names).toEqual(expect.arrayContaining(['service_tier', ...PART_NAMES]));
    expect(
      await page.$$eval('#calc-service_tier option', (os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['standard', 'flex', 'priority', 'fast']);
    const boxes = await page.$$eval('details.advanced label', (ls) =>
      ls.map((l) => {
        const r = l.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.locator('#calculator').screenshot({ path: `${ARTIFACTS}/site-advanced-${width}.png` });
    await page.close();
  });

  it('prices the service tier and the reasoning part as /api/calculate does, and refuses a part larger than its whole', async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${real.site.origin}/`);
    await page.click('details.advanced summary');
    await page.fill('#calc-output_tokens', '3000');
    await page.fill('#calc-reasoning_tokens', '2000');
    await page.fill('#calc-web_searches', '0');
    await page.selectOption('#calc-service_tier', 'priority');
    const ids = sample();
    const answer = await page.evaluate(
      async (q) => (await fetch(`/api/calculate?${q}`)).json(),
      `models=${ids.join(',')}&output_tokens=3000&reasoning_tokens=2000&service_tier=priority`,
    );
    const results = answer.results as Array<{ id: string; costs: { monthly: number } }>;
    expect(results.length).toBe(ids.length);
    for (const r of results) expect(await monthly(page, r.id), r.id).toBe(shownAsUsd(r.costs.monthly));
    expect(await page.textContent('#calc-summary')).toContain('3,000 output (2,000 reasoning)');
    expect(await page.textContent('#calc-summary')).toContain('(standard, priority tier)');

    const before = await monthly(page, ids[0]!);
    await page.fill('#calc-output_video_tokens', '1001');
    expect(await page.textContent('#calc-error')).toBe(
      'reasoning_tokens + output_video_tokens (3001) must not exceed output_tokens (3000): reasoning, audio, image and video output are parts of the output.',
    );
    expect(await page.getAttribute('#calc-error', 'class')).not.toContain('hidden');
    expect(await monthly(page, ids[0]!)).toBe(before);
    await page.fill('#calc-output_video_tokens', '0');
    expect(await page.getAttribute('#calc-error', 'class')).toContain('hidden');
    // A service tier with batch, as the API refuses it.
    await page.selectOption('#calc-mode', 'batch');
    expect(await page.textContent('#calc-error')).toContain('The priority service tier is not sold with batch');
    await page.selectOption('#calc-mode', 'standard');
    expect(await page.getAttribute('#calc-error', 'class')).toContain('hidden');
    expect(problems).toEqual([]);
    await page.close();
  });
});
