import { describe, expect, it } from 'vitest';
import { expectError, getJson, getText } from './helpers.js';

// Cost per request at the defaults, 1000 in / 500 out:
//   alpha-large  1000 × 3/1M    + 500 × 15/1M  = 0.003   + 0.0075 = 0.0105   quality 5, 1M
//   beta-pro     1000 × 1.25/1M + 500 × 10/1M  = 0.00125 + 0.005  = 0.00625  quality 4, 1M (1,048,576)
//   beta-flash   1000 × 0.1/1M  + 500 × 0.4/1M = 0.0001  + 0.0002 = 0.0003   quality 3, 1M (1,048,576)
//   alpha-mini   1000 × 0.25/1M + 500 × 2/1M   = 0.00025 + 0.001  = 0.00125  quality 3, 400K
//   beta-classic 1000 × 0.1/1M  + 500 × 0.2/1M = 0.0001  + 0.0001 = 0.0002   quality 2, 32K
//   alpha-nano   1000 × 0.05/1M + 500 × 0.4/1M = 0.00005 + 0.0002 = 0.00025  quality 2, 128K (131,072)
const ids = (body: { recommendations: Array<{ id: string }> }) => body.recommendations.map((r) => r.id);
const get = async (query: string) => (await getJson(`/api/recommend${query}`)).body;

/** The criteria block: the given values, with the unambiguous names (tier, min_quality) repeating the spec's. */
/** The criteria echoed: the defaults (1000 in, 500 out, limit 5, current models), as `given` changes them. */
function criteria(given: Record<string, unknown> = {}) {
  const c = {
    use_case: null,
    budget: null,
    quality: null,
    max_cost: null,
    min_context: null,
    input_tokens: 1000,
    output_tokens: 500,
    status: 'current',
    limit: 5,
    ...given,
  };
  return {
    min_score: null,
    sort: 'score',
    evidence: 'tiers',
    frontier: false,
    ...c,
    tier: c.budget,
    min_quality: c.quality,
    include_free_tier: false,
  };
}

