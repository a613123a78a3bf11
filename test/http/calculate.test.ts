import { describe, expect, it } from 'vitest';
import { expectError, getJson, getText, workload } from './helpers.js';

describe('GET /api/calculate with model', () => {
  it('uses the defaults: 2000 in, 500 out, 1000 requests a day, 30 days, standard', async () => {
    const { status, body } = await getJson('/api/calculate?model=alpha-large');
    expect(status).toBe(200);
    // 2000 × $3/1M + 500 × $15/1M = 0.006 + 0.0075 = 0.0135; × 1000 = 13.5; × 30 = 405; × 12 = 4860
    expect(body).toEqual({
      model: 'alpha-large',
      pricedOn: '2026-11-28',
      workload: workload({ input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30, mode: 'standard' }),
      costs: { perRequest: 0.0135, daily: 13.5, monthly: 405, yearly: 4860 },
      appliedPrices: { band: 'standard', input: 3, output: 15 },
    });
  });

  it('prints exact decimals where floats would add noise (raw response text)', async () => {
    // alpha-nano: 2000 × $0.05/1M + 500 × $0.4/1M = 0.0001 + 0.0002 = 0.0003; 0.3; 9; 108
    // beta-classic: 2000 × $0.1/1M + 500 × $0.2/1M = 0.0002 + 0.0001 = 0.0003
    // In floats both sums are 0.00030000000000000003.
    expect((2000 * 0.1) / 1e6 + (500 * 0.2) / 1e6).toBe(0.00030000000000000003);
    for (const id of ['alpha-nano', 'beta-classic']) {
      const { text } = await getText(`/api/calculate?model=${id}`);
      expect(text).toContain('"costs":{"perRequest":0.0003,"daily":0.3,"monthly":9,"yearly":108}');
      expect(text).not.toMatch(/\d\.\d*0000000\d/);
    }
  });

  it('takes every workload parameter', async () => {
    const { body } = await getJson(
      '/api/calculate?model=beta-pro&input_tokens=1234&output_tokens=567&requests=89&days=7',
    );
    // 1234 × $1.25/1M + 567 × $10/1M = 0.0015425 + 0.00567 = 0.0072125
    // × 89 = 0.6419125; × 7 = 4.4933875; × 12 = 53.92065
    expect(body.workload).toEqual(
      workload({ input_tokens: 1234, output_tokens: 567, requests: 89, days: 7, mode: 'standard' }),
    );
    expect(body.costs).toEqual({ perRequest: 0.0072125, daily: 0.6419125, monthly: 4.4933875, yearly: 53.92065 });
  });

  it('mode=streaming multiplies the output part by 1.15', async () => {
    const { body } = await getJson('/api/calculate?model=alpha-large&mode=streaming');
    // 2000 × 3/1M + 500 × 15/1M × 1.15 = 0.006 + 0.008625 = 0.014625; 14.625; 438.75; 5265
    expect(body.workload.mode).toBe('streaming');
    expect(body.costs).toEqual({ perRequest: 0.014625, daily: 14.625, monthly: 438.75, yearly: 5265 });
  });

  it('mode=batch halves the total', async () => {
    const { body } = await getJson('/api/calculate?model=alpha-large&mode=batch');
    // 0.0135 / 2 = 0.00675; 6.75; 202.5; 2430
    expect(body.workload.mode).toBe('batch');
    expect(body.costs).toEqual({ perRequest: 0.00675, daily: 6.75, monthly: 202.5, yearly: 2430 });
  });

  it('mode=standard is the default, and modes match case-insensitively', async () => {
    const a = await getText('/api/calculate?model=alpha-nano');
    const b = await getText('/api/calculate?model=alpha-nano&mode=standard');
    expect(b.text).toBe(a.text);
    const { body } = await getJson('/api/calculate?model=alpha-nano&mode=STREAMING');
    // 0.0001 + 0.0002 × 1.15 = 0.00033; × 1000 = 0.33; × 30 = 9.9; × 12 = 118.8
    expect(body.costs).toEqual({ perRequest: 0.00033, daily: 0.33, monthly: 9.9, yearly: 118.8 });
  });

  it('applies long-context prices above the threshold', async () => {
    const { body } = await getJson(
      '/api/calculate?model=alpha-large&input_tokens=200001&output_tokens=1000&requests=1&days=1',
    );
    // 200001 × $6/1M + 1000 × $22.5/1M = 1.200006 + 0.0225 = 1.222506
    expect(body.costs).toEqual({ perRequest: 1.222506, daily: 1.222506, monthly: 1.222506, yearly: 14.670072 });
  });

  it('accepts the limits: 0 tokens, 100,000,000 tokens, 1 request, 31 days', async () => {
    const zero = await getJson('/api/calculate?model=alpha-large&input_tokens=0&output_tokens=0');
    expect(zero.body.costs).toEqual({ perRequest: 0, daily: 0, monthly: 0, yearly: 0 });
    const max = await getJson(
      '/api/calculate?model=alpha-nano&input_tokens=100000000&output_tokens=0&requests=1&days=31',
    );
    // 1e8 × $0.05/1M = 5 per request (below no long-context threshold: alpha-nano has none); × 31 = 155; × 12 = 1860
    expect(max.body.costs).toEqual({ perRequest: 5, daily: 5, monthly: 155, yearly: 1860 });
  });

  it('matches model ids case-insensitively and answers with the canonical id', async () => {
    const { status, body } = await getJson('/api/calculate?model=Alpha-LARGE');
    expect(status).toBe(200);
    expect(body.model).toBe('alpha-large');
  });

  it('an unknown model is a 404 with the closest ids', async () => {
    const error = await expectError('/api/calculate?model=alpha-nan', 404, 'model_not_found', 'model');
    expect(error.suggestions?.[0]).toBe('alpha-nano');
    expect(error.message).toContain('alpha-nan');
  });
});

