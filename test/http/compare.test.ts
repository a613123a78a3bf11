import { describe, expect, it } from 'vitest';
import { expectError, getJson, getText, workload } from './helpers.js';

describe('GET /api/compare', () => {
  it('defaults: 1000 in, 500 out, 1000 requests a day, 30 days; models in the order given', async () => {
    const { status, body } = await getJson('/api/compare?models=alpha-large,beta-classic,alpha-mini');
    expect(status).toBe(200);
    expect(body).toEqual({
      pricedOn: '2026-11-28',
      workload: workload({ input_tokens: 1000, output_tokens: 500, requests_per_day: 1000, requests: 1000, days: 30 }),
      comparison: [
        // 1000 × 3/1M + 500 × 15/1M = 0.003 + 0.0075 = 0.0105; × 1000 = 10.5; × 30 = 315; × 12 = 3780
        {
          id: 'alpha-large',
          name: 'Alpha Large',
          provider: 'Alpha AI',
          tier: 'Premium',
          status: 'current',
          costs: { perRequest: 0.0105, daily: 10.5, monthly: 315, yearly: 3780 },
          appliedPrices: { band: 'standard', input: 3, output: 15 },
        },
        // 1000 × 0.1/1M + 500 × 0.2/1M = 0.0001 + 0.0001 = 0.0002; 0.2; 6; 72
        {
          id: 'beta-classic',
          name: 'Beta Classic',
          provider: 'Beta Labs',
          tier: 'Mid',
          status: 'legacy',
          costs: { perRequest: 0.0002, daily: 0.2, monthly: 6, yearly: 72 },
          appliedPrices: { band: 'standard', input: 0.1, output: 0.2 },
        },
        // 1000 × 0.25/1M + 500 × 2/1M = 0.00025 + 0.001 = 0.00125; 1.25; 37.5; 450
        {
          id: 'alpha-mini',
          name: 'Alpha Mini',
          provider: 'Alpha AI',
          tier: 'Budget',
          status: 'current',
          costs: { perRequest: 0.00125, daily: 1.25, monthly: 37.5, yearly: 450 },
          appliedPrices: { band: 'standard', input: 0.25, output: 2 },
        },
      ],
      summary: {
        cheapest: { id: 'beta-classic', name: 'Beta Classic', monthly: 6 },
        mostExpensive: { id: 'alpha-large', name: 'Alpha Large', monthly: 315 },
        // 315 − 6 = 309; 3780 − 72 = 3708; 309 / 315 = 98.095…% → 98.1
        savings: { monthly: 309, yearly: 3708, percent: 98.1 },
      },
    });
  });

  it('takes input_tokens, output_tokens and requests_per_day', async () => {
    const { body } = await getJson(
      '/api/compare?models=alpha-nano,beta-flash&input_tokens=2000&output_tokens=500&requests_per_day=10',
    );
    // alpha-nano 0.0001 + 0.0002 = 0.0003; × 10 = 0.003; × 30 = 0.09; × 12 = 1.08
    // beta-flash 0.0002 + 0.0002 = 0.0004; 0.004; 0.12; 1.44
    expect(body.workload).toEqual(
      workload({ input_tokens: 2000, output_tokens: 500, requests_per_day: 10, requests: 10, days: 30 }),
    );
    expect(body.comparison.map((c: { costs: unknown }) => c.costs)).toEqual([
      { perRequest: 0.0003, daily: 0.003, monthly: 0.09, yearly: 1.08 },
      { perRequest: 0.0004, daily: 0.004, monthly: 0.12, yearly: 1.44 },
    ]);
    // 0.12 − 0.09 = 0.03; 1.44 − 1.08 = 0.36; 0.03 / 0.12 = 25%
    expect(body.summary.savings).toEqual({ monthly: 0.03, yearly: 0.36, percent: 25 });
  });

  it('prints savings without float noise (raw response text)', async () => {
    // Same workload as above; in floats 1.44 − 1.08 = 0.3599999999999999.
    expect(1.44 - 1.08).not.toBe(0.36);
    const { text } = await getText('/api/compare?models=alpha-nano,beta-flash&input_tokens=2000&requests_per_day=10');
    expect(text).toContain('"savings":{"monthly":0.03,"yearly":0.36,"percent":25}');
    // beta-flash 1000 × 0.1/1M + 500 × 0.4/1M = 0.0003 → 9 a month; alpha-nano 0.00025 → 7.5:
    // 1.5 a month, 18 a year, 1.5 / 9 = 16.666…% → 16.67
    const other = await getText('/api/compare?models=beta-flash,alpha-nano');
    expect(other.text).toContain('"savings":{"monthly":1.5,"yearly":18,"percent":16.67}');
  });

  it('names the first of equal costs as both cheapest and most expensive, with nothing saved', async () => {
    // at 2000 in: beta-classic 0.0002 + 0.0001 = 0.0003 and alpha-nano 0.0001 + 0.0002 = 0.0003
    const { body } = await getJson('/api/compare?models=beta-classic,alpha-nano&input_tokens=2000');
    expect(body.summary).toEqual({
      cheapest: { id: 'beta-classic', name: 'Beta Classic', monthly: 9 },
      mostExpensive: { id: 'beta-classic', name: 'Beta Classic', monthly: 9 },
      savings: { monthly: 0, yearly: 0, percent: 0 },
    });
  });

  it('takes 2 to 10 ids in any case', async () => {
    const { status, body } = await getJson('/api/compare?models=ALPHA-NANO,Beta-Pro');
    expect(status).toBe(200);
    expect(body.comparison.map((c: { id: string }) => c.id)).toEqual(['alpha-nano', 'beta-pro']);
    const all = await getJson('/api/compare?models=alpha-large,alpha-mini,alpha-nano,beta-pro,beta-flash,beta-classic');
    expect(all.body.comparison).toHaveLength(6);
  });

  it('needs models (an empty value counts as absent)', async () => {
    await expectError('/api/compare', 400, 'missing_parameter', 'models');
    await expectError('/api/compare?models=', 400, 'missing_parameter', 'models');
  });

  it('refuses fewer than 2 and more than 10 models, and repeats', async () => {
    const one = await expectError('/api/compare?models=alpha-nano', 400, 'invalid_parameter', 'models');
    expect(one.message).toContain('2 to 10');
    await expectError('/api/compare?models=alpha-nano,', 400, 'invalid_parameter', 'models');
    const eleven = Array.from({ length: 11 }, (_, i) => `alpha-m${i}`).join(',');
    expect((await expectError(`/api/compare?models=${eleven}`, 400, 'invalid_parameter', 'models')).message).toContain(
      '2 to 10',
    );
    await expectError('/api/compare?models=alpha-nano,alpha-nano', 400, 'invalid_parameter', 'models');
  });

  it('an unknown id is a 404 with suggestions', async () => {
    const error = await expectError('/api/compare?models=alpha-nano,beta-prp', 404, 'model_not_found', 'models');
    expect(error.suggestions?.[0]).toBe('beta-pro');
  });

  it.each([
    ['input_tokens', 'x'],
    ['input_tokens', '-1'],
    ['input_tokens', '1.5'],
    ['input_tokens', '1e3'],
    ['input_tokens', '0x10'],
    ['output_tokens', 'NaN'],
    ['output_tokens', '100000001'],
    ['requests_per_day', '0'],
    ['requests_per_day', '2.5'],
    ['requests_per_day', '1000000001'],
  ])('%s=%s is a 400 naming the parameter', async (param, value) => {
    await expectError(`/api/compare?models=alpha-nano,beta-pro&${param}=${value}`, 400, 'invalid_parameter', param);
  });

  it('takes the workload vocabulary of the other cost endpoints: requests, days and mode', async () => {
    // alpha-nano at 1000 in / 500 out: 0.00005 + 0.0002 = 0.00025 a request; × 5 a day × 7 days.
    const { body } = await getJson('/api/compare?models=alpha-nano,beta-pro&requests=5&days=7&mode=batch');
    expect(body.workload).toEqual(
      workload({ input_tokens: 1000, output_tokens: 500, requests_per_day: 5, requests: 5, days: 7, mode: 'batch' }),
    );
    // Alpha sells a batch API at 50% off: 0.000125 a request, 0.000625 a day, 0.004375 a month.
    expect(body.comparison[0].costs).toEqual({
      perRequest: 0.000125,
      daily: 0.000625,
      monthly: 0.004375,
      yearly: 0.0525,
    });
    expect(body.comparison[0].appliedPrices.batch).toEqual({
      discountPercent: 50,
      source: 'https://alpha.example/batch',
    });
    // requests_per_day and requests are one parameter under two names: the same value is fine, two are a 400.
    expect(
      (await getJson('/api/compare?models=alpha-nano,beta-pro&requests=5&requests_per_day=5')).body.workload.requests,
    ).toBe(5);
    const error = await expectError(
      '/api/compare?models=alpha-nano,beta-pro&requests=5&requests_per_day=6',
      400,
      'invalid_parameter',
      'requests',
    );
    expect(error.message).toContain('requests_per_day');
  });

  it('refuses a repeated and an unknown parameter', async () => {
    await expectError(
      '/api/compare?models=alpha-nano,beta-pro&models=alpha-mini,beta-flash',
      400,
      'duplicate_parameter',
      'models',
    );
    await expectError('/api/compare?models=alpha-nano,beta-pro&foo=1', 400, 'unknown_parameter', 'foo');
  });
});