describe('GET /api/recommend', () => {
  it('defaults: 1000 in, 500 out, limit 5, current models; by quality, then cost', async () => {
    const { status, body } = await getJson('/api/recommend');
    expect(status).toBe(200);
    expect(body.criteria).toEqual(criteria());
    // costs: per request × 1,000 requests a day × 30 days (the workload's defaults). Scores: the
    // fixture's AA Intelligence Index sits on the bound of tier q, which the rule puts at 20·(q−1);
    // scorePerDollar = score / monthly cost, e.g. 80 / 315 ≈ 0.254 (three significant digits).
    const { scoreEvidence, ...first } = body.recommendations[0];
    expect(scoreEvidence).toEqual([
      {
        id: 'aa_intelligence_index',
        name: 'AA Intelligence Index',
        metric: 'AA Intelligence Index (fixture)',
        scale: '0-100',
        value: 48,
        date: '2026-07-10',
        source: 'Artificial Analysis',
        url: 'https://artificialanalysis.ai/',
        normalised: 80,
        weight: 3,
      },
    ]);
    expect(first).toEqual({
      rank: 1,
      id: 'alpha-large',
      name: 'Alpha Large',
      provider: 'Alpha AI',
      tier: 'Premium',
      status: 'current',
      score: 80,
      scoreOf: 'overall',
      scoreBasis: { results: 1, newest: '2026-07-10', standIn: false },
      scorePerDollar: 0.254,
      quality: 5,
      context: '1M',
      costPerRequest: 0.0105,
      costs: { perRequest: 0.0105, daily: 10.5, monthly: 315, yearly: 3780 },
      appliedPrices: { band: 'standard', input: 3, output: 15 },
      reason:
        'Overall 80/100 from the AA Intelligence Index 48, Jul 2026 (one result only); $0.0105 per request (Premium tier, 1M context).',
    });
    expect(body.recommendations.map((r: any) => [r.id, r.score, r.scorePerDollar, r.costs.monthly, r.reason])).toEqual([
      [
        'alpha-large',
        80,
        0.254,
        315,
        'Overall 80/100 from the AA Intelligence Index 48, Jul 2026 (one result only); $0.0105 per request (Premium tier, 1M context).',
      ],
      [
        'beta-pro',
        60,
        0.32,
        187.5,
        'Overall 60/100 from the AA Intelligence Index 36, Jul 2026 (one result only); $0.00625 per request (Mid tier, 1M context). Against #1: 20 points lower, 60% of the price.',
      ],
      [
        'beta-flash',
        40,
        4.44,
        9,
        'Overall 40/100 from the AA Intelligence Index 24, Jul 2026 (one result only); $0.0003 per request (Budget tier, 1M context). Against #2: 20 points lower, 1/21 of the price.',
      ],
      [
        'alpha-mini',
        40,
        1.07,
        37.5,
        'Overall 40/100 from the AA Intelligence Index 24, Jul 2026 (one result only); $0.00125 per request (Budget tier, 400K context). Against #3: the same score, 4× the price.',
      ],
      [
        'alpha-nano',
        20,
        2.67,
        7.5,
        'Overall 20/100 from the AA Intelligence Index 9, Jul 2026 (one result only); $0.00025 per request (Budget tier, 128K context). Against #4: 20 points lower, a fifth of the price.',
      ],
    ]);
  });

  it('status=all ranks legacy models too, status=legacy only them; a bad status is a 400', async () => {
    const all = await get('?status=all&limit=10');
    expect(all.criteria.status).toBe('all');
    expect(ids(all)).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'beta-classic', 'alpha-nano']);
    expect(ids(await get('?status=legacy'))).toEqual(['beta-classic']);
    const error = await expectError('/api/recommend?status=gone', 400, 'invalid_parameter', 'status');
    expect(error.message).toContain('current, legacy, all');
  });

  it('min_quality is the 1-5 scale: a 0-100 value is a 400 that names min_score, which takes it', async () => {
    const error = await expectError('/api/recommend?min_quality=80', 400, 'invalid_parameter', 'min_quality');
    expect(error.message).toContain('from 1 to 5');
    expect(error.message).toContain('use min_score');
    expect((await getJson('/api/recommend?min_score=80')).res.status).toBe(200);
  });

  it('costPerRequest is a number without float noise (raw response text)', async () => {
    // 2000 × 0.05/1M + 500 × 0.4/1M = 0.0001 + 0.0002 = 0.0003 (floats: 0.00030000000000000003)
    const { text } = await getText('/api/recommend?use_case=speed&input_tokens=2000&limit=10');
    expect(text).toContain('"id":"alpha-nano"');
    expect(text).toContain('"costPerRequest":0.0003,');
    expect(text).not.toContain('00000000');
  });

  it('use_case keeps suited models, ranked by their score for it, and says so in the reason', async () => {
    const body = await get('?use_case=speed');
    // speed (suited: 1-5 score >= 3): alpha-nano and beta-flash 80 (AA speed 200, tier 5's bound),
    // the cheaper first; alpha-mini 60 (120 tokens/s); alpha-large is not suited.
    expect(ids(body)).toEqual(['alpha-nano', 'beta-flash', 'alpha-mini']);
    expect(body.criteria.use_case).toBe('speed');
    expect(body.recommendations.map((r: any) => [r.score, r.scoreOf])).toEqual([
      [80, 'speed'],
      [80, 'speed'],
      [60, 'speed'],
    ]);
    expect(body.recommendations[0].reason).toBe(
      'Speed 80/100 from the AA output speed 200, Jul 2026 (one result only); $0.00025 per request (Budget tier, 128K context).',
    );
    expect(body.recommendations[1].reason).toMatch(/Against #1: the same score, 20% dearer\.$/);
    expect(ids(await get('?use_case=vision'))).toEqual(['beta-pro', 'beta-flash']);
    expect(ids(await get('?use_case=long-context'))).toEqual(['alpha-large']);
    expect(ids(await get('?use_case=LONG-CONTEXT'))).toEqual(['alpha-large']);
    expect(ids(await get('?use_case=creative'))).toEqual([]);
  });

  it('accepts every use case of SPEC 4.6', async () => {
    for (const useCase of [
      'coding',
      'chat',
      'classification',
      'extraction',
      'reasoning',
      'analysis',
      'creative',
      'general',
      'speed',
      'long-context',
      'multimodal',
      'vision',
      'summarization',
      'multilingual',
    ]) {
      const { status, body } = await getJson(`/api/recommend?use_case=${useCase}`);
      expect(status, useCase).toBe(200);
      expect(body.criteria.use_case).toBe(useCase);
    }
  });

  it.each([
    ['low', 'Budget', ['beta-flash', 'alpha-mini', 'alpha-nano']],
    ['budget', 'Budget', ['beta-flash', 'alpha-mini', 'alpha-nano']],
    ['mid', 'Mid', ['beta-pro']],
    ['medium', 'Mid', ['beta-pro']],
    ['high', 'Premium', ['alpha-large']],
    ['premium', 'Premium', ['alpha-large']],
    ['PREMIUM', 'Premium', ['alpha-large']],
  ])('budget=%s is the %s tier', async (alias, tier, expected) => {
    const body = await get(`?budget=${alias}`);
    expect(body.criteria.budget).toBe(tier);
    expect(ids(body)).toEqual(expected);
  });

  it('quality is a minimum score 1 to 5', async () => {
    expect(ids(await get('?quality=1'))).toHaveLength(5);
    expect(ids(await get('?quality=3&limit=10'))).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini']);
    expect(ids(await get('?quality=5'))).toEqual(['alpha-large']);
    expect((await get('?quality=4')).criteria.quality).toBe(4);
  });

  it('max_cost keeps models costing at most that per request', async () => {
    const body = await get('?max_cost=0.00025&status=all');
    // beta-classic 0.0002 and alpha-nano exactly 0.00025
    expect(ids(body)).toEqual(['beta-classic', 'alpha-nano']);
    expect(body.criteria.max_cost).toBe(0.00025);
    expect(ids(await get('?max_cost=0.000249999&status=all'))).toEqual(['beta-classic']);
    expect(ids(await get('?max_cost=0'))).toEqual([]);
    expect(ids(await get('?max_cost=1&limit=10&status=all'))).toHaveLength(6);
  });

  it.each([
    ['128K', 128_000, ['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'alpha-nano']],
    ['128k', 128_000, ['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'alpha-nano']],
    ['1M', 1_000_000, ['alpha-large', 'beta-pro', 'beta-flash']],
    ['1000001', 1_000_001, ['beta-pro', 'beta-flash']],
    ['131072', 131_072, ['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'alpha-nano']],
    ['131073', 131_073, ['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini']],
    ['1.5M', 1_500_000, []],
  ])('min_context=%s is %i tokens', async (text, tokens, expected) => {
    const body = await get(`?min_context=${text}&limit=10`);
    expect(body.criteria.min_context).toBe(tokens);
    expect(ids(body)).toEqual(expected);
  });

  it('input_tokens and output_tokens set costPerRequest', async () => {
    const body = await get('?input_tokens=2000&output_tokens=0&limit=1');
    // 2000 × 3/1M = 0.006
    expect(body.recommendations[0].costPerRequest).toBe(0.006);
    expect(body.criteria).toMatchObject({ input_tokens: 2000, output_tokens: 0 });
  });

  it('limit 1 to 10', async () => {
    expect(ids(await get('?limit=1'))).toEqual(['alpha-large']);
    expect(ids(await get('?limit=10'))).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'alpha-nano']);
  });

  it('combines every filter with AND', async () => {
    const body = await get('?use_case=coding&budget=low&quality=3&max_cost=0.0003&min_context=1M');
    expect(ids(body)).toEqual(['beta-flash']);
    expect(body.criteria).toEqual(
      criteria({
        use_case: 'coding',
        budget: 'Budget',
        quality: 3,
        max_cost: 0.0003,
        min_context: 1_000_000,
      }),
    );
  });

  it.each([
    ['use_case', 'poetry'],
    ['budget', 'cheap'],
    ['budget', 'free'],
    ['quality', '0'],
    ['quality', '6'],
    ['quality', '3.5'],
    ['quality', 'good'],
    ['max_cost', 'abc'],
    ['max_cost', '-0.01'],
    ['max_cost', '1e-3'],
    ['max_cost', '0x10'],
    ['min_context', 'big'],
    ['min_context', '-5'],
    ['min_context', '1e6'],
    ['min_context', '1.5'],
    ['min_context', '128KB'],
    ['input_tokens', '1.5'],
    ['output_tokens', 'NaN'],
    ['limit', '0'],
    ['limit', '11'],
  ])('%s=%s is a 400 naming the parameter', async (param, value) => {
    const error = await expectError(
      `/api/recommend?${param}=${encodeURIComponent(value)}`,
      400,
      'invalid_parameter',
      param,
    );
    expect(error.message).toContain(param);
  });

  it('names what is allowed', async () => {
    expect((await expectError('/api/recommend?budget=cheap', 400, 'invalid_parameter', 'budget')).message).toMatch(
      /low.*medium.*high|budget, mid, premium/,
    );
    expect((await expectError('/api/recommend?quality=6', 400, 'invalid_parameter', 'quality')).message).toContain(
      'from 1 to 5',
    );
    expect(
      (await expectError('/api/recommend?use_case=poetry', 400, 'invalid_parameter', 'use_case')).message,
    ).toContain('summarization');
  });

  it('refuses a repeated and an unknown parameter; empty values are absent', async () => {
    await expectError('/api/recommend?use_case=chat&use_case=coding', 400, 'duplicate_parameter', 'use_case');
    await expectError('/api/recommend?colour=mid', 400, 'unknown_parameter', 'colour');
    const body = await get('?use_case=&budget=&quality=&max_cost=&min_context=&status=&limit=');
    expect(body.criteria).toEqual(criteria());
  });

  describe('an empty answer says why (hint)', () => {
    it('no Premium model suits vision: budget is named, with the best vision model', async () => {
      const body = await get('?use_case=vision&budget=premium');
      expect(body.recommendations).toEqual([]);
      expect(body.hint).toMatchObject({
        param: 'budget',
        message:
          'No model meets use_case=vision and budget=Premium. Without budget, the best is Beta Pro (beta-pro) at $0.00625 a request.',
        without: ['budget'],
        nearest: { rank: 1, id: 'beta-pro', tier: 'Mid', quality: 4, costPerRequest: 0.00625 },
      });
    });

    it('max_cost below every suited model: the best one and the max_cost that returns it', async () => {
      const body = await get('?use_case=coding&max_cost=0.0001');
      expect(body.hint.param).toBe('max_cost');
      expect(body.hint.message).toBe(
        'No model meets use_case=coding and max_cost=0.0001. Without max_cost, the best is Alpha Large (alpha-large) at $0.0105 a request. A max_cost of 0.0105 or more returns it.',
      );
    });

    it('min_context above every model: min_context is named, and the best model at all offered', async () => {
      const body = await get('?min_context=2M');
      expect(body.hint).toMatchObject({
        param: 'min_context',
        without: ['min_context'],
        nearest: { id: 'alpha-large' },
      });
    });

    it('an answer with models has no hint', async () => {
      expect((await get('?use_case=vision')).hint).toBeUndefined();
    });
  });
});