describe('GET /api/calculate with models', () => {
  it('answers results in the order asked', async () => {
    const { status, body } = await getJson('/api/calculate?models=beta-pro,alpha-nano,alpha-large');
    expect(status).toBe(200);
    expect(body).toEqual({
      pricedOn: '2026-11-28',
      workload: workload({ input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30, mode: 'standard' }),
      results: [
        // 2000 × 1.25/1M + 500 × 10/1M = 0.0025 + 0.005 = 0.0075
        {
          id: 'beta-pro',
          name: 'Beta Pro',
          provider: 'Beta Labs',
          tier: 'Mid',
          status: 'current',
          costs: { perRequest: 0.0075, daily: 7.5, monthly: 225, yearly: 2700 },
          appliedPrices: { band: 'standard', input: 1.25, output: 10 },
        },
        // 0.0001 + 0.0002 = 0.0003
        {
          id: 'alpha-nano',
          name: 'Alpha Nano',
          provider: 'Alpha AI',
          tier: 'Budget',
          status: 'current',
          costs: { perRequest: 0.0003, daily: 0.3, monthly: 9, yearly: 108 },
          appliedPrices: { band: 'standard', input: 0.05, output: 0.4 },
        },
        // 0.006 + 0.0075 = 0.0135
        {
          id: 'alpha-large',
          name: 'Alpha Large',
          provider: 'Alpha AI',
          tier: 'Premium',
          status: 'current',
          costs: { perRequest: 0.0135, daily: 13.5, monthly: 405, yearly: 4860 },
          appliedPrices: { band: 'standard', input: 3, output: 15 },
        },
      ],
    });
  });

  it('applies the workload and mode to every model', async () => {
    const { body } = await getJson(
      '/api/calculate?models=alpha-mini,beta-flash&input_tokens=1000&output_tokens=1000&requests=10&days=20&mode=batch',
    );
    // alpha-mini: (1000 × 0.25/1M + 1000 × 2/1M) / 2 = (0.00025 + 0.002) / 2 = 0.001125; × 10 = 0.01125; × 20 = 0.225; × 12 = 2.7
    // beta-flash: (1000 × 0.1/1M + 1000 × 0.4/1M) / 2 = (0.0001 + 0.0004) / 2 = 0.00025; 0.0025; 0.05; 0.6
    expect(body.results.map((r: { costs: unknown }) => r.costs)).toEqual([
      { perRequest: 0.001125, daily: 0.01125, monthly: 0.225, yearly: 2.7 },
      { perRequest: 0.00025, daily: 0.0025, monthly: 0.05, yearly: 0.6 },
    ]);
  });

  it('accepts one model, ids in any case and spaces around commas', async () => {
    const { body } = await getJson('/api/calculate?models=BETA-FLASH');
    expect(body.results.map((r: { id: string }) => r.id)).toEqual(['beta-flash']);
    const spaced = await getJson('/api/calculate?models=alpha-nano,%20beta-pro');
    expect(spaced.body.results.map((r: { id: string }) => r.id)).toEqual(['alpha-nano', 'beta-pro']);
  });

  it('refuses more than 10 models', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `alpha-m${i}`).join(',');
    const error = await expectError(`/api/calculate?models=${eleven}`, 400, 'invalid_parameter', 'models');
    expect(error.message).toContain('at most 10');
  });

  it('refuses a list naming no model, saying how many it takes', async () => {
    const error = await expectError('/api/calculate?models=,', 400, 'invalid_parameter', 'models');
    expect(error.message).toContain('1 to 10');
  });

  it('refuses a model listed twice (in any case)', async () => {
    await expectError('/api/calculate?models=alpha-nano,beta-pro,ALPHA-NANO', 400, 'invalid_parameter', 'models');
  });

  it('an unknown id in the list is a 404 naming models, with suggestions', async () => {
    const error = await expectError('/api/calculate?models=alpha-nano,beta-flahs', 404, 'model_not_found', 'models');
    expect(error.suggestions?.[0]).toBe('beta-flash');
  });

  it('refuses model and models together', async () => {
    await expectError('/api/calculate?model=alpha-nano&models=beta-pro', 400, 'invalid_parameter', 'models');
  });
});

