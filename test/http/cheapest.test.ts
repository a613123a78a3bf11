import { describe, expect, it } from 'vitest';
import { cheapestFilters, expectError, getJson, getText, workload } from './helpers.js';

// Per request at the defaults, 2000 in / 500 out (daily × 1000, monthly × 30):
//   alpha-nano   2000 × 0.05/1M + 500 × 0.4/1M  = 0.0001 + 0.0002 = 0.0003 → 0.3 → 9
//   beta-classic 2000 × 0.1/1M  + 500 × 0.2/1M  = 0.0002 + 0.0001 = 0.0003 → 0.3 → 9
//   beta-flash   2000 × 0.1/1M  + 500 × 0.4/1M  = 0.0002 + 0.0002 = 0.0004 → 0.4 → 12
//   alpha-mini   2000 × 0.25/1M + 500 × 2/1M    = 0.0005 + 0.001  = 0.0015 → 1.5 → 45
//   beta-pro     2000 × 1.25/1M + 500 × 10/1M   = 0.0025 + 0.005  = 0.0075 → 7.5 → 225
//   alpha-large  2000 × 3/1M    + 500 × 15/1M   = 0.006  + 0.0075 = 0.0135 → 13.5 → 405
const ids = (body: { recommendations: Array<{ id: string }> }) => body.recommendations.map((r) => r.id);

