/**
 * The chart's frontier in Chromium at 1280 and 390 px, on the real catalogue: the models ringed on
 * the chart for the calculator's workload are those the API's recommend?frontier=true returns for
 * it (current models, as the API weighs them by default), they are in view, and the chart follows the use case chosen and the workload.
 * Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { ARTIFACTS, realSiteInChromium, ringed } from './harness.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const real = realSiteInChromium();

/** The API's frontier for a workload, cheapest first (variants share their head's place there). */
async function apiFrontier(query: string): Promise<string[]> {
  const res = await fetch(`${real.site.origin}/api/recommend?frontier=true&sort=cost&limit=10&${query}`);
  const body = (await res.json()) as { recommendations: Array<{ id: string }> };
  return body.recommendations.map((r) => r.id);
}

describe.each([1280, 390] as const)('at %i px wide', (width) => {
  it("the chart rings the frontier the API returns for the calculator's workload, in view, and follows the use case", async () => {
    const page = await real.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${real.site.origin}/`);
    await page.waitForSelector('#chart-figure circle.frontier');
    const workload = 'input_tokens=2000&output_tokens=500&requests=1000&days=30';
    const overall = await ringed(page, catalogue.headOf);
    expect(overall.length).toBeGreaterThan(1);
    // Sorted by cost, the frontier's scores only rise (otherwise a cheaper model would beat one).
    expect(overall).toEqual(await apiFrontier(workload));
    expect(await page.locator('#chart-figure polyline.frontier-line').count()).toBe(1);
    const box = await page.locator('#chart-figure svg').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.locator('#chart').screenshot({ path: join(ARTIFACTS, `chart-frontier-${width}.png`) });

    // The calculator's workload moves the costs: ten times the output makes another frontier, as the API says.
    await page.fill('#calc-output_tokens', '5000');
    await page.waitForFunction(() =>
      document.querySelector('#chart-figure figcaption')?.textContent?.includes('5,000 output'),
    );
    expect(await ringed(page, catalogue.headOf)).toEqual(
      await apiFrontier('input_tokens=2000&output_tokens=5000&requests=1000&days=30'),
    );

    // The use case: the chart plots the coding score; every ringed model is on the coding frontier of all drawn.
    await page.selectOption('#chart-use-case', 'coding');
    await page.waitForFunction(
      () => document.querySelector('#chart-title')?.textContent === 'Price against coding score',
    );
    const coding = await page.$$eval('#chart-figure circle', (cs) =>
      cs.map((c) => ({
        on: c.classList.contains('frontier'),
        x: Number(c.getAttribute('cx')),
        y: Number(c.getAttribute('cy')),
      })),
    );
    // Higher on the chart is a lower y. A dot is on the frontier when no other dot is as far left and as high, and further on one.
    const beaten = (a: { x: number; y: number }) =>
      coding.some((b) => b.x <= a.x && b.y <= a.y && (b.x < a.x || b.y < a.y));
    expect(coding.filter((d) => d.on)).toEqual(coding.filter((d) => !beaten(d)));
    await page.locator('#chart').screenshot({ path: join(ARTIFACTS, `chart-frontier-coding-${width}.png`) });
    await page.close();
  }, 60_000);
});
