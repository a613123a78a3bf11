// The worked examples of docs/api.md whose figures are written out in prose (its curl examples are
// checked by test/docs/examples.test.ts), asked of the service: if a price in data/ changes, this fails until the docs follow.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const app = createService({
  catalogue: loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', 'data')),
  mcp: mcpRoute,
  clock: fixedClock('2026-11-28'),
});

async function costs(query: string) {
  const res = await app.request(`http://localhost/api/calculate?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { costs: Record<string, number> }).costs;
}

describe('docs/api.md worked examples', () => {
  it('cache read: Claude Sonnet 5', async () => {
    expect(
      await costs(
        'model=anthropic-claude-sonnet-5&input_tokens=10000&cached_input_tokens=8000&output_tokens=1000&requests=1000',
      ),
    ).toEqual({
      // $2 × 2,000 + $0.2 × 8,000 + $10 × 1,000 per 1M tokens = $0.0156 (Sonnet 5 stayed at $2/$10).
      perRequest: 0.0156,
      daily: 15.6,
      monthly: 468,
      yearly: 5616,
    });
    expect((await costs('model=anthropic-claude-sonnet-5&input_tokens=10000&output_tokens=1000')).perRequest).toBe(
      0.03,
    );
  });

  it('long context: GPT-5.6 Terra', async () => {
    expect(await costs('model=openai-gpt-5.6-terra&input_tokens=300000&output_tokens=2000&requests=100')).toEqual({
      perRequest: 1.236,
      daily: 123.6,
      monthly: 3708,
      yearly: 44496,
    });
  });

  it("both: GPT-5.6 Terra with 250,000 cached tokens, and at the threshold (OpenAI's long-context prices start at it)", async () => {
    expect(
      await costs(
        'model=openai-gpt-5.6-terra&input_tokens=300000&cached_input_tokens=250000&output_tokens=2000&requests=100',
      ),
    ).toMatchObject({
      perRequest: 0.336,
      monthly: 1008,
    });
    // One token below: 21,999 × 2 + 250,000 × 0.2 + 2,000 × 12 = 117,998 per 1M.
    expect(
      (await costs('model=openai-gpt-5.6-terra&input_tokens=271999&cached_input_tokens=250000&output_tokens=2000'))
        .perRequest,
    ).toBe(0.117998);
    // At 272,000 (OpenAI's rule is "at"): 22,000 × 4 + 250,000 × 0.4 + 2,000 × 18 = 224,000 per 1M.
    expect(
      (await costs('model=openai-gpt-5.6-terra&input_tokens=272000&cached_input_tokens=250000&output_tokens=2000'))
        .perRequest,
    ).toBe(0.224);
  });

  it('off-peak: half of deepseek-chat requests (an alias of V4 Flash) in the off-peak window', async () => {
    expect(await costs('model=deepseek-deepseek-chat&off_peak_share=50')).toEqual({
      perRequest: 0.001155,
      daily: 1.155,
      monthly: 34.65,
      yearly: 415.8,
    });
  });

  it('as_of: GPT-5.6 Sol before its cut of 2026-08-21, and today', async () => {
    expect(await costs('model=openai-gpt-5.6-sol&as_of=2026-08-15')).toEqual({
      perRequest: 0.025,
      daily: 25,
      monthly: 750,
      yearly: 6480,
    });
    expect(await costs('model=openai-gpt-5.6-sol')).toEqual({
      perRequest: 0.018,
      daily: 18,
      monthly: 540,
      yearly: 6480,
    });
  });
});
