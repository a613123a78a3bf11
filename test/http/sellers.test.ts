// sellers= on cheapest and recommend, and cheaperAt, over the real data: the done-checks.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { doorBookOf } from '../../src/core/offers/book.js';
import { rankDoors } from '../../src/core/offers/rank.js';
import { cheapestResponseSchema, recommendResponseSchema } from '../../src/endpoints/responses/index.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue });
const book = doorBookOf(catalogue);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: await res.json() };
}
const vetted = (door: string) => book.byId.get(door)?.keptOut === undefined;

describe('sellers= on cheapest', () => {
  it('sellers=all names a vetted direct door on every item, cheapest first', async () => {
    const { status, body } = await get('/api/cheapest?sellers=all&limit=10');
    expect(status).toBe(200);
    expect(cheapestResponseSchema.parse(body).recommendations[0]).toHaveProperty('door');
    expect(body.recommendations.length).toBe(10);
    for (const item of body.recommendations) {
      expect(item.door).toBe(`${item.id}@${item.seller}`);
      expect(['maker', 'cloud', 'host']).toContain(item.kind);
      expect(vetted(item.door)).toBe(true);
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const monthly = body.recommendations.map((r: { costs: { monthly: number } }) => r.costs.monthly);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
  });
  it('prices each model at the door /api/offers ranks first for the workload (the door table agrees with the records)', async () => {
    const workload = { inputTokens: 30_000, outputTokens: 3_000, requests: 200, days: 30, mode: 'standard' as const };
    const { body } = await get(
      '/api/cheapest?sellers=all&limit=10&input_tokens=30000&output_tokens=3000&requests=200&status=all',
    );
    expect(body.recommendations.length).toBe(10);
    for (const item of body.recommendations) {
      const first = rankDoors(book.doorsOf(item.id), workload).ranked[0]!;
      expect(item.costs.monthly).toBe(first.costs.monthly.toNumber());
    }
  });

  it('sellers=amazon-bedrock answers Bedrock doors only', async () => {
    const { body } = await get('/api/cheapest?sellers=amazon-bedrock&limit=10');
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const item of body.recommendations) expect(item.seller).toBe('amazon-bedrock');
    expect(body.sellers).toMatchObject({ asked: 'amazon-bedrock' });
    expect(body.sellers.notSold).toBeGreaterThan(0);
  });
  it('each model priced at its door costs what that door costs', async () => {
    const { body } = await get(
      '/api/cheapest?sellers=amazon-bedrock,google-vertex&input_tokens=1000000&output_tokens=0&requests=1&days=1',
    );
    for (const item of body.recommendations) {
      expect(['amazon-bedrock', 'google-vertex']).toContain(item.seller);
      expect(item.costs.perRequest).toBe(book.byId.get(item.door)!.priced!.input);
    }
  });
  it('unset, answers as the records price them, with cheaperAt where a vetted direct door costs less', async () => {
    const plain = await get('/api/cheapest?limit=10&use_case=coding');
    for (const item of plain.body.recommendations) {
      expect(item.seller).toBeUndefined();
      if (item.cheaperAt) {
        expect(item.cheaperAt.costs.monthly).toBeLessThan(item.costs.monthly);
        expect(vetted(item.cheaperAt.door)).toBe(true);
        expect(item.cheaperAt.makersDoor).toBeUndefined();
      }
    }
    const pro = await get('/api/calculate?model=deepseek-deepseek-v4-pro');
    const offers = await get('/api/offers?model=deepseek-deepseek-v4-pro');
    expect(offers.body.offers[0].costs.monthly).toBeLessThan(pro.body.costs.monthly);
  });
  it('refuses a seller it does not know, naming the parameter', async () => {
    const { status, body } = await get('/api/cheapest?sellers=amazon-bedrok');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ param: 'sellers' });
    expect(body.error.suggestions).toContain('amazon-bedrock');
  });
});

describe('sellers= on recommend', () => {
  it("names each recommendation's door, only the sellers asked", async () => {
    const { status, body } = await get(
      '/api/recommend?use_case=coding&sellers=amazon-bedrock,google-vertex,azure&limit=10',
    );
    expect(status).toBe(200);
    expect(recommendResponseSchema.parse(body).sellers).toMatchObject({ asked: 'amazon-bedrock,google-vertex,azure' });
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const item of body.recommendations) {
      expect(['amazon-bedrock', 'google-vertex', 'azure']).toContain(item.seller);
      expect(item.appliedPrices.input).toBe(book.byId.get(item.door)!.priced!.input);
    }
  });
  it('sort=cost over every seller is cheapest first at the doors, each at the door /api/offers ranks first', async () => {
    const { body } = await get('/api/recommend?sellers=all&sort=cost&limit=10');
    const monthly = body.recommendations.map((r: { costs: { monthly: number } }) => r.costs.monthly);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    const workload = { inputTokens: 1000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' as const };
    for (const item of body.recommendations) {
      expect(item.costs.monthly).toBe(rankDoors(book.doorsOf(item.id), workload).ranked[0]!.costs.monthly.toNumber());
      expect(item.reason).toContain(`$${item.costPerRequest} per request`);
    }
  });
});

describe('sellers= in the hint of an empty answer', () => {
  // The nearest model is the item the same ranking, at the same sellers, lists first without the blamed filter.
  it.each([
    ['cheapest', 'sellers=azure', 'budget', 'budget=0.000000001'],
    ['recommend', 'sellers=groq&sort=cost', 'max_cost', 'max_cost=0.000000001'],
  ])(
    '%s?%s: the nearest is at a door of those sellers, as the answer without %s lists it',
    async (endpoint, sellers, blamed, filter) => {
      const { body } = await get(`/api/${endpoint}?${sellers}&${filter}`);
      expect(body.recommendations).toEqual([]);
      expect(body.hint.without).toEqual([blamed]);
      const { body: without } = await get(`/api/${endpoint}?${sellers}&limit=1`);
      const first = without.recommendations[0];
      expect(first.door).toBe(`${first.id}@${sellers.slice('sellers='.length).split('&')[0]}`);
      expect({ ...body.hint.nearest, rank: first.rank }).toEqual(first);
      expect(body.hint.nearest.cheaperAt).toBeUndefined();
      // The message names the door (an id any endpoint takes), not only the model.
      expect(body.hint.message).toContain(`(${first.door})`);
    },
  );
});
