/**
 * Issue 39, words a person can act on, replayed on the real catalogue: scorePerDollar that sorts at
 * any cost, long-context prices in recommend's reason, "did you mean" for a mistyped value, and no
 * past date pre-filled as as_of's example in the document /docs "Try it out" reads.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: {} });
const get = async (path: string) => {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: (await res.json()) as any }; // any: tests read arbitrary fields
};

describe('advice a person can act on', () => {
  it('scorePerDollar has three significant digits: on a 600K-token workload it sorts as sort=value ranks', async () => {
    const { body } = await get('/api/recommend?sort=value&input_tokens=600000&limit=10');
    const items = body.recommendations as Array<{ score: number; scorePerDollar: number; costs: { monthly: number } }>;
    expect(items.length).toBe(10);
    for (const item of items) {
      expect(item.scorePerDollar).toBeGreaterThan(0);
      expect(item.scorePerDollar).toBe(Number((item.score / item.costs.monthly).toPrecision(3)));
    }
    const values = items.map((i) => i.scorePerDollar);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // Not all equal (two decimals made them all 0 but one).
    expect(new Set(values).size).toBeGreaterThan(5);
  });

  it("recommend's reason names the long-context prices a cost was billed at", async () => {
    const { body } = await get('/api/recommend?input_tokens=600000&limit=10&evidence=any');
    const terra = await get('/api/calculate?model=openai-gpt-5.6-terra&input_tokens=600000');
    const { band, input, output } = terra.body.appliedPrices;
    expect(band).not.toBe('standard');
    const banded = (
      body.recommendations as Array<{ appliedPrices: { band: string; input: number; output: number }; reason: string }>
    ).filter((r) => r.appliedPrices.band !== 'standard');
    expect(banded.length).toBeGreaterThan(0);
    for (const r of banded)
      expect(r.reason).toContain(
        `at long-context prices ${r.appliedPrices.band}: $${r.appliedPrices.input} input, $${r.appliedPrices.output} output per 1M`,
      );
    for (const r of body.recommendations.filter(
      (x: { appliedPrices: { band: string } }) => x.appliedPrices.band === 'standard',
    ))
      expect(r.reason).not.toContain('long-context prices');
    expect([input, output]).toEqual([4, 18]);
  });

  it('a mistyped value of a fixed list is a 400 that says what was meant', async () => {
    const cases: Array<[string, string, string]> = [
      ['/api/recommend?use_case=codeing', 'use_case', 'coding'],
      ['/api/recommend?sort=valu', 'sort', 'value'],
      ['/api/cheapest?service_tier=priorty', 'service_tier', 'priority'],
      ['/api/calculate?model=openai-gpt-5.6-terra&mode=bacth', 'mode', 'batch'],
    ];
    for (const [path, param, meant] of cases) {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body.error.param).toBe(param);
      expect(body.error.message).toContain(`(did you mean ${meant}?)`);
    }
    // Nothing close: no guess.
    expect((await get('/api/recommend?use_case=xyzzy')).body.error.message).not.toContain('did you mean');
  });

  it('as_of has no example in the document, so "Try it out" fills in no past date', async () => {
    const { body } = await get('/openapi.json');
    let seen = 0;
    for (const [path, item] of Object.entries(
      body.paths as Record<
        string,
        {
          get?: {
            parameters?: Array<{
              name: string;
              example?: unknown;
              examples?: unknown;
              schema?: { examples?: unknown };
            }>;
          };
        }
      >,
    )) {
      const asOf = item.get?.parameters?.find((p) => p.name === 'as_of');
      if (!asOf) continue;
      seen++;
      expect({ path, example: asOf.example, examples: asOf.examples ?? asOf.schema?.examples }).toEqual({
        path,
        example: undefined,
        examples: undefined,
      });
    }
    expect(seen).toBeGreaterThan(0);
  });
});
