// Costs that follow the price schedule (issue 36), on the real catalogue: Gemini 3.7 Flash doubles
// on 2027-01-01 ($0.75/$3.75 → $1.50/$7.50 per 1M tokens, cache reads $0.075 → $0.15).
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../src/core/pricing/schedule.js';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const CODING = 'input_tokens=20000&cached_input_tokens=10000&output_tokens=5000&reasoning_tokens=3000&requests=50000';

async function json(app: ReturnType<typeof createService>, path: string) {
  const res = await app.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as any; // any: tests read arbitrary fields
}

describe('the yearly cost follows the schedule', () => {
  it("on 2026-11-28: one month at today's price, eleven at the new one, with the warning", async () => {
    const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
    const body = await json(app, `/api/calculate?model=google-gemini-3.7-flash&${CODING}`);
    // 10,000 × 0.75 + 10,000 × 0.075 + 5,000 × 3.75 = 27,000 per 1M → $0.027; × 50,000 × 30 = $40,500.
    // New prices double it: $81,000 a month. 40,500 + 11 × 81,000 = 931,500.
    expect(body.pricedOn).toBe('2026-11-28');
    expect(body.costs).toEqual({ perRequest: 0.027, daily: 1350, monthly: 40500, yearly: 931500 });
    expect(body.warnings).toEqual([
      expect.objectContaining({
        code: 'price_change_scheduled',
        change: {
          date: '2027-01-01',
          to: { input: 1.5, output: 7.5, cachedInput: 0.15 },
          percent: { input: 100, output: 100, cachedInput: 100 },
          source: expect.any(String),
        },
      }),
    ]);
    expect(body.warnings[0].message).toContain('rises 100% on 2027-01-01');
  });

  it('a model with nothing scheduled: yearly is monthly × 12 and no warning', async () => {
    const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
    const body = await json(app, '/api/calculate?model=openai-gpt-5.6-sol');
    expect(body.costs.yearly).toBe(body.costs.monthly * 12);
    expect(body.warnings).toBeUndefined();
  });

  it('a change is warned of within the twelve months only, and counted by most days', async () => {
    const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
    // From 2026-07-21 the twelve months end 2027-07-20: 2027-01-01 is inside; month 5 runs
    // 2026-12-21 to 2027-01-20 (11 days before, 20 after: new prices), so 5 old months, 7 new.
    // Gemini 3.6 Flash at 2,000 in, 500 out, 1,000 a day, 30 days: same prices as 3.7 Flash:
    // $101.25 a month, then $202.50: 5 × 101.25 + 7 × 202.5 = 1,923.75.
    const inside = await json(app, '/api/calculate?model=google-gemini-3.6-flash&as_of=2026-07-21');
    expect(inside.costs).toEqual({ perRequest: 0.003375, daily: 3.375, monthly: 101.25, yearly: 1923.75 });
    expect(inside.warnings?.map((w: { code: string }) => w.code)).toEqual(['price_change_scheduled']);
  });

  it('as_of past the last known change: the latest known prices, said so', async () => {
    const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
    const body = await json(app, '/api/calculate?model=google-gemini-3.7-flash&as_of=2028-03-01');
    // 2,000 × 1.5 + 500 × 7.5 = 6,750 per 1M → $0.00675
    expect(body.costs.perRequest).toBe(0.00675);
    expect(body.latestKnown?.[0]).toContain('latest known prices');
    const before = await json(app, '/api/calculate?model=google-gemini-3.7-flash&as_of=2026-12-01');
    expect(before.latestKnown).toBeUndefined();
  });
});

describe('answers that expire', () => {
  it('a kept answer is not served past 2027-01-01: the clock moves, the new prices answer', async () => {
    const clock = fixedClock('2026-12-31T23:10:00Z');
    const app = createService({ catalogue, clock });
    const path = '/api/calculate?model=google-gemini-3.7-flash';
    const first = await json(app, path);
    const kept = await app.request(path);
    expect(app.cache.size).toBeGreaterThan(0);
    // In the day's last hour nothing downstream may keep it either.
    expect(kept.headers.get('cache-control')).toBe('public, max-age=0');
    // 2,000 × 0.75 + 500 × 3.75 = 3,375 per 1M → $0.003375
    expect(first.costs.perRequest).toBe(0.003375);
    clock.set('2027-01-01T00:00:01Z');
    const after = await json(app, path);
    expect(after.pricedOn).toBe('2027-01-01');
    expect(after.costs.perRequest).toBe(0.00675);
    expect(after.warnings).toBeUndefined();
  });
});

