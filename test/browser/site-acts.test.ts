/**
 * Issue 39 on the home page, in Chromium with the real catalogue: the headline is cleared when the
 * calculator's workload is refused, a cost billed in a long-context band names that band's prices
 * in its row, and on a service tier the headline names the API's cheapest (models not sold on the
 * tier are left out, as /api/cheapest leaves them out).
 */
import { describe, expect, it } from 'vitest';
import { realSiteInChromium } from './harness.js';

const real = realSiteInChromium();

describe('the home page gives advice a person can act on', () => {
  it('clears the headline on a refusal, names long-context prices in the row, and follows the API on a tier', async () => {
    const page = await real.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${real.site.origin}/`);
    await page.click('details.advanced summary');
    expect(await page.textContent('#calc-summary')).toMatch(/^Cheapest for /);

    // Batch with the priority tier: the API refuses it, and the headline names no cheapest.
    await page.selectOption('#calc-service_tier', 'priority');
    await page.selectOption('#calc-mode', 'batch');
    expect(await page.textContent('#calc-error')).toContain('not sold with batch');
    const refused = (await page.textContent('#calc-summary')) ?? '';
    expect(refused).not.toContain('Cheapest');
    expect(refused).toContain('No cheapest model');

    // The priority tier alone: the headline's model is /api/cheapest's first on that tier.
    await page.selectOption('#calc-mode', 'standard');
    const api = await page.evaluate(async () => (await fetch('/api/cheapest?service_tier=priority&limit=1')).json());
    const first = api.recommendations[0] as { name: string };
    const headline = (await page.textContent('#calc-summary')) ?? '';
    expect(headline).toContain(`: ${first.name} at `);
    expect(headline).toContain('not sold on the service tier asked');

    // 600K-token prompts: GPT-5.6 Terra is billed at its long-context prices, and its row says so.
    await page.selectOption('#calc-service_tier', 'standard');
    await page.fill('#calc-input_tokens', '600000');
    const terra = await page.evaluate(async () =>
      (await fetch('/api/calculate?model=openai-gpt-5.6-terra&input_tokens=600000')).json(),
    );
    expect(terra.appliedPrices.band).not.toBe('standard');
    const cell = await page.$eval('tr[data-id="openai-gpt-5.6-terra"] td.monthly', (el) => el.textContent ?? '');
    expect(cell).toContain(`(long-context $${terra.appliedPrices.input} / $${terra.appliedPrices.output})`);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
