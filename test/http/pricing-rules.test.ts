/**
 * Issue 17's rules over HTTP: aliases resolve everywhere and are echoed, the status filter, the
 * off-peak and cache-write parameters, and appliedPrices on every cost record (issue 18).
 */
import { describe, expect, it } from 'vitest';
import { getRules, rulesApp } from '../fixtures/pricing-rules.js';

const ok = async (path: string) => {
  const { status, body } = await getRules(path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  return body;
};
const refused = async (path: string, param: string, status = 400) => {
  const res = await getRules(path);
  expect(res.status, `${path} → ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.error.param).toBe(param);
  return res.body.error as { message: string; code: string };
};

describe('aliases', () => {
  it("calculate names the model an alias resolved to and echoes the alias; costs are the model's", async () => {
    const byAlias = await ok(
      '/api/calculate?model=Gamma-Max-Latest&input_tokens=1000&output_tokens=0&requests=1&days=1',
    );
    expect(byAlias.model).toBe('gamma-max');
    expect(byAlias.requestedId).toBe('gamma-max-latest');
    expect(byAlias.costs.perRequest).toBe(0.002); // 1,000 × 2 / 1M
    const byId = await ok('/api/calculate?model=gamma-max&input_tokens=1000&output_tokens=0&requests=1&days=1');
    expect(byId).not.toHaveProperty('requestedId');
    expect(byId.costs).toEqual(byAlias.costs);
  });

  it('calculate with models and compare echo the alias on that item only; an id and its alias together are a 400', async () => {
    const results = (await ok('/api/calculate?models=delta-v1,gamma-max')).results;
    expect(results.map((r: { id: string; requestedId?: string }) => [r.id, r.requestedId])).toEqual([
      ['delta-chat', 'delta-v1'],
      ['gamma-max', undefined],
    ]);
    const compared = await ok('/api/compare?models=gamma-max-latest,delta-long');
    expect(compared.comparison[0]).toMatchObject({ id: 'gamma-max', requestedId: 'gamma-max-latest' });
    expect(compared.summary.mostExpensive.id).toBe('gamma-max');
    const error = await refused('/api/compare?models=delta-chat,delta-v1', 'models');
    expect(error.message).toContain('names model "delta-chat" twice');
    await refused('/api/calculate?models=delta-v1,delta-chat-latest', 'models');
  });

  it('pricing answers the record (which lists its aliases) and the alias asked; lists have no alias rows', async () => {
    const one = await ok('/api/pricing?model=DELTA-V1');
    expect(one.model.id).toBe('delta-chat');
    expect(one.model.aliases).toEqual(['delta-chat-latest', 'delta-v1']);
    expect(one.requestedId).toBe('delta-v1');
    const all = await ok('/api/pricing');
    expect(all.models.map((m: { id: string }) => m.id)).toEqual(['gamma-max', 'gamma-old', 'delta-chat', 'delta-long']);
    expect(all.meta.count).toBe(4);
  });

  it('the badge, the model page and the change list resolve an alias to its model', async () => {
    const app = rulesApp();
    const badge = await ok('/api/badge?model=delta-v1&format=json');
    expect(badge.pricing).toMatchObject({ id: 'delta-chat', requestedId: 'delta-v1', input: 0.28 });
    expect(badge.badge_url).toContain('model=delta-chat');
    const svg = await app.request('http://localhost/api/badge?model=delta-chat-latest');
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain('$0.28');
    const page = await app.request('http://localhost/models/delta-v1');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Delta Chat</h1>');
    expect(html).toContain('<code>delta-v1</code> is an alias of this model.');
    expect(html).toContain(
      '<dt>Off-peak</dt><dd>16:30-00:30 UTC: $0.14 input, $0.21 output, $0.014 cached per 1M (the others are peak prices)</dd>',
    );
    const changes = await ok('/api/changes?model=gamma-max-latest');
    expect(changes.changes.map((c: { id: string; date: string }) => [c.id, c.date])).toEqual([
      ['gamma-max', '2026-07-30'],
    ]);
  });

  it('ranked answers never show a model twice', async () => {
    const ranked = await ok('/api/cheapest?status=all&limit=10');
    const ids = ranked.recommendations.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the status filter', () => {
  it('pricing lists all by default, or current or legacy models', async () => {
    const ids = async (q: string) => (await ok(`/api/pricing${q}`)).models.map((m: { id: string }) => m.id);
    expect(await ids('')).toEqual(['gamma-max', 'gamma-old', 'delta-chat', 'delta-long']);
    expect(await ids('?status=all')).toEqual(['gamma-max', 'gamma-old', 'delta-chat', 'delta-long']);
    expect(await ids('?status=current')).toEqual(['gamma-max', 'delta-chat', 'delta-long']);
    expect(await ids('?status=legacy&provider=gamma')).toEqual(['gamma-old']);
    expect((await ok('/api/pricing?status=legacy')).meta.count).toBe(1);
    await refused('/api/pricing?model=gamma-old&status=current', 'model', 404);
  });

  it('ranked answers default to current models', async () => {
    expect((await ok('/api/cheapest')).recommendations.map((r: { id: string }) => r.id)).not.toContain('gamma-old');
    expect((await ok('/api/cheapest?status=legacy')).recommendations.map((r: { id: string }) => r.id)).toEqual([
      'gamma-old',
    ]);
    expect((await ok('/api/recommend?status=legacy')).recommendations.map((r: { id: string }) => r.id)).toEqual([
      'gamma-old',
    ]);
  });

  it.each(['/api/pricing', '/api/cheapest', '/api/recommend'])(
    '%s: a bad status is a 400 naming status and the values',
    async (path) => {
      const error = await refused(`${path}?status=retired`, 'status');
      expect(error.message).toBe('status must be one of current, legacy, all; got "retired".');
    },
  );
});

describe('off-peak parameters', () => {
  // delta-chat, 1,000 in + 1,000 out: peak $0.0007, off-peak $0.00035 a request.
  const calc = (q: string) =>
    ok(`/api/calculate?model=delta-chat&input_tokens=1000&output_tokens=1000&requests=1&days=1${q}`);

  it('off_peak_share prices that percent of the requests off-peak, and is echoed', async () => {
    const body = await calc('&off_peak_share=30');
    expect(body.costs.perRequest).toBe(0.000595);
    expect(body.workload.off_peak_share).toBe(30);
    expect(body.appliedPrices).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'mixed',
      offPeak: { input: 0.14, output: 0.21, window: '16:30-00:30 UTC', percent: 30 },
    });
    expect((await calc('')).appliedPrices.period).toBe('peak');
  });

  it.each([
    ['18:00', 0.00035, 'off-peak'],
    ['16:29:59Z', 0.0007, 'peak'],
    ['00:30', 0.0007, 'peak'],
    [encodeURIComponent('2026-11-25T02:30:00+08:00'), 0.00035, 'off-peak'], // 18:30 UTC the day before
    ['2026-11-25T02:30:00+08:00', 0.00035, 'off-peak'], // an unencoded + arrives as a space
    ['2026-11-24T12:00:00Z', 0.0007, 'peak'],
  ])('at=%s costs %s (%s)', async (at, cost, period) => {
    const body = await calc(`&at=${at}`);
    expect(body.costs.perRequest).toBe(cost);
    expect(body.appliedPrices.period).toBe(period);
  });

  it('compare, cheapest and recommend take them too, per model', async () => {
    const compared = await ok(
      '/api/compare?models=delta-chat,gamma-max&input_tokens=1000&output_tokens=1000&requests_per_day=1&at=20:00',
    );
    expect(compared.comparison.map((c: { costs: { perRequest: number } }) => c.costs.perRequest)).toEqual([
      0.00035, 0.014,
    ]);
    expect(compared.comparison[1].appliedPrices).not.toHaveProperty('period');
    const cheapest = await ok(
      '/api/cheapest?input_tokens=1000&output_tokens=1000&requests=1&off_peak_share=100&limit=1',
    );
    expect(cheapest.recommendations[0]).toMatchObject({
      id: 'delta-chat',
      costs: { perRequest: 0.00035 },
      appliedPrices: { period: 'off-peak' },
    });
    const rec = await ok('/api/recommend?use_case=chat&input_tokens=1000&output_tokens=1000&at=20:00&limit=10');
    expect(rec.criteria.at).toBe('20:00');
    expect(rec.recommendations.find((r: { id: string }) => r.id === 'delta-chat').costPerRequest).toBe(0.00035);
  });

  it('refuses both together, a share out of 0-100 and a time that is not one', async () => {
    expect((await refused('/api/calculate?model=delta-chat&at=18:00&off_peak_share=10', 'at')).message).toContain(
      'not both',
    );
    await refused('/api/cheapest?off_peak_share=101', 'off_peak_share');
    await refused('/api/compare?models=delta-chat,gamma-max&off_peak_share=-1', 'off_peak_share');
    // Impossible days and clock times that Date.parse would roll over (2027-04-31 into May 1st) are refused too.
    for (const bad of [
      '25:00',
      '18:60',
      'evening',
      '2026-11-24',
      '18',
      '2027-04-31T03:00Z',
      '2027-02-29T12:00Z',
      '2026-11-24T24:00Z',
      '2026-11-24T23:60Z',
      '2026-11-24T10:00:60Z',
      '2026-11-24T10:00%2B24:00',
    ]) {
      const error = await refused(`/api/calculate?model=delta-chat&at=${bad}`, 'at');
      expect(error.message).toContain('a time of day in UTC such as 18:30');
    }
    expect(
      (
        await ok(
          '/api/calculate?model=delta-chat&input_tokens=1000&output_tokens=1000&requests=1&days=1&at=2028-02-29T03:00Z',
        )
      ).workload.at,
    ).toBe('2028-02-29T03:00Z');
  });
});

describe('cache writes and appliedPrices', () => {
  const calc = (q: string) =>
    ok(`/api/calculate?model=gamma-max&input_tokens=10000&output_tokens=0&requests=1&days=1${q}`);

  it('cache_write_tokens bill at the 5-minute price, or the 1-hour one with cache_ttl=1h, and are echoed', async () => {
    const fiveMinutes = await calc('&cached_input_tokens=2000&cache_write_tokens=4000');
    expect(fiveMinutes.costs.perRequest).toBe(0.0184); // 4,000 × 2 + 2,000 × 0.2 + 4,000 × 2.5 = 18,400 per 1M
    expect(fiveMinutes.workload).toMatchObject({
      cached_input_tokens: 2000,
      cache_write_tokens: 4000,
      cache_ttl: '5m',
    });
    expect(fiveMinutes.appliedPrices).toEqual({
      band: 'standard',
      input: 2,
      output: 12,
      cachedInput: 0.2,
      cacheWrite: 2.5,
      cacheTtl: '5m',
      effectiveFrom: '2026-07-30',
    });
    const oneHour = await calc('&cached_input_tokens=2000&cache_write_tokens=4000&cache_ttl=1H');
    expect(oneHour.costs.perRequest).toBe(0.0244); // 4,000 × 4 instead of × 2.5
    expect(oneHour.appliedPrices).toMatchObject({ cacheWrite: 4, cacheTtl: '1h' });
  });

  it('refuses more cache reads and writes than input tokens, and an unknown lifetime', async () => {
    const error = await refused(
      '/api/calculate?model=gamma-max&input_tokens=100&cached_input_tokens=60&cache_write_tokens=41',
      'cache_write_tokens',
    );
    expect(error.message).toContain(
      'cached_input_tokens + cache_write_tokens (101) must not exceed input_tokens (100)',
    );
    await refused('/api/cheapest?cache_write_tokens=10&cache_ttl=2h', 'cache_ttl');
  });

  it("names the band by the provider's rule at the threshold", async () => {
    const band = async (id: string, tokens: number) =>
      (await ok(`/api/calculate?model=${id}&input_tokens=${tokens}&output_tokens=0`)).appliedPrices.band;
    expect(await band('gamma-max', 271_999)).toBe('standard');
    expect(await band('gamma-max', 272_000)).toBe('from 272K');
    expect(await band('delta-long', 200_000)).toBe('standard');
    expect(await band('delta-long', 200_001)).toBe('above 200K');
  });

  it("gives effectiveFrom for a dated price: the record's own (from priceHistory) or the one as_of picks", async () => {
    expect((await ok('/api/calculate?model=gamma-max')).appliedPrices.effectiveFrom).toBe('2026-07-30');
    const then = await ok(
      '/api/calculate?model=gamma-max&as_of=2026-06-15&input_tokens=1000&output_tokens=0&requests=1&days=1',
    );
    expect(then.appliedPrices).toEqual({ band: 'standard', input: 2.5, output: 15, effectiveFrom: '2026-06-01' });
    expect(then.costs.perRequest).toBe(0.0025);
    // A model without dated prices has none.
    expect((await ok('/api/calculate?model=delta-long')).appliedPrices).not.toHaveProperty('effectiveFrom');
  });
});

describe('as_of and the prices only the record holds', () => {
  it("a dated price set has no 1-hour write price (the record's own set keeps it)", async () => {
    const q = 'input_tokens=10000&output_tokens=0&requests=1&days=1&cache_write_tokens=4000&cache_ttl=1h';
    // 2026-08-01: the record continues the 2026-07-30 set, so its 1-hour price applies: 6,000 × 2 + 4,000 × 4 = 28,000.
    const now = await ok(`/api/calculate?model=gamma-max&as_of=2026-08-01&${q}`);
    expect(now.costs.perRequest).toBe(0.028);
    expect(now.appliedPrices).toMatchObject({ cacheWrite: 4, cacheTtl: '1h', effectiveFrom: '2026-07-30' });
    // 2026-06-15: the launch set records no cache prices, so writes are billed as input: 10,000 × 2.5 = 25,000.
    const then = await ok(`/api/calculate?model=gamma-max&as_of=2026-06-15&${q}`);
    expect(then.costs.perRequest).toBe(0.025);
    expect(then.appliedPrices).toEqual({
      band: 'standard',
      input: 2.5,
      output: 15,
      cacheWrite: 2.5,
      cacheTtl: '1h',
      cacheWriteAsInput: true,
      effectiveFrom: '2026-06-01',
    });
    const record = await ok('/api/pricing?model=gamma-max&as_of=2026-06-15');
    expect(record.model).not.toHaveProperty('cacheWrite1h');
    expect(record.model).not.toHaveProperty('longContext');
    // The record's own prices, asked as of its check day, keep off-peak prices.
    const chat = await ok('/api/pricing?model=delta-chat&as_of=2026-11-21');
    expect(chat.model.offPeak).toMatchObject({ startUtc: '16:30', endUtc: '00:30' });
  });
});

describe('the OpenAPI document', () => {
  it('documents status (with its default per endpoint) and the pricing parameters', async () => {
    const doc = await ok('/openapi.json');
    const params = (path: string) =>
      Object.fromEntries(
        (doc.paths[path].get.parameters as Array<{ name: string; schema: { default?: string; enum?: string[] } }>).map(
          (p) => [p.name, p.schema],
        ),
      );
    expect(params('/api/pricing').status).toMatchObject({ default: 'all', enum: ['current', 'legacy', 'all'] });
    expect(params('/api/cheapest').status).toMatchObject({ default: 'current', enum: ['current', 'legacy', 'all'] });
    expect(params('/api/recommend').status).toMatchObject({ default: 'current' });
    for (const path of ['/api/calculate', '/api/compare', '/api/cheapest']) {
      expect(Object.keys(params(path)), path).toEqual(
        expect.arrayContaining(['cached_input_tokens', 'cache_write_tokens', 'cache_ttl', 'off_peak_share', 'at']),
      );
    }
    expect(params('/api/calculate').cache_ttl).toMatchObject({ enum: ['5m', '1h'] });
    expect(doc.components.schemas.CalculateResponse.anyOf[0].properties.appliedPrices).toBeDefined();
  });
});

describe('the site', () => {
  it("gives the browser calculator each model's threshold rule, so it prices the threshold as the API does", async () => {
    const html = await (await rulesApp().request('http://localhost/')).text();
    const data = /<script type="application\/json" id="catalogue-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]';
    const models = JSON.parse(data) as Array<{ id: string; longContextRule?: string }>;
    expect(models.map((m) => [m.id, m.longContextRule])).toEqual([
      ['gamma-max', 'at'],
      ['gamma-old', undefined],
      ['delta-chat', undefined],
      ['delta-long', 'above'],
    ]);
  });
});