describe('addMonths', () => {
  it('adds calendar months, a day the month lacks becoming its last', () => {
    expect(addMonths('2026-11-28', 1)).toBe('2026-12-28');
    expect(addMonths('2026-11-28', 12)).toBe('2027-11-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('rankings and compare price the day they answer', () => {
  // On 2027-01-15 Gemini 3.7 Flash costs the new prices: the coding workload's $40,500 a month doubles to $81,000.
  const app = createService({ catalogue, clock: fixedClock('2027-01-15') });
  const geminiIn = (items: Array<{ id: string }>) => items.find((r) => r.id === 'google-gemini-3.7-flash') as any; // any: tests read arbitrary fields

  it('recommend and cheapest rank it at the prices in force, with no change left to name', async () => {
    const recommended = geminiIn(
      // Among Mid models (GLM-5.3-Flash, Budget, coding 92 at a sixth of the cost, would take its place), by value: at
      // its new price GLM-5.3 (coding 92 at $1.40 / $4.40) puts it off the frontier.
      (await json(app, `/api/recommend?use_case=coding&sort=value&limit=10&tier=Mid&${CODING}`)).recommendations,
    );
    expect(recommended.costs.monthly).toBe(81000);
    expect(recommended.appliedPrices).toMatchObject({ input: 1.5, output: 7.5 });
    expect(recommended.priceChange).toBeUndefined();
    // Among Mid models of quality 4 and up it now ranks after Grok 4.5 ($79,500), where its $40,500 put it before.
    const ranked = (await json(app, `/api/cheapest?tier=Mid&min_quality=4&limit=10&${CODING}`))
      .recommendations as Array<{ id: string }>;
    expect(geminiIn(ranked).costs.monthly).toBe(81000);
    expect(ranked.findIndex((r) => r.id === 'google-gemini-3.7-flash')).toBeGreaterThan(
      ranked.findIndex((r) => r.id === 'xai-grok-4.5'),
    );
  });

  it('compare prices it so, its yearly twelve months at the new prices', async () => {
    const body = await json(app, `/api/compare?models=google-gemini-3.7-flash,openai-gpt-5.6-sol&${CODING}`);
    expect(body.pricedOn).toBe('2027-01-15');
    expect(body.comparison[0].costs).toMatchObject({ monthly: 81000, yearly: 972000 });
    expect(body.summary.priceChanges).toBeUndefined();
  });

  it('a day before the change, the stored prices', async () => {
    const before = createService({ catalogue, clock: fixedClock('2026-12-31') });
    const body = await json(before, `/api/compare?models=google-gemini-3.7-flash,openai-gpt-5.6-sol&${CODING}`);
    expect(body.comparison[0].costs.monthly).toBe(40500);
  });
});

describe('said everywhere', () => {
  const app = createService({ catalogue, clock: fixedClock('2026-11-28') });

  it('the coding recommendation names the change on the Gemini item, in its reason and warning', async () => {
    // Among Mid models: GLM-5.3-Flash (Budget, coding 92 at a sixth of the cost) takes Gemini 3.7 Flash's place on the whole frontier.
    const body = await json(app, `/api/recommend?use_case=coding&sort=value&frontier=true&limit=10&tier=Mid&${CODING}`);
    expect(body.pricedOn).toBe('2026-11-28');
    const gemini = body.recommendations.find((r: { id: string }) => r.id === 'google-gemini-3.7-flash');
    expect(gemini, 'Gemini 3.7 Flash is recommended').toBeDefined();
    expect(gemini.priceChange).toBe('rises 100% on 2027-01-01');
    expect(gemini.reason).toContain('rises 100% on 2027-01-01');
    expect(gemini.warnings.map((w: { code: string }) => w.code)).toContain('price_change_scheduled');
    // A model with nothing scheduled says nothing of it.
    const other = body.recommendations.find((r: { id: string }) => !r.id.startsWith('google-gemini-3.'));
    expect(other?.priceChange).toBeUndefined();
  });

  it('cheapest names it on the item', async () => {
    const body = await json(app, '/api/cheapest?limit=10&use_case=coding');
    for (const item of body.recommendations) {
      const scheduled = ['google-gemini-3.7-flash', 'google-gemini-3.6-flash'].includes(item.id);
      expect(item.priceChange, item.id).toBe(scheduled ? 'rises 100% on 2027-01-01' : undefined);
    }
  });

  // The hint's nearest model is the item the ranking without the blamed filter lists first (cheapest's without its rank).
  it.each([
    ['cheapest', 'budget', 'budget=0.001'],
    ['recommend', 'max_cost', 'sort=cost&max_cost=0.000001'],
  ])("%s's hint names it on the nearest model, as the ranking without %s does", async (endpoint, blamed, filter) => {
    const query = 'tier=Mid&min_context=1000000&input_tokens=300000&output_tokens=100';
    const { hint } = await json(app, `/api/${endpoint}?${query}&${filter}`);
    const {
      recommendations: [first],
    } = await json(app, `/api/${endpoint}?${query}&${filter.replace(/&?[a-z_]+=0\.0+1$/, '')}&limit=1`);
    expect(hint.without).toEqual([blamed]);
    expect(hint.nearest.id).toBe('google-gemini-3.7-flash');
    expect(hint.nearest.priceChange).toBe('rises 100% on 2027-01-01');
    expect({ ...hint.nearest, rank: first.rank }).toEqual(first);
  });

  it('compare: its yearly follows the schedule and its summary names the change', async () => {
    const body = await json(app, `/api/compare?models=google-gemini-3.7-flash,openai-gpt-5.6-sol&${CODING}`);
    expect(body.comparison[0].costs.yearly).toBe(931500);
    expect(body.summary.priceChanges).toEqual([
      { id: 'google-gemini-3.7-flash', name: 'Gemini 3.7 Flash', change: 'rises 100% on 2027-01-01' },
    ]);
  });
});

describe('said on the badge, the site, the model page, the CLI card', () => {
  const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
  const text = async (path: string) => (await app.request(path)).text();

  it('the badge marks the price that does not last; /api/pricing says priceChange', async () => {
    expect(await text('/api/badge?model=google-gemini-3.7-flash')).toContain(
      '$0.75 / $3.75 per 1M · rises 100% on 2027-01-01',
    );
    expect(await text('/api/badge?model=openai-gpt-5.6-sol')).not.toContain('rises');
    const json = JSON.parse(await text('/api/badge?model=google-gemini-3.7-flash&format=json'));
    expect(json.pricing.priceChange).toBe('rises 100% on 2027-01-01');
    const record = JSON.parse(await text('/api/pricing?model=google-gemini-3.7-flash'));
    expect(record.model.priceChange).toBe('rises 100% on 2027-01-01');
    const list = JSON.parse(await text('/api/pricing'));
    const marked = list.models.filter((m: { priceChange?: string }) => m.priceChange).map((m: { id: string }) => m.id);
    expect(marked.sort()).toEqual(['google-gemini-3.6-flash', 'google-gemini-3.7-flash']);
  });

  it('after the change the badge shows the new prices without a mark', async () => {
    const later = createService({ catalogue, clock: fixedClock('2027-01-02') });
    const badge = await (await later.request('/api/badge?model=google-gemini-3.7-flash')).text();
    expect(badge).toContain('$1.5 / $7.5 per 1M');
    expect(badge).not.toContain('rises');
    const record = (await (await later.request('/api/pricing?model=google-gemini-3.7-flash')).json()) as any; // any: reads fields
    expect([record.model.input, record.model.output, record.model.priceChange]).toEqual([1.5, 7.5, undefined]);
    expect(await (await later.request('/models/google-gemini-3.7-flash')).text()).toContain('$1.5 / $7.5 per 1M');
  });

  it("the site's table marks the rows, the model page names it", async () => {
    const site = await text('/');
    const row = /<tr data-id="google-gemini-3\.7-flash"[\s\S]*?<\/tr>/.exec(site)?.[0] ?? '';
    expect(row).toContain('<span class="chg">price rises 100% on 2027-01-01</span>');
    expect(/<tr data-id="openai-gpt-5\.6-sol"[\s\S]*?<\/tr>/.exec(site)?.[0]).not.toContain('class="chg"');
    // The browser's data carries it too, for the headline site.js redraws.
    expect(site).toContain('"priceChange":"rises 100% on 2027-01-01"');
    const page = await text('/models/google-gemini-3.7-flash');
    expect(page).toContain('<strong>rises 100% on 2027-01-01</strong>');
  });

  it("the site's headline names it when the cheapest model's price changes", async () => {
    const { headlineHtml, priceAll, siteModel } = await import('../../src/http/pages/site-model.js');
    const gemini = catalogue.byId.get('google-gemini-3.7-flash')!;
    const priced = priceAll([siteModel({ ...gemini, priceChange: 'rises 100% on 2027-01-01' })], {
      inputTokens: 2000,
      outputTokens: 500,
      requests: 1000,
      days: 30,
      mode: 'standard',
    });
    expect(
      headlineHtml(priced, { inputTokens: 2000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' }),
    ).toContain('at $101.25 a month (its price rises 100% on 2027-01-01).');
  });

  it('the CLI card says it', async () => {
    const { run } = await import('../../src/cli/run.js');
    let stdout = '';
    const code = await run(['price', 'google-gemini-3.7-flash'], {
      out: (t) => void (stdout += t),
      err: () => {},
      env: { BASE_URL: 'https://prices.example' },
      clock: fixedClock('2026-11-28'),
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Price change:\s+rises 100% on 2027-01-01 \(the prices above are today's\)/);
  });
});

describe("compare's yearly saving follows the schedule", () => {
  it("is the dearest's scheduled yearly less the cheapest's", async () => {
    const app = createService({ catalogue, clock: fixedClock('2026-11-28') });
    const body = await json(app, `/api/compare?models=google-gemini-3.7-flash,openai-gpt-5.6-sol&${CODING}`);
    const yearly = (id: string) => body.comparison.find((c: { id: string }) => c.id === id).costs.yearly;
    const { cheapest, mostExpensive, savings } = body.summary;
    // Figures in whole cents here: their difference is exact in floats after rounding to cents.
    expect(Math.round(savings.yearly * 100)).toBe(Math.round((yearly(mostExpensive.id) - yearly(cheapest.id)) * 100));
    expect([cheapest.id, mostExpensive.id].sort()).toEqual(['google-gemini-3.7-flash', 'openai-gpt-5.6-sol']);
  });
});
