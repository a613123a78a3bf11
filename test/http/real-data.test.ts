/** The API over the real catalogue in data/: every endpoint answers, every cost is exact. */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../src/core/schema/catalogue-schema.js';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({
  catalogue,
  assets: { widgetJs: '/* widget */' },
  mcp: mcpRoute,
  clock: fixedClock('2026-11-28'),
});
const models = catalogue.models;

async function get(path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, text: await res.text() };
}

/**
 * The exact cost, worked out independently of src/core: prices as decimal text scaled to whole
 * nano-dollars per 1M tokens, everything kept as an integer fraction, rounded half up once.
 */
function expectedCost(
  model: Model,
  input: number,
  output: number,
  mode: 'standard' | 'streaming' | 'batch',
  times: number,
): string {
  return formatNanos(expectedNanos(model, input, output, mode, times));
}

function formatNanos(rounded: bigint): string {
  const digits = rounded.toString().padStart(10, '0');
  const text = `${digits.slice(0, -9)}.${digits.slice(-9)}`.replace(/\.?0+$/, '');
  return text === '' ? '0' : text;
}

/**
 * The yearly cost from 2026-11-28 (the clock): twelve months at the record's prices, or, for a
 * model whose prices change on 2027-01-01 (the only scheduled day in data/, checked here), the first
 * month (11-28..12-27) at them and the eleven from 12-28 (27 of whose 31 days are past the change) at the new ones.
 */
function expectedYearly(
  model: Model,
  input: number,
  output: number,
  mode: 'standard' | 'streaming' | 'batch',
  monthTimes: number,
): string {
  const scheduled = (model.priceHistory ?? []).filter((e) => e.effectiveFrom > '2026-11-28');
  if (!scheduled.length) return formatNanos(expectedNanos(model, input, output, mode, 12 * monthTimes));
  expect(scheduled.map((e) => e.effectiveFrom)).toEqual(['2027-01-01']);
  const next = { ...model, input: scheduled[0]!.input, output: scheduled[0]!.output };
  // Summed exactly, rounded once.
  return formatNanos(
    expectedNanos(
      [
        [model, 1],
        [next, 11],
      ],
      input,
      output,
      mode,
      monthTimes,
    ),
  );
}

function expectedNanos(
  models: Model | Array<[Model, number]>,
  input: number,
  output: number,
  mode: 'standard' | 'streaming' | 'batch',
  times: number,
): bigint {
  const parts: Array<[Model, number]> = Array.isArray(models) ? models : [[models, 1]];
  const denominator = 1_000_000n * 100n * 100n;
  const numerator = parts.reduce(
    (sum, [model, months]) => sum + exactNumerator(model, input, output, mode) * BigInt(times * months),
    0n,
  );
  return (2n * numerator + denominator) / (2n * denominator);
}

function exactNumerator(model: Model, input: number, output: number, mode: 'standard' | 'streaming' | 'batch'): bigint {
  const nanos = (price: number) => {
    const text = String(price);
    if (/e/i.test(text)) throw new Error(`price ${text} needs an exponent`);
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
  };
  // USD × 1e9 (nanos) = tokens × price-nanos / 1e6; the streaming 1.15 is 115/100; batch pays
  // (100 − the provider's discount)/100 where the model has a batch API, the standard price otherwise.
  const paid = mode === 'batch' && model.batch ? BigInt(100 - model.batch.discountPercent) : 100n;
  const numerator0 =
    (BigInt(input) * nanos(model.input) * 100n +
      BigInt(output) * nanos(model.output) * (mode === 'streaming' ? 115n : 100n)) *
    paid;
  return numerator0;
}

/** Every number in a JSON text: none with an exponent or more than 9 decimals (no float noise). */
function noisyNumbers(text: string): string[] {
  return [...text.matchAll(/[:,[]\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?=[,}\]])/g)]
    .map((m) => m[1] ?? '')
    .filter((n) => /[eE]/.test(n) || /\.\d{10,}/.test(n));
}

