// Issue 51's six models (Kimi K3, GLM-5.3, GLM-5.3-Flash, MiniMax M2.7 and M3, Nemotron 3 Ultra) on every
// endpoint, over the real data. Expected costs are computed here from the prices the sources list
// (written out below, not read from data/), in whole nano-dollars, so a float slip cannot hide.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const DATA = join(resolve(import.meta.dirname, '..', '..'), 'data');
const service = createService({ catalogue: loadCatalogueFromDir(DATA), assets: {} });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<{ status: number; body: any; text: string }> {
  const res = await service.request(`http://localhost${path}`);
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** Each model's door, seller and rule, and its prices (USD per 1M tokens) as its source lists them. */
const MODELS = [
  { id: 'moonshot-kimi-k3', name: 'Kimi K3', seller: 'moonshot', rule: 'maker', input: '3', output: '15' },
  { id: 'zhipu-glm-5.3', name: 'GLM-5.3', seller: 'zhipu', rule: 'maker', input: '1.4', output: '4.4' },
  // The list price: genai-prices' $0.075 / $0.25 was a launch promotion that its own comment ends on 2026-09-09.
  { id: 'zhipu-glm-5.3-flash', name: 'GLM-5.3-Flash', seller: 'zhipu', rule: 'maker', input: '0.15', output: '0.5' },
  { id: 'minimax-minimax-m2.7', name: 'MiniMax M2.7', seller: 'minimax', rule: 'maker', input: '0.3', output: '1.2' },
  { id: 'minimax-minimax-m3', name: 'MiniMax M3', seller: 'minimax', rule: 'maker', input: '0.3', output: '1.2' },
  // The median of Baseten $0.60 / $2.40, Venice AI $0.625 / $3.125 and Together AI $0.60 / $3.60 by blended price.
  {
    id: 'nvidia-nemotron-3-ultra-550b-a55b',
    name: 'Nemotron 3 Ultra 550B A55B',
    seller: 'venice',
    rule: 'median-direct',
    input: '0.625',
    output: '3.125',
  },
] as const;

/** A decimal price per 1M tokens in nano-dollars per token times 1e6 (exact for the prices above). */
const nanoPerM = (price: string): bigint => {
  const [whole = '0', frac = ''] = price.split('.');
  return BigInt(whole) * 1_000_000_000n + BigInt(frac.padEnd(9, '0'));
};
/** The cost in dollars of `tokens` at `price` per 1M, exact to the nano-dollar (every case here divides evenly). */
const dollars = (nano: bigint): number => Number(nano) / 1e9;
const costNano = (tokens: number, price: string): bigint => {
  const n = BigInt(tokens) * nanoPerM(price);
  expect(n % 1_000_000n).toBe(0n);
  return n / 1_000_000n;
};

const IN = 10_000;
const OUT = 2_000;
const REQ = 100;
const Q = `input_tokens=${IN}&output_tokens=${OUT}&requests=${REQ}`;
const perRequest = (m: (typeof MODELS)[number]) => costNano(IN, m.input) + costNano(OUT, m.output);

describe("issue 51's six models answer on every endpoint", () => {
  it.each(MODELS)('pricing: $id at its door ($seller, $rule), as its source lists it', async (m) => {
    const { status, body } = await get(`/api/pricing?model=${m.id}`);
    expect(status).toBe(200);
    expect(body.model).toMatchObject({ id: m.id, name: m.name, input: Number(m.input), output: Number(m.output) });
    expect(body.model.referenceDoor).toMatchObject({ seller: m.seller, rule: m.rule });
    const list = await get('/api/pricing');
    expect(list.body.models.map((x: { id: string }) => x.id)).toContain(m.id);
  });

  it.each(MODELS)('calculate: $id costs what its prices make of the workload', async (m) => {
    const { status, body } = await get(`/api/calculate?model=${m.id}&${Q}`);
    expect(status).toBe(200);
    const each = perRequest(m);
    expect(body.costs).toMatchObject({
      perRequest: dollars(each),
      daily: dollars(each * BigInt(REQ)),
      monthly: dollars(each * BigInt(REQ) * 30n),
    });
    expect(body.appliedPrices).toMatchObject({ band: 'standard', input: Number(m.input), output: Number(m.output) });
  });

  it('compare: all six in one answer, each at its own cost, the cheapest and dearest named', async () => {
    const { status, body } = await get(`/api/compare?models=${MODELS.map((m) => m.id).join(',')}&${Q}`);
    expect(status).toBe(200);
    const byId = new Map(body.comparison.map((r: { id: string }) => [r.id, r]));
    for (const m of MODELS)
      expect((byId.get(m.id) as { costs: { perRequest: number } }).costs.perRequest).toBe(dollars(perRequest(m)));
    const sorted = [...MODELS].sort((a, b) => Number(perRequest(a) - perRequest(b)));
    expect([body.summary.cheapest.id, body.summary.mostExpensive.id]).toEqual([sorted[0]!.id, sorted.at(-1)!.id]);
    expect([sorted[0]!.id, sorted.at(-1)!.id]).toEqual(['zhipu-glm-5.3-flash', 'moonshot-kimi-k3']);
  });

  it.each(MODELS)('cheapest and recommend at $seller: $id ranked at its own cost', async (m) => {
    for (const endpoint of ['cheapest', 'recommend']) {
      const sort = endpoint === 'recommend' ? '&sort=cost' : '';
      const { status, body } = await get(`/api/${endpoint}?sellers=${m.seller}&status=all&limit=10${sort}&${Q}`);
      expect(status, endpoint).toBe(200);
      const item = (body.recommendations as Array<{ id: string; seller?: string; costs: { perRequest: number } }>).find(
        (r) => r.id === m.id,
      );
      expect(item?.costs.perRequest, `${endpoint} ${m.id}`).toBe(dollars(perRequest(m)));
    }
  });

  it('cheapest for coding puts GLM-5.3-Flash first of all models; recommend puts Kimi K3 first of the six', async () => {
    const current = MODELS.filter((m) => m.id !== 'minimax-minimax-m2.7');
    const cheapest = await get(`/api/cheapest?use_case=coding&limit=10&${Q}`);
    expect(cheapest.body.recommendations[0].id).toBe('zhipu-glm-5.3-flash');
    expect(cheapest.body.recommendations[0].costs.perRequest).toBe(dollars(perRequest(MODELS[2])));
    // Kimi K3's AA Intelligence Index (57.1) and LMArena text (1489) put it above the other five overall.
    const recommend = await get(`/api/recommend?limit=10&${Q}`);
    const ids = (recommend.body.recommendations as Array<{ id: string }>).map((r) => r.id);
    expect(ids).toContain('moonshot-kimi-k3');
    expect(ids.filter((id) => current.some((m) => m.id === id))[0]).toBe('moonshot-kimi-k3');
  });

  it.each(MODELS)(
    'offers: $id has its own door at $seller, priced as the record, among the other sellers',
    async (m) => {
      const { status, body } = await get(`/api/offers?model=${m.id}&${Q}`);
      expect(status).toBe(200);
      const all = [...body.offers, ...body.keptOut, ...body.cannotRun];
      const own = all.filter((o: { makersDoor?: boolean }) => o.makersDoor);
      expect(own.map((o: { seller: string }) => o.seller)).toEqual([m.seller]);
      expect(own[0].costs.perRequest).toBe(dollars(perRequest(m)));
      expect(all.length).toBeGreaterThan(1);
    },
  );

  it.each(MODELS)('badge: $id shows its input and output price', async (m) => {
    const { status, text } = await get(`/api/badge?model=${m.id}`);
    expect(status).toBe(200);
    expect(text).toContain(`${m.name}: $${m.input} / $${m.output} per 1M`);
  });

  it.each(MODELS)('pages: the model page of $id names it and its price', async (m) => {
    const { status, text } = await get(`/models/${m.id}`);
    expect(status).toBe(200);
    expect(text).toContain(m.name);
  });

  it('reprice: an export re-priced on the six as targets costs each what its prices make of it', async () => {
    const csv = `date,model,input_tokens,output_tokens\n2026-11-02,deepseek-deepseek-v4-pro,${IN * REQ},${OUT * REQ}\n`;
    const res = await service.request(`/api/reprice?targets=${MODELS.map((m) => m.id).join(',')}`, {
      method: 'POST',
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    for (const m of MODELS)
      expect(body.totals.targets[m.id], m.id).toBe(
        dollars(costNano(IN * REQ, m.input) + costNano(OUT * REQ, m.output)),
      );
  });
});

describe('MiniMax M3 bills a prompt over 512K tokens at its long-context band', () => {
  it.each([
    [512_000, 'standard', '0.3', '1.2'],
    [512_001, 'above 512K', '0.6', '2.4'],
    [600_000, 'above 512K', '0.6', '2.4'],
  ] as const)('%i input tokens: %s prices', async (tokens, band, input, output) => {
    const { status, body } = await get(
      `/api/calculate?model=minimax-minimax-m3&input_tokens=${tokens}&output_tokens=1000&requests=1`,
    );
    expect(status).toBe(200);
    expect(body.appliedPrices).toMatchObject({ input: Number(input), output: Number(output) });
    expect(body.appliedPrices.band).toBe(band);
    expect(body.costs.perRequest).toBe(dollars(costNano(tokens, input) + costNano(1000, output)));
  });
});

describe('GLM-5.3-Flash: the launch promotion is history, the list price is in force', () => {
  it('prices the promotion before 2026-09-10 and the list price from then on', async () => {
    const before = await get(
      '/api/calculate?model=zhipu-glm-5.3-flash&input_tokens=1000000&output_tokens=1000000&requests=1&as_of=2026-09-01',
    );
    const after = await get(
      '/api/calculate?model=zhipu-glm-5.3-flash&input_tokens=1000000&output_tokens=1000000&requests=1&as_of=2026-09-10',
    );
    expect([before.status, after.status]).toEqual([200, 200]);
    expect(before.body.costs.perRequest).toBe(0.325);
    expect(after.body.costs.perRequest).toBe(0.65);
  });
});