describe('GET /api/cheapest', () => {
  it('defaults: 2000 in, 500 out, 1000 requests, 30 days, limit 5, current models; cheapest first, ties by id', async () => {
    const { status, body } = await getJson('/api/cheapest');
    expect(status).toBe(200);
    expect(body.workload).toEqual(workload({ input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30 }));
    expect(body.filters).toEqual(
      cheapestFilters({ budget: null, use_case: null, quality: null, status: 'current', limit: 5 }),
    );
    const applied = (input: number, output: number) => ({ band: 'standard', input, output });
    // The legacy beta-classic (as cheap as alpha-nano) is left out by default.
    expect(body.recommendations).toEqual([
      {
        rank: 1,
        id: 'alpha-nano',
        name: 'Alpha Nano',
        provider: 'Alpha AI',
        tier: 'Budget',
        status: 'current',
        costs: { perRequest: 0.0003, daily: 0.3, monthly: 9, yearly: 108 },
        appliedPrices: applied(0.05, 0.4),
      },
      {
        rank: 2,
        id: 'beta-flash',
        name: 'Beta Flash',
        provider: 'Beta Labs',
        tier: 'Budget',
        status: 'current',
        costs: { perRequest: 0.0004, daily: 0.4, monthly: 12, yearly: 144 },
        appliedPrices: applied(0.1, 0.4),
      },
      {
        rank: 3,
        id: 'alpha-mini',
        name: 'Alpha Mini',
        provider: 'Alpha AI',
        tier: 'Budget',
        status: 'current',
        costs: { perRequest: 0.0015, daily: 1.5, monthly: 45, yearly: 540 },
        appliedPrices: applied(0.25, 2),
      },
      {
        rank: 4,
        id: 'beta-pro',
        name: 'Beta Pro',
        provider: 'Beta Labs',
        tier: 'Mid',
        status: 'current',
        costs: { perRequest: 0.0075, daily: 7.5, monthly: 225, yearly: 2700 },
        appliedPrices: applied(1.25, 10),
      },
      {
        rank: 5,
        id: 'alpha-large',
        name: 'Alpha Large',
        provider: 'Alpha AI',
        tier: 'Premium',
        status: 'current',
        costs: { perRequest: 0.0135, daily: 13.5, monthly: 405, yearly: 4860 },
        appliedPrices: applied(3, 15),
      },
    ]);
  });

  it('status=all ranks legacy models too (ties: current first), status=legacy only them', async () => {
    const all = await getJson('/api/cheapest?status=all&limit=3');
    expect(all.body.filters.status).toBe('all');
    expect(all.body.recommendations.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      ['alpha-nano', 'current'],
      ['beta-classic', 'legacy'],
      ['beta-flash', 'current'],
    ]);
    expect(ids((await getJson('/api/cheapest?status=legacy')).body)).toEqual(['beta-classic']);
    expect(ids((await getJson('/api/cheapest?status=CURRENT&limit=1')).body)).toEqual(['alpha-nano']);
  });

  it('prints 0.0003, not float noise (raw response text)', async () => {
    const { text } = await getText('/api/cheapest?limit=2');
    expect(text).toContain('"costs":{"perRequest":0.0003,"daily":0.3,"monthly":9,"yearly":108}');
    expect(text).not.toContain('0.00030000000000000003');
  });

  it('takes input_tokens, output_tokens and requests, with 30 days a month', async () => {
    const { body } = await getJson('/api/cheapest?input_tokens=10000&output_tokens=0&requests=7&limit=2');
    // alpha-nano 10000 × 0.05/1M = 0.0005; × 7 = 0.0035; × 30 = 0.105
    // beta-flash and beta-classic 10000 × 0.1/1M = 0.001; × 7 = 0.007; × 30 = 0.21: a tie, which goes
    // to the current beta-flash over the legacy beta-classic (by id alone it would be beta-classic)
    expect(body.workload).toEqual(workload({ input_tokens: 10000, output_tokens: 0, requests: 7, days: 30 }));
    expect(body.recommendations.map((r: { id: string; costs: unknown }) => [r.id, r.costs])).toEqual([
      ['alpha-nano', { perRequest: 0.0005, daily: 0.0035, monthly: 0.105, yearly: 1.26 }],
      ['beta-flash', { perRequest: 0.001, daily: 0.007, monthly: 0.21, yearly: 2.52 }],
    ]);
    expect(body.recommendations.map((r: { status: string }) => r.status)).toEqual(['current', 'current']);
  });

  it('limit 1 to 10', async () => {
    expect(ids((await getJson('/api/cheapest?limit=1')).body)).toEqual(['alpha-nano']);
    expect(ids((await getJson('/api/cheapest?limit=10&status=all')).body)).toEqual([
      'alpha-nano',
      'beta-classic',
      'beta-flash',
      'alpha-mini',
      'beta-pro',
      'alpha-large',
    ]);
    expect(
      (await getJson('/api/cheapest?limit=10&status=all')).body.recommendations.map((r: { rank: number }) => r.rank),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('budget drops models whose monthly cost exceeds it and keeps one exactly at it', async () => {
    const exact = await getJson('/api/cheapest?budget=9&limit=10&status=all');
    expect(ids(exact.body)).toEqual(['alpha-nano', 'beta-classic']);
    expect(exact.body.filters.budget).toBe(9);
    expect(ids((await getJson('/api/cheapest?budget=8.999999999')).body)).toEqual([]);
    expect(ids((await getJson('/api/cheapest?budget=12.5&limit=10&status=all')).body)).toEqual([
      'alpha-nano',
      'beta-classic',
      'beta-flash',
    ]);
    expect(ids((await getJson('/api/cheapest?budget=1000&limit=10&status=all')).body)).toHaveLength(6);
  });

  it('budget=0 keeps only what is free', async () => {
    expect(ids((await getJson('/api/cheapest?budget=0')).body)).toEqual([]);
    expect(
      ids((await getJson('/api/cheapest?budget=0&input_tokens=0&output_tokens=0&limit=10&status=all')).body),
    ).toHaveLength(6);
  });

  it('echoes a fractional budget exactly', async () => {
    const { text } = await getText('/api/cheapest?budget=0.3');
    expect(text).toContain('"budget":0.3,');
  });

  it('use_case keeps models suited to it (score 3 or more)', async () => {
    const { body } = await getJson('/api/cheapest?use_case=coding&limit=10');
    // coding: beta-flash 3, alpha-mini 3, beta-pro 4, alpha-large 5
    expect(ids(body)).toEqual(['beta-flash', 'alpha-mini', 'beta-pro', 'alpha-large']);
    expect(body.filters.use_case).toBe('coding');
    expect(ids((await getJson('/api/cheapest?use_case=classification&limit=10')).body)).toEqual([
      'alpha-nano',
      'beta-flash',
      'alpha-mini',
      'alpha-large',
    ]);
    expect(ids((await getJson('/api/cheapest?use_case=extraction&limit=10')).body)).toEqual([
      'beta-flash',
      'alpha-mini',
      'alpha-large',
    ]);
    expect(ids((await getJson('/api/cheapest?use_case=reasoning&limit=10')).body)).toEqual([
      'alpha-mini',
      'beta-pro',
      'alpha-large',
    ]);
    expect(ids((await getJson('/api/cheapest?use_case=analysis&limit=10')).body)).toEqual(['beta-pro', 'alpha-large']);
    expect(ids((await getJson('/api/cheapest?use_case=CHAT&limit=10&status=all')).body)).toEqual([
      'beta-classic',
      'beta-flash',
      'alpha-mini',
      'beta-pro',
      'alpha-large',
    ]);
  });

  it('quality=high keeps Mid and Premium, quality=budget keeps Budget', async () => {
    const high = await getJson('/api/cheapest?quality=high&limit=10&status=all');
    expect(ids(high.body)).toEqual(['beta-classic', 'beta-pro', 'alpha-large']);
    expect(high.body.filters.quality).toBe('high');
    expect(ids((await getJson('/api/cheapest?quality=budget&limit=10')).body)).toEqual([
      'alpha-nano',
      'beta-flash',
      'alpha-mini',
    ]);
  });

  it('combines the filters with AND', async () => {
    const { body } = await getJson('/api/cheapest?use_case=chat&quality=high&budget=225&limit=10&status=all');
    expect(ids(body)).toEqual(['beta-classic', 'beta-pro']);
    expect(body.filters).toEqual(
      cheapestFilters({ budget: 225, use_case: 'chat', quality: 'high', status: 'all', limit: 10 }),
    );
    expect(ids((await getJson('/api/cheapest?use_case=analysis&quality=budget')).body)).toEqual([]);
  });

  it.each([
    ['limit', '0'],
    ['limit', '11'],
    ['limit', '2.5'],
    ['limit', 'five'],
    ['limit', '-1'],
    ['budget', 'abc'],
    ['budget', '-5'],
    ['budget', '1e3'],
    ['budget', '0x10'],
    ['budget', 'NaN'],
    ['budget', '0.0000000001'],
    ['input_tokens', '1e3'],
    ['output_tokens', '-1'],
    ['requests', '0'],
    ['use_case', 'poetry'],
    ['quality', 'premium'],
    ['quality', '3'],
    ['tier', 'gold'],
    ['min_quality', '6'],
    ['min_context', 'lots'],
    ['include_free_tier', 'maybe'],
    ['mode', 'fast'],
    ['days', '32'],
    ['status', 'retired'],
    ['status', 'current,legacy'],
  ])('%s=%s is a 400 naming the parameter', async (param, value) => {
    const error = await expectError(
      `/api/cheapest?${param}=${encodeURIComponent(value)}`,
      400,
      'invalid_parameter',
      param,
    );
    expect(error.message).toContain(param);
  });

  it('names what is allowed', async () => {
    const useCase = await expectError('/api/cheapest?use_case=poetry', 400, 'invalid_parameter', 'use_case');
    expect(useCase.message).toContain(
      'coding, chat, classification, extraction, reasoning, analysis, creative, general, speed, long-context, multimodal, vision, summarization, multilingual',
    );
    const quality = await expectError('/api/cheapest?quality=premium', 400, 'invalid_parameter', 'quality');
    expect(quality.message).toContain('high, budget');
    const status = await expectError('/api/cheapest?status=old', 400, 'invalid_parameter', 'status');
    expect(status.message).toContain('current, legacy, all');
    const limit = await expectError('/api/cheapest?limit=11', 400, 'invalid_parameter', 'limit');
    expect(limit.message).toContain('from 1 to 10');
  });

  it('takes days like the other cost endpoints (30 by default)', async () => {
    const { body } = await getJson('/api/cheapest?days=31&limit=1');
    // alpha-nano 0.3 a day × 31
    expect(body.workload.days).toBe(31);
    expect(body.recommendations[0].costs.monthly).toBe(9.3);
  });

  it('refuses a repeated and an unknown parameter', async () => {
    await expectError('/api/cheapest?limit=2&limit=3', 400, 'duplicate_parameter', 'limit');
    await expectError('/api/cheapest?foo=bar', 400, 'unknown_parameter', 'foo');
  });

  it('treats empty values as absent', async () => {
    const { body } = await getJson('/api/cheapest?budget=&use_case=&quality=&status=&limit=');
    expect(body.filters).toEqual(
      cheapestFilters({ budget: null, use_case: null, quality: null, status: 'current', limit: 5 }),
    );
  });

  describe('an empty answer says why (hint)', () => {
    // The fixture's prices per 1M tokens for input and output (test/fixtures/catalogue.ts).
    const nearest = (
      id: string,
      name: string,
      provider: string,
      tier: string,
      perRequest: number,
      monthly: number,
      input: number,
      output: number,
    ) => ({
      id,
      name,
      provider,
      tier,
      status: 'current',
      // No price change is scheduled in the fixture: a year is twelve months.
      costs: { perRequest, daily: perRequest * 1000, monthly, yearly: monthly * 12 },
      appliedPrices: { band: 'standard', input, output },
    });

    it('a budget below every model: the cheapest model and the budget that returns it', async () => {
      const { body } = await getJson('/api/cheapest?budget=8.999999999');
      expect(body.recommendations).toEqual([]);
      expect(body.hint).toEqual({
        param: 'budget',
        message:
          'No model meets budget=8.999999999 for this workload. Without budget, the cheapest is Alpha Nano (alpha-nano) at $9.00 a month. A budget of 9 or more returns it.',
        without: ['budget'],
        nearest: nearest('alpha-nano', 'Alpha Nano', 'Alpha AI', 'Budget', 0.0003, 9, 0.05, 0.4),
      });
    });

    it('budget with use_case: the cheapest model suited to the use case (alpha-mini, $45), not the cheapest overall', async () => {
      const { body } = await getJson('/api/cheapest?budget=10.50&use_case=reasoning');
      expect(body.hint.param).toBe('budget');
      expect(body.hint.message).toBe(
        'No model meets use_case=reasoning and budget=10.5 for this workload. Without budget, the cheapest is Alpha Mini (alpha-mini) at $45.00 a month. A budget of 45 or more returns it.',
      );
      expect(body.hint.nearest).toEqual(nearest('alpha-mini', 'Alpha Mini', 'Alpha AI', 'Budget', 0.0015, 45, 0.25, 2));
    });

    it('the default status=current is named when an older model meets every filter given', async () => {
      // Beta Classic (legacy, Mid, $0.1/$0.2) costs $9 a month; the cheapest current Mid model, Beta Pro, $225.
      const { body } = await getJson('/api/cheapest?quality=high&budget=10');
      expect(body.recommendations).toEqual([]);
      expect(body.hint.param).toBe('status');
      expect(body.hint.message).toBe(
        'No model meets status=current and quality=high and budget=10 for this workload. Without status, the cheapest is Beta Classic (beta-classic) at $9.00 a month.',
      );
      expect(body.hint.nearest).toMatchObject({ id: 'beta-classic', status: 'legacy', costs: { monthly: 9 } });
    });

    it('a use case no Budget model suits, with quality=budget: quality is named', async () => {
      const { body } = await getJson('/api/cheapest?use_case=analysis&quality=budget');
      expect(body.hint).toMatchObject({ param: 'quality', without: ['quality'] });
      expect(body.hint.message).toBe(
        'No model meets use_case=analysis and quality=budget for this workload. Without quality, the cheapest is Beta Pro (beta-pro) at $225.00 a month.',
      );
    });

    it('when no single filter is to blame, the one after which nothing is left, and the filters before it', async () => {
      // Without budget: analysis and the Budget tier match nothing; without quality: beta-pro ($225) is over
      // $1; without use_case: alpha-nano ($9) is over $1. use_case alone leaves beta-pro; adding quality, nothing.
      const { body } = await getJson('/api/cheapest?use_case=analysis&quality=budget&budget=1');
      expect(body.hint).toMatchObject({
        param: 'quality',
        without: ['quality', 'budget'],
        nearest: { id: 'beta-pro' },
      });
      expect(body.hint.message).toContain(
        'Without quality and budget, the cheapest is Beta Pro (beta-pro) at $225.00 a month.',
      );
    });

    it('an answer with models has no hint', async () => {
      expect((await getJson('/api/cheapest?budget=9')).body.hint).toBeUndefined();
    });
  });
});
