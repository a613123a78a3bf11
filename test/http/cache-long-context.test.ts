// cached_input_tokens and long-context prices on /api/calculate, /api/compare and /api/cheapest,
// against figures worked out by hand from the fixture prices (USD per 1M tokens):
//   alpha-large: input 3, output 15, cachedInput 0.3; above 200,000 input tokens per request the
//                whole request is billed at input 6, output 22.5, cachedInput 0.6.
//   alpha-mini:  input 0.25, output 2, no cached-input price.
import { describe, expect, it } from 'vitest';
import { fixtureApp, getJson } from '../fixtures/catalogue.js';
import { workload } from './helpers.js';

const app = fixtureApp();
const get = (path: string) => getJson(path, app);

async function ok(path: string) {
  const { status, body } = await get(path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  return body;
}

async function rawText(path: string) {
  const res = await app.request(`http://localhost${path}`);
  return res.text();
}

const calc = (query: string) => ok(`/api/calculate?model=alpha-large&${query}`);

describe('/api/calculate: cache read', () => {
  it('bills cached tokens at cachedInput and the rest at input', async () => {
    // 6,000 × 3 + 4,000 × 0.3 + 1,000 × 15 = 18,000 + 1,200 + 15,000 = 34,200 per 1M → $0.0342
    const body = await calc('input_tokens=10000&cached_input_tokens=4000&output_tokens=1000&requests=100');
    expect(body.workload).toEqual(
      workload({
        input_tokens: 10000,
        cached_input_tokens: 4000,
        output_tokens: 1000,
        requests: 100,
        days: 30,
        mode: 'standard',
      }),
    );
    expect(body.costs).toEqual({ perRequest: 0.0342, daily: 3.42, monthly: 102.6, yearly: 1231.2 });
  });

  it('bills cached tokens at the input price when the model publishes no cached-input price', async () => {
    // 10,000 × 0.25 + 1,000 × 2 = 4,500 per 1M → $0.0045, the same as without a cache.
    const body = await ok(
      '/api/calculate?model=alpha-mini&input_tokens=10000&cached_input_tokens=4000&output_tokens=1000&requests=100',
    );
    expect(body.costs).toEqual({ perRequest: 0.0045, daily: 0.45, monthly: 13.5, yearly: 162 });
  });

  it('takes every input token from the cache when cached_input_tokens equals input_tokens', async () => {
    // 10,000 × 0.3 = 3,000 per 1M → $0.003
    const body = await calc('input_tokens=10000&cached_input_tokens=10000&output_tokens=0&requests=1&days=1');
    expect(body.costs).toEqual({ perRequest: 0.003, daily: 0.003, monthly: 0.003, yearly: 0.036 });
  });
});

describe('/api/calculate: long context', () => {
  it('bills the whole request at the long-context prices above the threshold', async () => {
    // 250,000 × 6 + 2,000 × 22.5 = 1,500,000 + 45,000 per 1M → $1.545
    const body = await calc('input_tokens=250000&output_tokens=2000&requests=10');
    expect(body.costs).toEqual({ perRequest: 1.545, daily: 15.45, monthly: 463.5, yearly: 5562 });
  });

  it('uses the normal prices at exactly the threshold (not above it)', async () => {
    // 200,000 × 3 + 1,000 × 15 = 600,000 + 15,000 per 1M → $0.615
    const body = await calc('input_tokens=200000&output_tokens=1000&requests=10');
    expect(body.costs).toEqual({ perRequest: 0.615, daily: 6.15, monthly: 184.5, yearly: 2214 });
  });

  it('switches one token above the threshold', async () => {
    // 200,001 × 6 + 1,000 × 22.5 = 1,200,006 + 22,500 per 1M → $1.222506
    const body = await calc('input_tokens=200001&output_tokens=1000&requests=10');
    expect(body.costs).toEqual({ perRequest: 1.222506, daily: 12.22506, monthly: 366.7518, yearly: 4401.0216 });
  });
});

describe('/api/calculate: cache read × long context', () => {
  it('bills cached tokens above the threshold at longContext.cachedInput', async () => {
    // The threshold counts all input tokens (250,000 > 200,000), cached ones included:
    // 50,000 × 6 + 200,000 × 0.6 + 2,000 × 22.5 = 300,000 + 120,000 + 45,000 per 1M → $0.465.
    // (Two common mistakes: base cache price 0.3 → $0.405; cliff on uncached tokens only → $0.24.)
    const body = await calc('input_tokens=250000&cached_input_tokens=200000&output_tokens=2000&requests=10');
    expect(body.costs).toEqual({ perRequest: 0.465, daily: 4.65, monthly: 139.5, yearly: 1674 });
  });

  it('uses the normal cache price at exactly the threshold', async () => {
    // 150,000 × 3 + 50,000 × 0.3 + 1,000 × 15 = 450,000 + 15,000 + 15,000 per 1M → $0.48
    const body = await calc('input_tokens=200000&cached_input_tokens=50000&output_tokens=1000&requests=10');
    expect(body.costs).toEqual({ perRequest: 0.48, daily: 4.8, monthly: 144, yearly: 1728 });
  });

  it('uses the long-context cache price one token above it', async () => {
    // 150,001 × 6 + 50,000 × 0.6 + 1,000 × 22.5 = 900,006 + 30,000 + 22,500 per 1M → $0.952506
    const body = await calc('input_tokens=200001&cached_input_tokens=50000&output_tokens=1000&requests=10');
    expect(body.costs).toEqual({ perRequest: 0.952506, daily: 9.52506, monthly: 285.7518, yearly: 3429.0216 });
  });
});

describe('/api/calculate: with streaming and batch', () => {
  it('streaming adds 15% to the output only, cache and long context included', async () => {
    // 300,000 + 120,000 + 45,000 × 1.15 (= 51,750) per 1M → $0.47175
    const body = await calc(
      'input_tokens=250000&cached_input_tokens=200000&output_tokens=2000&requests=10&mode=streaming',
    );
    expect(body.costs).toEqual({ perRequest: 0.47175, daily: 4.7175, monthly: 141.525, yearly: 1698.3 });
  });

  it('batch halves the whole request, cached tokens included', async () => {
    // (300,000 + 120,000 + 45,000) / 2 per 1M → $0.2325
    const body = await calc('input_tokens=250000&cached_input_tokens=200000&output_tokens=2000&requests=10&mode=batch');
    expect(body.costs).toEqual({ perRequest: 0.2325, daily: 2.325, monthly: 69.75, yearly: 837 });
  });

  it('batch with a cache read below the threshold', async () => {
    // 34,200 / 2 per 1M → $0.0171
    const body = await calc('input_tokens=10000&cached_input_tokens=4000&output_tokens=1000&requests=100&mode=batch');
    expect(body.costs).toEqual({ perRequest: 0.0171, daily: 1.71, monthly: 51.3, yearly: 615.6 });
  });

  it('several models at once each get their own prices', async () => {
    const body = await ok(
      '/api/calculate?models=alpha-large,alpha-mini&input_tokens=10000&cached_input_tokens=4000&output_tokens=1000&requests=100',
    );
    expect(body.results.map((r: { id: string; costs: { perRequest: number } }) => [r.id, r.costs.perRequest])).toEqual([
      ['alpha-large', 0.0342],
      ['alpha-mini', 0.0045],
    ]);
  });
});

describe('without cached_input_tokens nothing changes', () => {
  it('calculate bills every input token at the input price, and says so: no cache reads or writes', async () => {
    const text = await rawText('/api/calculate?model=alpha-large&input_tokens=10000&output_tokens=1000&requests=100');
    // 10,000 × 3 + 1,000 × 15 = 45,000 per 1M → $0.045
    expect(text).toBe(
      '{"model":"alpha-large","pricedOn":"2026-11-28","workload":{"input_tokens":10000,"cached_input_tokens":0,"cache_write_tokens":0,"input_audio_tokens":0,"cached_audio_tokens":0,"input_image_tokens":0,"input_video_tokens":0,' +
        '"output_tokens":1000,"reasoning_tokens":0,"output_audio_tokens":0,"output_image_tokens":0,"output_video_tokens":0,"web_searches":0,"requests":100,"days":30,"mode":"standard","service_tier":"standard","off_peak_share":0},' +
        '"costs":{"perRequest":0.045,"daily":4.5,"monthly":135,"yearly":1620},"appliedPrices":{"band":"standard","input":3,"output":15}}',
    );
  });

  it('compare and cheapest repeat the same defaults', async () => {
    const compare = await ok('/api/compare?models=alpha-large,alpha-mini');
    expect(compare.workload).toEqual(
      workload({ input_tokens: 1000, output_tokens: 500, requests_per_day: 1000, requests: 1000, days: 30 }),
    );
    const cheapest = await ok('/api/cheapest');
    expect(cheapest.workload).toEqual(workload({ input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30 }));
  });

  it('cached_input_tokens=0 costs the same as leaving it out, and is echoed', async () => {
    const body = await calc('input_tokens=10000&cached_input_tokens=0&output_tokens=1000&requests=100');
    expect(body.workload.cached_input_tokens).toBe(0);
    expect(body.costs).toEqual({ perRequest: 0.045, daily: 4.5, monthly: 135, yearly: 1620 });
  });

  it('an empty cached_input_tokens counts as absent (none, echoed as 0)', async () => {
    const body = await calc('input_tokens=10000&cached_input_tokens=&output_tokens=1000&requests=100');
    expect(body.workload.cached_input_tokens).toBe(0);
    expect(body.appliedPrices.cachedInput).toBeUndefined();
  });
});

describe('/api/compare with cached_input_tokens', () => {
  it('compares cached costs, long context applied per model', async () => {
    const body = await ok(
      '/api/compare?models=alpha-large,alpha-mini&input_tokens=10000&cached_input_tokens=4000&output_tokens=1000&requests_per_day=100',
    );
    expect(body.workload).toEqual(
      workload({
        input_tokens: 10000,
        cached_input_tokens: 4000,
        output_tokens: 1000,
        requests_per_day: 100,
        requests: 100,
        days: 30,
      }),
    );
    expect(body.comparison.map((c: { id: string; costs: unknown }) => [c.id, c.costs])).toEqual([
      ['alpha-large', { perRequest: 0.0342, daily: 3.42, monthly: 102.6, yearly: 1231.2 }],
      ['alpha-mini', { perRequest: 0.0045, daily: 0.45, monthly: 13.5, yearly: 162 }],
    ]);
    // 102.6 − 13.5 = 89.1 a month, 1,069.2 a year, 89.1 / 102.6 = 86.842…% of the dearest.
    expect(body.summary.savings).toEqual({ monthly: 89.1, yearly: 1069.2, percent: 86.84 });
  });

  it('applies the long-context cliff with cached tokens', async () => {
    // alpha-large: $0.465 (above); alpha-mini has no long-context tier: 250,000 × 0.25 + 2,000 × 2 = 66,500 → $0.0665
    const body = await ok(
      '/api/compare?models=alpha-large,alpha-mini&input_tokens=250000&cached_input_tokens=200000&output_tokens=2000&requests_per_day=10',
    );
    expect(body.comparison.map((c: { costs: { perRequest: number } }) => c.costs.perRequest)).toEqual([0.465, 0.0665]);
  });
});

describe('/api/cheapest with cached_input_tokens', () => {
  it('reorders by the cached cost', async () => {
    // 30,000 input tokens (within beta-classic's 32K window), all cached, no output, 1,000 requests a day,
    // 30 days, Mid and Premium: beta-classic 30,000 × 0.1 = $0.003; alpha-large 30,000 × 0.3 = $0.009;
    // beta-pro 30,000 × 1.25 = $0.0375. Without the cache alpha-large would cost $0.09 and come last.
    const body = await ok(
      '/api/cheapest?input_tokens=30000&cached_input_tokens=30000&output_tokens=0&quality=high&status=all',
    );
    expect(body.workload).toEqual(
      workload({ input_tokens: 30000, cached_input_tokens: 30000, output_tokens: 0, requests: 1000, days: 30 }),
    );
    expect(body.recommendations[1].appliedPrices).toEqual({ band: 'standard', input: 3, output: 15, cachedInput: 0.3 });
    expect(body.recommendations.map((r: { id: string; costs: unknown }) => [r.id, r.costs])).toEqual([
      ['beta-classic', { perRequest: 0.003, daily: 3, monthly: 90, yearly: 1080 }],
      ['alpha-large', { perRequest: 0.009, daily: 9, monthly: 270, yearly: 3240 }],
      ['beta-pro', { perRequest: 0.0375, daily: 37.5, monthly: 1125, yearly: 13500 }],
    ]);
    const uncached = await ok('/api/cheapest?input_tokens=30000&output_tokens=0&quality=high&status=all');
    expect(uncached.recommendations.map((r: { id: string }) => r.id)).toEqual([
      'beta-classic',
      'beta-pro',
      'alpha-large',
    ]);
    // 100,000 tokens do not fit beta-classic's 32K window: it is left out, and counted.
    const long = await ok(
      '/api/cheapest?input_tokens=100000&cached_input_tokens=100000&output_tokens=0&quality=high&status=all',
    );
    expect(long.recommendations.map((r: { id: string }) => r.id)).toEqual(['alpha-large', 'beta-pro']);
    expect(long.excluded).toEqual({
      count: 1,
      byReason: [{ reason: 'context_window', count: 1, message: 'input + output tokens exceed the context window' }],
    });
  });

  it('applies the budget to the cached, long-context monthly cost', async () => {
    // alpha-large: $0.465 × 1,000 × 30 = $13,950 a month; a budget of exactly that keeps it.
    const path = '/api/cheapest?input_tokens=250000&cached_input_tokens=200000&output_tokens=2000&quality=high';
    const kept = await ok(`${path}&budget=13950`);
    expect(kept.recommendations.find((r: { id: string }) => r.id === 'alpha-large')?.costs.monthly).toBe(13950);
    const dropped = await ok(`${path}&budget=13949.99`);
    expect(dropped.recommendations.some((r: { id: string }) => r.id === 'alpha-large')).toBe(false);
  });
});

describe('invalid cached_input_tokens', () => {
  const bad = [
    '/api/calculate?model=alpha-large&input_tokens=4000&cached_input_tokens=5000',
    '/api/calculate?model=alpha-large&cached_input_tokens=2001', // input_tokens defaults to 2000
    '/api/compare?models=alpha-large,alpha-mini&input_tokens=10&cached_input_tokens=11',
    '/api/cheapest?input_tokens=0&cached_input_tokens=1',
    '/api/calculate?model=alpha-large&cached_input_tokens=-1',
    '/api/calculate?model=alpha-large&cached_input_tokens=1.5',
    '/api/calculate?model=alpha-large&cached_input_tokens=1e3',
    '/api/compare?models=alpha-large,alpha-mini&cached_input_tokens=abc',
    '/api/cheapest?cached_input_tokens=100000001',
  ];
  it.each(bad)('%s is a 400 naming cached_input_tokens', async (path) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'cached_input_tokens' });
    expect(body.error.message).toContain('cached_input_tokens');
  });
});
