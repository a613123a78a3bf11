// GET /api/offers over the real data (data/ and data/offers/): the done-checks.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { offersResponseSchema } from '../../src/endpoints/offers/response.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: await res.json() };
}
const exact = (tokensIn: number, tokensOut: number, requests: number, input: number, output: number) =>
  Math.round((tokensIn * input + tokensOut * output) * requests * 30) / 1e6;

describe('/api/offers', () => {
  it("lists DeepSeek V4 Pro at ten or more direct sellers, cheapest first, the maker's door marked, the stale $0.435 doors kept apart", async () => {
    const { status, body } = await get(
      '/api/offers?model=deepseek-deepseek-v4-pro&input_tokens=20000&output_tokens=2000&requests=50000',
    );
    expect(status).toBe(200);
    offersResponseSchema.parse(body);
    const direct = body.offers.filter(
      (o: { kind: string }) => o.kind === 'host' || o.kind === 'cloud' || o.kind === 'maker',
    );
    expect(direct.length).toBeGreaterThanOrEqual(10);
    const monthly = body.offers.map((o: { costs: { monthly: number } }) => o.costs.monthly);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    const maker = body.offers.filter((o: { makersDoor?: boolean }) => o.makersDoor);
    expect(maker).toHaveLength(1);
    expect(maker[0]).toMatchObject({ seller: 'deepseek', kind: 'maker', prices: { input: 1.32, output: 3.96 } });
    for (const o of body.offers) {
      expect(o.prices.input).not.toBe(0.435);
      expect(typeof o.source).toBe('string');
      expect(o.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!o.makersDoor) expect(o.costs.monthly).toBe(exact(20000, 2000, 50000, o.prices.input, o.prices.output));
    }
    const stale = body.keptOut.filter((k: { reason: string }) => k.reason === 'stale');
    expect(stale.length).toBeGreaterThanOrEqual(1);
    for (const k of stale) expect(k.prices).toMatchObject({ input: 0.435, output: 0.87 });
    expect(body.counts.doors).toBe(body.offers.length + body.cannotRun.length + body.keptOut.length);
  });

  it("ranks Gemma 4 31B's paid doors while the Gemini API's free tier stays kept apart", async () => {
    const { body } = await get('/api/offers?model=google-gemma-4-31b-it');
    expect(body.offers.length).toBeGreaterThanOrEqual(5);
    for (const o of body.offers) expect(o.prices.input).toBeGreaterThan(0);
    expect(body.keptOut).toContainEqual(
      expect.objectContaining({ seller: 'google', makersDoor: true, reason: 'free_tier' }),
    );
  });

  it('never ranks a gateway, trial or plan, and says why each door is kept out', async () => {
    const { body } = await get('/api/offers?model=deepseek-deepseek-v4-pro');
    for (const o of body.offers) expect(['maker', 'cloud', 'host']).toContain(o.kind);
    for (const k of body.keptOut) expect(k.reasonText.length).toBeGreaterThan(10);
    expect(body.keptOut.find((k: { seller: string }) => k.seller === 'openrouter')?.reason).toBe('gateway');
    expect(body.keptOut.find((k: { seller: string }) => k.seller === 'nvidia')?.reason).toBe('trial');
  });

  it('says which doors cannot run the workload', async () => {
    const { body } = await get('/api/offers?model=deepseek-deepseek-v4-pro&input_tokens=500000&output_tokens=20000');
    const small = body.cannotRun.find((c: { seller: string }) => c.seller === 'deepinfra');
    expect(small).toMatchObject({ reason: 'max_output' });
    expect(body.offers.some((o: { seller: string }) => o.seller === 'deepinfra')).toBe(false);
  });

  it('asks for a model, and names an unknown one', async () => {
    expect((await get('/api/offers')).body.error).toMatchObject({ code: 'missing_parameter', param: 'model' });
    expect((await get('/api/offers?model=nope-nothing')).status).toBe(404);
  });
});