describe('GET /api/calculate errors', () => {
  it('needs model or models (an empty value counts as absent)', async () => {
    for (const path of ['/api/calculate', '/api/calculate?model=', '/api/calculate?model=&models=']) {
      await expectError(path, 400, 'missing_parameter', 'model');
    }
  });

  it('an empty workload value falls back to its default', async () => {
    const { body } = await getJson(
      '/api/calculate?model=alpha-large&input_tokens=&output_tokens=&requests=&days=&mode=',
    );
    expect(body.workload).toEqual(
      workload({ input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30, mode: 'standard' }),
    );
  });

  it.each([
    ['input_tokens', 'abc'],
    ['input_tokens', '-1'],
    ['input_tokens', '1.5'],
    ['input_tokens', '1e3'],
    ['input_tokens', '0x10'],
    ['input_tokens', 'NaN'],
    ['input_tokens', 'Infinity'],
    ['input_tokens', '100000001'],
    ['input_tokens', ' 5'],
    ['output_tokens', 'many'],
    ['output_tokens', '-500'],
    ['output_tokens', '2.0'],
    ['output_tokens', '100000001'],
    ['requests', '0'],
    ['requests', '-3'],
    ['requests', '1000000001'],
    ['requests', '10.5'],
    ['days', '0'],
    ['days', '32'],
    ['days', '30.5'],
    ['days', 'thirty'],
    ['mode', 'turbo'],
    ['mode', 'stream'],
  ])('%s=%s is a 400 naming the parameter', async (param, value) => {
    const error = await expectError(
      `/api/calculate?model=alpha-nano&${param}=${encodeURIComponent(value)}`,
      400,
      'invalid_parameter',
      param,
    );
    expect(error.message).toContain(param);
  });

  it('names what is allowed', async () => {
    expect(
      (await expectError('/api/calculate?model=alpha-nano&mode=turbo', 400, 'invalid_parameter', 'mode')).message,
    ).toContain('standard, streaming, batch');
    expect(
      (await expectError('/api/calculate?model=alpha-nano&days=32', 400, 'invalid_parameter', 'days')).message,
    ).toContain('from 1 to 31');
  });

  it('refuses a parameter given twice and an unknown one', async () => {
    await expectError('/api/calculate?model=alpha-nano&model=beta-pro', 400, 'duplicate_parameter', 'model');
    await expectError('/api/calculate?model=alpha-nano&days=3&days=3', 400, 'duplicate_parameter', 'days');
    const error = await expectError(
      '/api/calculate?model=alpha-nano&input_token=5',
      400,
      'unknown_parameter',
      'input_token',
    );
    expect(error.suggestions).toEqual(['input_tokens']);
    await expectError(
      '/api/calculate?model=alpha-nano&requests_per_day=5',
      400,
      'unknown_parameter',
      'requests_per_day',
    );
  });
});
