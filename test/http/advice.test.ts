/**
 * Issue 23's examples on the real catalogue, as a person about to pick a model would read them:
 * only models that can run the workload are ranked, free tiers are not prices, a word means the
 * same on every endpoint, and every answer says what it left out.
 */
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir('data');
const app = createService({ catalogue, assets: {} });
async function get(path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: (await res.json()) as any }; // any: tests read arbitrary fields
}
const model = (id: string) => catalogue.byId.get(id)!;
const ids = (body: { recommendations: Array<{ id: string }> }) => body.recommendations.map((r) => r.id);

describe('free tiers are not prices', () => {
  it.each([
    '/api/cheapest',
    '/api/cheapest?use_case=coding',
    '/api/cheapest?budget=10',
    '/api/recommend?use_case=coding',
  ])('%s offers no free-tier-only model and counts them', async (path) => {
    const { body } = await get(path);
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const r of body.recommendations) expect(model(r.id).freeTierOnly, r.id).toBeUndefined();
    expect(body.recommendations[0].costs.monthly).toBeGreaterThan(0);
    const free = body.excluded.byReason.find((r: { reason: string }) => r.reason === 'free_tier_only');
    expect(free?.count).toBe(
      catalogue.models.filter(
        (m) => m.freeTierOnly && m.status === 'current' && (!path.includes('coding') || (m.useCases.coding ?? 0) >= 3),
      ).length,
    );
  });

  it('include_free_tier=true brings them back, marked', async () => {
    const { body } = await get('/api/cheapest?include_free_tier=true&limit=2');
    expect(
      body.recommendations.map((r: { freeTierOnly?: boolean; costs: { monthly: number } }) => [
        r.freeTierOnly,
        r.costs.monthly,
      ]),
    ).toEqual([
      [true, 0],
      [true, 0],
    ]);
    expect(body.recommendations[0].warnings.map((w: { code: string }) => w.code)).toEqual(['free_tier_only']);
    expect(body.excluded.count).toBe(0);
  });

  it('calculate shows $0 with a warning', async () => {
    const { body } = await get('/api/calculate?model=google-gemma-4-31b-it');
    expect(body.costs.monthly).toBe(0);
    expect(body.warnings).toEqual([
      { code: 'free_tier_only', message: expect.stringMatching(/only on a free, rate-limited tier/) },
    ]);
  });
});

describe('only what can run it', () => {
  it('cheapest leaves out the models whose window cannot take 500,000 + 4,000 tokens, and says how many', async () => {
    const { body } = await get('/api/cheapest?input_tokens=500000&output_tokens=4000&requests=100000&limit=10');
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const r of body.recommendations) expect(model(r.id).contextTokens, r.id).toBeGreaterThanOrEqual(504_000);
    // Independently: current models sold as capacity whose window is smaller than 504,000 tokens.
    const tooSmall = catalogue.models.filter(
      (m) => m.status === 'current' && !catalogue.headOf.has(m.id) && m.contextTokens < 504_000,
    ).length;
    const byWindow = body.excluded.byReason.find((r: { reason: string }) => r.reason === 'context_window');
    expect(byWindow.count).toBe(tooSmall);
  });

  it('recommend for a 510,000-token coding prompt offers no model with a smaller window', async () => {
    const { body } = await get('/api/recommend?input_tokens=510000&use_case=coding');
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const r of body.recommendations) expect(model(r.id).contextTokens, r.id).toBeGreaterThanOrEqual(510_500);
    expect(body.workload).toMatchObject({ input_tokens: 510000, output_tokens: 500 });
  });

  it('calculate still prices a request that does not fit, with a warning, never an error', async () => {
    const { status, body } = await get('/api/calculate?model=openai-gpt-4o-mini&input_tokens=5000000');
    expect(status).toBe(200);
    expect(body.costs.monthly).toBeGreaterThan(0);
    expect(body.warnings).toEqual([
      {
        code: 'context_window',
        message: expect.stringMatching(
          /5,000,000 input \+ 500 output tokens do not fit GPT-4o mini's 128K-token context window/,
        ),
      },
    ]);
  });

  it('compare warns per model', async () => {
    const { body } = await get(
      '/api/compare?models=openai-gpt-4o-mini,google-gemini-3.1-pro-preview&input_tokens=500000',
    );
    expect(body.comparison[0].warnings.map((w: { code: string }) => w.code)).toEqual(['context_window']);
    expect(body.comparison[1].warnings).toBeUndefined();
  });

  it('an output past the largest output is left out too', async () => {
    const mini = model('openai-gpt-4o-mini');
    const { body } = await get(
      `/api/calculate?model=${mini.id}&input_tokens=10&output_tokens=${mini.maxOutputTokens! + 1}`,
    );
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(['max_output']);
  });

  it('when no model can take the request, the hint names the largest window', async () => {
    const { body } = await get('/api/cheapest?input_tokens=50000000');
    expect(body.recommendations).toEqual([]);
    const largest = Math.max(
      ...catalogue.models.filter((m) => m.status === 'current' && !m.freeTierOnly).map((m) => m.contextTokens),
    );
    expect(body.hint.param).toBe('input_tokens');
    expect(body.hint.nearest.contextTokens).toBe(largest);
    expect(body.hint.message).toMatch(/No model can take 50,000,000 input \+ 500 output tokens/);
  });
});