describe('the real catalogue', () => {
  it('loads through load-catalogue.ts: 60 models or more from the ten providers and the four new makers', () => {
    expect(models.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.providers.map((p) => p.slug).sort()).toEqual([
      'alibaba',
      'amazon',
      'anthropic',
      'cohere',
      'deepseek',
      'google',
      'minimax',
      'mistral',
      'moonshot',
      'nvidia',
      'openai',
      'together',
      'xai',
      'zhipu',
    ]);
    expect(catalogue.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('/healthz and /api/pricing count every model', async () => {
    expect(JSON.parse((await get('/healthz')).text)).toEqual({
      status: 'ok',
      models: models.length,
      lastUpdated: catalogue.lastUpdated,
    });
    const pricing = JSON.parse((await get('/api/pricing')).text) as {
      models: unknown[];
      meta: { count: number; providers: string[] };
    };
    expect(pricing.models).toHaveLength(models.length);
    expect(pricing.meta.count).toBe(models.length);
    expect(pricing.meta.providers).toHaveLength(14);
    expect((await get('/data/pricing.json')).text).toBe((await get('/api/pricing')).text);
  });

  it('serves every record with the nine SPEC 2.1 fields, as typed there', async () => {
    const { models: served } = JSON.parse((await get('/api/pricing')).text) as {
      models: Array<Record<string, unknown>>;
    };
    for (const m of served) {
      expect(Object.keys(m).slice(0, 9)).toEqual([
        'id',
        'name',
        'provider',
        'providerSlug',
        'tier',
        'input',
        'output',
        'context',
        'verified',
      ]);
      expect(String(m.id).startsWith(`${String(m.providerSlug)}-`), String(m.id)).toBe(true);
      expect(['Budget', 'Mid', 'Premium']).toContain(m.tier);
      expect(typeof m.input === 'number' && m.input >= 0).toBe(true);
      expect(typeof m.output === 'number' && m.output >= 0).toBe(true);
      expect(m.context).toMatch(/^\d+(\.\d+)?[KM]$/);
      expect(m.verified).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      expect(typeof m.name === 'string' && typeof m.provider === 'string').toBe(true);
    }
  });

  it('every provider and tier filter answers, and they partition the catalogue', async () => {
    let total = 0;
    for (const p of catalogue.providers) {
      const { status, text } = await get(`/api/pricing?provider=${p.slug.toUpperCase()}`);
      expect(status).toBe(200);
      const body = JSON.parse(text) as { models: Array<{ provider: string }>; meta: { count: number } };
      expect(body.meta.count).toBeGreaterThan(0);
      expect(body.models.every((m) => m.provider === p.name)).toBe(true);
      total += body.meta.count;
    }
    expect(total).toBe(models.length);
    let byTier = 0;
    for (const tier of ['budget', 'mid', 'premium'])
      byTier += (JSON.parse((await get(`/api/pricing?tier=${tier}`)).text) as { meta: { count: number } }).meta.count;
    expect(byTier).toBe(models.length);
  });

  it('every model: /api/pricing?model, /api/calculate (exact), /api/badge answer 200', async () => {
    for (const m of models) {
      const one = await get(`/api/pricing?model=${m.id.toUpperCase()}`);
      expect(one.status, m.id).toBe(200);
      expect((JSON.parse(one.text) as { model: { id: string } }).model.id).toBe(m.id);

      // Defaults 2000 in / 500 out, 1000 a day, 30 days: below every long-context threshold (32,000 and up).
      const calc = await get(`/api/calculate?model=${m.id}`);
      expect(calc.status, m.id).toBe(200);
      const expected = {
        perRequest: expectedCost(m, 2000, 500, 'standard', 1),
        daily: expectedCost(m, 2000, 500, 'standard', 1000),
        monthly: expectedCost(m, 2000, 500, 'standard', 30_000),
        yearly: expectedYearly(m, 2000, 500, 'standard', 30_000),
      };
      expect(calc.text, m.id).toContain(
        `"costs":{"perRequest":${expected.perRequest},"daily":${expected.daily},"monthly":${expected.monthly},"yearly":${expected.yearly}}`,
      );

      const badge = await get(`/api/badge?model=${m.id}`);
      expect(badge.status, m.id).toBe(200);
      expect(badge.text.startsWith('<svg')).toBe(true);
    }
  });

  it('streaming and batch are exact on every model', async () => {
    for (const m of models) {
      for (const mode of ['streaming', 'batch'] as const) {
        const { text } = await get(
          `/api/calculate?model=${m.id}&input_tokens=3333&output_tokens=777&requests=7&days=29&mode=${mode}`,
        );
        expect(text, `${m.id} ${mode}`).toContain(`"perRequest":${expectedCost(m, 3333, 777, mode, 1)},`);
        expect(text, `${m.id} ${mode}`).toContain(`"yearly":${expectedYearly(m, 3333, 777, mode, 7 * 29)}}`);
      }
    }
  });

  it('calculate and compare take 10 real models; 11 is a 400', async () => {
    const ten = models
      .slice(0, 10)
      .map((m) => m.id)
      .join(',');
    const calc = await get(`/api/calculate?models=${ten}`);
    expect(calc.status).toBe(200);
    expect((JSON.parse(calc.text) as { results: Array<{ id: string }> }).results.map((r) => r.id).join(',')).toBe(ten);
    const compare = await get(`/api/compare?models=${ten}`);
    expect(compare.status).toBe(200);
    const eleven = models
      .slice(0, 11)
      .map((m) => m.id)
      .join(',');
    expect((await get(`/api/calculate?models=${eleven}`)).status).toBe(400);
    expect((await get(`/api/compare?models=${eleven}`)).status).toBe(400);
  });

  it('every endpoint answers 200 on real ids, with no float noise in any number', async () => {
    const [a, b, c] = [models[0]?.id, models[Math.floor(models.length / 2)]?.id, models[models.length - 1]?.id];
    const paths = [
      '/api/pricing',
      '/data/pricing.json',
      `/api/pricing?model=${a}`,
      `/api/calculate?model=${b}&mode=streaming`,
      `/api/calculate?models=${a},${b},${c}&mode=batch`,
      '/api/cheapest',
      '/api/cheapest?use_case=coding&quality=high&limit=10',
      '/api/cheapest?budget=50&quality=budget',
      `/api/compare?models=${a},${b},${c}`,
      '/api/recommend',
      '/api/recommend?use_case=long-context&min_context=1M&limit=10',
      '/api/recommend?budget=low&use_case=chat&max_cost=0.001',
      `/api/badge?model=${c}&format=json`,
      `/api/badge?model=${c}&format=md`,
      `/api/badge?model=${c}&style=flat-square`,
      '/healthz',
    ];
    for (const path of paths) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      expect(noisyNumbers(text), path).toEqual([]);
    }
  });

  it('cheapest is sorted by cost and recommend by the documented ranking', async () => {
    const cheapest = JSON.parse((await get('/api/cheapest?limit=10')).text) as {
      recommendations: Array<{ id: string; costs: { perRequest: number } }>;
    };
    expect(cheapest.recommendations).toHaveLength(10);
    const costs = cheapest.recommendations.map((r) => r.costs.perRequest);
    expect(costs).toEqual([...costs].sort((x, y) => x - y));
    // Independently: the ten cheapest current models per request at 2000/500 by exact cost, ties by
    // id, among those sold as capacity (not a free tier only) and not a variant of another.
    const variant = (m: Model) =>
      models.some(
        (h) =>
          h !== m &&
          m.id.startsWith(`${h.id}-`) &&
          h.input === m.input &&
          h.output === m.output &&
          h.contextTokens === m.contextTokens,
      );
    const exact = models
      .filter((m) => m.status === 'current' && !m.freeTierOnly && !variant(m))
      .map((m) => ({ id: m.id, cost: Number(expectedCost(m, 2000, 500, 'standard', 1_000_000_000)) }))
      .sort((x, y) => x.cost - y.cost || (x.id < y.id ? -1 : 1))
      .slice(0, 10)
      .map((x) => x.id);
    expect(cheapest.recommendations.map((r) => r.id)).toEqual(exact);

    const rec = JSON.parse((await get('/api/recommend?use_case=coding&limit=10')).text) as {
      recommendations: Array<{ id: string; score: number; costPerRequest: number; reason: string }>;
    };
    expect(rec.recommendations.length).toBeGreaterThan(0);
    const suited = (id: string) => catalogue.byId.get(id)?.useCases.coding ?? 0;
    for (let i = 1; i < rec.recommendations.length; i++) {
      const [prev, cur] = [rec.recommendations[i - 1], rec.recommendations[i]];
      if (!prev || !cur) continue;
      const order = cur.score - prev.score || prev.costPerRequest - cur.costPerRequest;
      expect(order, `${prev.id} before ${cur.id}`).toBeLessThanOrEqual(0);
    }
    for (const r of rec.recommendations) {
      expect(suited(r.id)).toBeGreaterThanOrEqual(3);
      expect(r.score).toBe(catalogue.byId.get(r.id)?.scores?.coding);
      expect(r.reason).toMatch(/^Coding \d+\/100 from /);
    }
  });

  it("one entry per model: the issue's query answers three different current models, and DeepSeek's API aliases resolve", async () => {
    const body = JSON.parse((await get('/api/cheapest?use_case=coding&budget=50&limit=3')).text) as {
      recommendations: Array<{ id: string; status: string; costs: { perRequest: number } }>;
    };
    const ids = body.recommendations.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of body.recommendations) {
      expect(r.status).toBe('current');
      expect(catalogue.byId.get(r.id)?.id, `${r.id} is a record, not an alias`).toBe(r.id);
    }
    const aliases = models.flatMap((m) => m.aliases ?? []);
    expect(aliases).toEqual(expect.arrayContaining(['deepseek-deepseek-chat', 'deepseek-deepseek-reasoner']));
    for (const alias of aliases)
      expect(
        models.some((m) => m.id === alias),
        alias,
      ).toBe(false);
    const chat = JSON.parse((await get('/api/pricing?model=deepseek-deepseek-chat')).text) as {
      model: { id: string };
      requestedId: string;
    };
    expect([chat.model.id, chat.requestedId]).toEqual(['deepseek-deepseek-v4-flash', 'deepseek-deepseek-chat']);
  });

  it('DeepSeek V4 Flash by the moment: its two off-peak windows, weekends in Beijing time, a time of day alone as a weekday', async () => {
    // 1M input tokens: $0.44 peak, $0.22 off-peak (data/deepseek.json).
    const at = async (when: string) => {
      const body = JSON.parse(
        (
          await get(
            `/api/calculate?model=deepseek-deepseek-v4-flash&input_tokens=1000000&output_tokens=0&requests=1&days=1&at=${encodeURIComponent(when)}`,
          )
        ).text,
      );
      return [
        body.costs.perRequest,
        body.appliedPrices.period,
        body.appliedPrices.day,
        body.appliedPrices.dayAssumed ?? false,
      ];
    };
    expect(await at('2026-11-18T05:00:00Z')).toEqual([0.22, 'off-peak', 'weekday', false]); // Wednesday, 04:00-06:00 UTC
    expect(await at('2026-11-18T11:00:00+08:00')).toEqual([0.44, 'peak', 'weekday', false]); // 03:00 UTC
    expect(await at('2026-11-21T11:00:00+08:00')).toEqual([0.22, 'off-peak', 'weekend', false]); // Saturday in Beijing
    expect(await at('03:00')).toEqual([0.44, 'peak', 'weekday', true]);
  });

  it('model pages show off-peak times, long-context prices with their cache writes, and 1-hour writes', async () => {
    const page = async (id: string) => (await get(`/models/${id}`)).text;
    expect(await page('deepseek-deepseek-v4-pro')).toContain(
      '<dt>Off-peak</dt><dd>10:00-01:00 and 04:00-06:00 UTC, all weekend (UTC+08:00) since 2026-08-23: $0.66 input, $1.98 output, $0.022 cached per 1M (the others are peak prices)</dd>',
    );
    expect(await page('openai-gpt-5.6-terra')).toContain(
      '<dt>Long context</dt><dd>from 272,000 input tokens: $4 input, $18 output, $0.4 cached, $5 cache write per 1M</dd>',
    );
    const opus = await page('anthropic-claude-opus-5');
    expect(opus).toContain('<dt>Cache write</dt><dd>$6.25 per 1M tokens</dd>');
    expect(opus).toContain('<dt>Cache write 1h</dt><dd>$10 per 1M tokens</dd>');
  });
});

describe('as_of with long-context prices', () => {
  it('bills a long request at the long-context prices of the set in force that day (GPT-5.6 Sol before its cut)', async () => {
    // Before 2026-08-21: $5/$30, from 272K input tokens $10/$45 (genai-prices 0.1.8); since: $4/$20 and $8/$30.
    // 300,000 × 10 + 500 × 45 = 3,022,500 per 1M; today 300,000 × 8 + 500 × 30 = 2,415,000.
    const then = (await (
      await app.request('http://localhost/api/calculate?model=openai-gpt-5.6-sol&input_tokens=300000&as_of=2026-08-01')
    ).json()) as {
      costs: { perRequest: number };
      appliedPrices: { band: string; input: number; output: number };
    };
    expect(then.costs.perRequest).toBe(3.0225);
    expect(then.appliedPrices).toMatchObject({ band: 'from 272K', input: 10, output: 45 });
    const now = (await (
      await app.request('http://localhost/api/calculate?model=openai-gpt-5.6-sol&input_tokens=300000')
    ).json()) as { costs: { perRequest: number } };
    expect(now.costs.perRequest).toBe(2.415);
  });
});
