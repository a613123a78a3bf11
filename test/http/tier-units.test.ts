/**
 * A service tier bills only the units it publishes a price for at its own prices: the rest at the
 * standard sheet's price, named in appliedPrices.standardPriced and the tier_unit_price warning.
 * On the real catalogue (data/*.json); expected costs worked out by hand from the records' prices.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: { widgetJs: '/* widget */' } });

async function calc(query: string) {
  const res = await app.request(`http://localhost/api/calculate?${query}`);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('units a service tier publishes no price for', () => {
  it('bills cache reads at the standard cache price on OpenAI flex, not the flex input price', async () => {
    const q = 'model=openai-gpt-5.5-pro&input_tokens=10000&cached_input_tokens=9000&output_tokens=100';
    // Standard: 1,000 × 30 + 9,000 × 3 + 100 × 180 = 75,000 per 1M.
    expect((await calc(q)).costs.perRequest).toBe(0.075);
    // Flex ($15 in, $90 out, no cache-read price): 1,000 × 15 + 9,000 × 3 (standard) + 100 × 90 = 51,000 per 1M.
    const flex = await calc(`${q}&service_tier=flex`);
    expect(flex.costs.perRequest).toBe(0.051);
    expect(flex.appliedPrices).toMatchObject({
      serviceTier: 'flex',
      input: 15,
      cachedInput: 3,
      standardPriced: ['cachedInput'],
    });
    expect(flex.warnings.map((x: { code: string }) => x.code)).toContain('tier_unit_price');
  });

  it('bills cache reads on Gemini 2.5 Pro priority at the standard $0.125', async () => {
    // 9,000 × 1.25 + 1,000 × 0.125 + 100 × 10 = 12,375 per 1M.
    const body = await calc(
      'model=google-gemini-2.5-pro&service_tier=priority&input_tokens=10000&cached_input_tokens=1000&output_tokens=100',
    );
    expect(body.costs.perRequest).toBe(0.012375);
    expect(body.appliedPrices.cachedInput).toBe(0.125);
  });

  it('bills audio on Gemini 3.1 Flash-Lite flex at the standard audio price, with no discount', async () => {
    // 1,000 audio × 0.5 = 500 per 1M, in both tiers (flex prices text only).
    const q = 'model=google-gemini-3.1-flash-lite&input_tokens=1000&input_audio_tokens=1000&output_tokens=0';
    expect((await calc(q)).costs.perRequest).toBe(0.0005);
    const flex = await calc(`${q}&service_tier=flex`);
    expect(flex.costs.perRequest).toBe(0.0005);
    expect(flex.appliedPrices.standardPriced).toEqual(['inputAudio']);
    expect(flex.appliedPrices.units).toEqual([
      { unit: 'inputAudio', quantity: 1000, price: 0.5, per: 1_000_000, billedAs: 'inputAudio' },
    ]);
  });
});