describe('one vocabulary', () => {
  it("the README's cheapest?use_case=coding&quality=high keeps its spec meaning (Mid and Premium); min_quality=5 is the score", async () => {
    const tiers = await get('/api/cheapest?use_case=coding&quality=high&limit=10');
    for (const r of tiers.body.recommendations) expect(['Mid', 'Premium']).toContain(r.tier);
    const score = await get('/api/cheapest?use_case=coding&min_quality=5&limit=10');
    for (const r of score.body.recommendations) expect(model(r.id).quality).toBe(5);
    expect(score.body.recommendations.length).toBeGreaterThan(0);
  });

  it('cheapest takes all 14 use cases and min_context', async () => {
    const { status, body } = await get('/api/cheapest?use_case=vision&min_context=1M');
    expect(status).toBe(200);
    for (const r of body.recommendations) {
      expect(model(r.id).useCases.vision).toBeGreaterThanOrEqual(3);
      expect(model(r.id).contextTokens).toBeGreaterThanOrEqual(1_000_000);
    }
  });

  it("tier means the tier on both ranked endpoints; recommend's budget is the same tier, and two different values are a 400", async () => {
    for (const path of ['/api/cheapest?tier=premium', '/api/recommend?tier=premium', '/api/recommend?budget=high']) {
      const { body } = await get(path);
      expect(body.recommendations.length).toBeGreaterThan(0);
      for (const r of body.recommendations) expect(r.tier, path).toBe('Premium');
    }
    const { status, body } = await get('/api/recommend?budget=low&tier=premium');
    expect(status).toBe(400);
    expect(body.error.param).toBe('tier');
  });

  it('min_quality means the overall score on both ranked endpoints', async () => {
    for (const path of [
      '/api/cheapest?min_quality=4&limit=10',
      '/api/recommend?min_quality=4&limit=10',
      '/api/recommend?quality=4&limit=10',
    ]) {
      const { body } = await get(path);
      for (const r of body.recommendations) expect(model(r.id).quality, path).toBeGreaterThanOrEqual(4);
    }
  });

  it('every cost endpoint takes requests, days and mode, and repeats the whole workload', async () => {
    const q =
      'input_tokens=3000&output_tokens=800&requests=5000&days=20&mode=batch&cached_input_tokens=1000&cache_write_tokens=500';
    const expected = {
      input_tokens: 3000,
      cached_input_tokens: 1000,
      cache_write_tokens: 500,
      cache_ttl: '5m',
      output_tokens: 800,
      requests: 5000,
      days: 20,
      mode: 'batch',
      off_peak_share: 0,
    };
    for (const path of [
      `/api/calculate?model=openai-gpt-5.6-terra&${q}`,
      `/api/compare?models=openai-gpt-5.6-terra,anthropic-claude-sonnet-5&${q}`,
      `/api/cheapest?${q}`,
      `/api/recommend?${q}`,
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(body.workload, path).toMatchObject(expected);
    }
  });
});

describe('modes as providers bill them', () => {
  it('batch on DeepSeek (no batch API) is priced at standard rates with a warning', async () => {
    const batch = await get('/api/calculate?model=deepseek-deepseek-v4-flash&mode=batch');
    const standard = await get('/api/calculate?model=deepseek-deepseek-v4-flash');
    expect(batch.body.costs).toEqual(standard.body.costs);
    expect(batch.body.appliedPrices.batch).toBeUndefined();
    expect(batch.body.warnings.map((w: { code: string }) => w.code)).toEqual(['no_batch_discount']);
  });

  it('streaming says its 15% is a planning margin', async () => {
    const { body } = await get('/api/calculate?model=openai-gpt-5.6-terra&mode=streaming');
    expect(body.appliedPrices.streamingMargin).toEqual({
      outputPercent: 15,
      note: expect.stringMatching(/planning margin/),
    });
  });
});

describe('one place per model family', () => {
  it('Gemini 3.1 Pro Preview and its -customtools twin take one slot, the item lists the other', async () => {
    const { body } = await get('/api/recommend?use_case=coding&budget=premium&limit=10');
    const rank = ids(body);
    expect(rank).toContain('google-gemini-3.1-pro-preview');
    expect(rank).not.toContain('google-gemini-3.1-pro-preview-customtools');
    const item = body.recommendations.find((r: { id: string }) => r.id === 'google-gemini-3.1-pro-preview');
    expect(item.variants).toEqual(['google-gemini-3.1-pro-preview-customtools']);
  });

  it('distinct models at the same prices are not variants (Claude Opus 4.6 and 4.7)', () => {
    expect(catalogue.headOf.has('anthropic-claude-opus-4-7')).toBe(false);
    expect(catalogue.headOf.has('anthropic-claude-opus-4-6')).toBe(false);
    expect([...catalogue.headOf.keys()]).toEqual(['google-gemini-3.1-pro-preview-customtools']);
  });
});

describe('a word used as another endpoint uses it is refused with the name to use', () => {
  it('cheapest?quality=5 points to min_quality; recommend?budget=50 points to max_cost', async () => {
    const quality = await get('/api/cheapest?quality=5');
    expect(quality.status).toBe(400);
    expect(quality.body.error.param).toBe('quality');
    expect(quality.body.error.message).toMatch(/use min_quality/);
    const budget = await get('/api/recommend?budget=50');
    expect(budget.status).toBe(400);
    expect(budget.body.error.message).toMatch(/use max_cost/);
  });
});

describe('compare names as cheapest a model that can be bought and run', () => {
  it('not a free-tier-only $0, nor a model the request does not fit, when another one can', async () => {
    const free = await get('/api/compare?models=google-gemma-4-31b-it,openai-gpt-4o-mini');
    expect(free.body.summary.cheapest.id).toBe('openai-gpt-4o-mini');
    expect(free.body.comparison[0].warnings.map((w: { code: string }) => w.code)).toEqual(['free_tier_only']);
    const big = await get('/api/compare?models=openai-gpt-4o-mini,google-gemini-3.1-pro-preview&input_tokens=500000');
    expect(big.body.summary.cheapest.id).toBe('google-gemini-3.1-pro-preview');
    // When none of them can, the cheapest of all is named (each row carries its warning).
    const none = await get('/api/compare?models=openai-gpt-4o-mini,openai-gpt-4o&input_tokens=500000');
    expect(none.body.summary.cheapest.id).toBe('openai-gpt-4o-mini');
  });
});

describe('the hint when no model can run the request', () => {
  it('blames output_tokens when no model returns that many, and names the largest output', async () => {
    for (const path of ['/api/cheapest?output_tokens=100000000', '/api/recommend?output_tokens=100000000']) {
      const { body } = await get(path);
      expect(body.recommendations).toEqual([]);
      expect(body.hint.param, path).toBe('output_tokens');
      const most = Math.max(
        ...catalogue.models
          .filter((m) => m.status === 'current' && !m.freeTierOnly)
          .map((m) => Math.min(m.maxOutputTokens ?? m.contextTokens, m.contextTokens)),
      );
      expect(body.hint.message, path).toContain(`, ${most.toLocaleString('en-US')}.`);
    }
  });
});
