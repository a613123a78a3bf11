/**
 * recommendModels costs only the models fit enough to make its top k; its answer is, for any
 * catalogue and criteria, the documented ranking of every model past the filters (score, quality,
 * cost per request rounded to the nano-dollar, current before legacy, id), computed here plainly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USE_CASES, type Model, type UseCase } from '../../src/core/catalogue-schema.js';
import { buildCatalogue } from '../../src/core/catalogue.js';
import { costPerRequest, type Workload } from '../../src/core/cost.js';
import { recommendModels, type RecommendCriteria } from '../../src/core/recommend.js';
import { provenance } from '../fixtures/catalogue.js';

// Prices small enough that a few tokens cost less than a nano-dollar: costs that round equal, and equal costs.
const PRICES = [0.0001, 0.0002, 0.0003, 0.0007, 0.001, 0.3, 3];
const TIERS = ['Budget', 'Mid', 'Premium'] as const;

const modelArb = fc.record({
  input: fc.constantFrom(...PRICES),
  output: fc.constantFrom(...PRICES),
  quality: fc.integer({ min: 1, max: 5 }),
  tier: fc.constantFrom(...TIERS),
  legacy: fc.boolean(),
  scores: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: USE_CASES.length, maxLength: USE_CASES.length }),
});

type Drawn = typeof modelArb extends fc.Arbitrary<infer T> ? T : never;

function catalogueOf(models: Drawn[]) {
  return buildCatalogue([{
    file: 'p.json',
    data: {
      provider: { slug: 'p', name: 'P', pricingUrl: 'https://example.com' },
      models: models.map((m, i) => ({
        ...provenance, id: `p-m${(i * 7) % models.length}-${i}`, name: `M${i}`, tier: m.tier, input: m.input, output: m.output,
        context: '128K', contextTokens: 128_000, quality: m.quality, status: m.legacy ? 'legacy' : 'current',
        useCases: Object.fromEntries(USE_CASES.map((u, j) => [u, m.scores[j] ?? 0])),
      })),
    },
  }]);
}

const work = (inputTokens: number, outputTokens: number): Workload => ({ inputTokens, outputTokens, requests: 1, days: 1, mode: 'standard' });

/** The documented ranking, by sorting every model past the filters. */
function reference(models: readonly Model[], c: RecommendCriteria): string[] {
  const workload = c.workload;
  const score = (m: Model) => (c.useCase === undefined ? m.quality : (m.useCases[c.useCase] ?? 0));
  return models
    .filter((m) => (c.useCase === undefined || score(m) >= 3) && (c.minQuality === undefined || m.quality >= c.minQuality))
    .map((m) => ({ m, score: score(m), cost: costPerRequest(m, workload) }))
    .filter(({ cost }) => c.maxCostNanos === undefined || cost.nanos <= c.maxCostNanos)
    .sort((a, b) => b.score - a.score || b.m.quality - a.m.quality || a.cost.compare(b.cost)
      || (a.m.status === b.m.status ? 0 : a.m.status === 'current' ? -1 : 1) || (a.m.id < b.m.id ? -1 : 1))
    .slice(0, c.limit)
    .map(({ m, cost }) => `${m.id} ${cost.toString()}`);
}

describe('recommendModels ranking', () => {
  it('ranks costs that round to the same nano-dollar as equal (then by id), whatever their exact values', () => {
    const draw = (input: number) => ({ input, output: 1, quality: 3, tier: 'Mid' as const, legacy: false, scores: [] });
    // 1 input token: 0.4 and 0.2 nano-dollars, both 0 once rounded; p-m0-0 is the dearer exactly.
    const catalogue = catalogueOf([draw(0.0004), draw(0.0002)]);
    const ranked = recommendModels(catalogue, { workload: work(1, 0), limit: 2 }).recommendations;
    expect(ranked.map((r) => [r.model.id, r.costPerRequest.toString()])).toEqual([['p-m0-0', '0'], ['p-m1-1', '0']]);
  });

  it('equals the plain sort of every model past the filters, ties included', () => {
    fc.assert(
      fc.property(
        fc.array(modelArb, { minLength: 1, maxLength: 40 }),
        fc.record({
          // A few tokens: costs under a nano-dollar or two, many rounding equal.
          inputTokens: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 20_000 })),
          outputTokens: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5000 })),
          limit: fc.integer({ min: 1, max: 10 }),
          useCase: fc.option(fc.constantFrom<UseCase>(...USE_CASES), { nil: undefined }),
          minQuality: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
          maxCostNanos: fc.option(fc.oneof(fc.bigInt({ min: 0n, max: 3n }), fc.bigInt({ min: 0n, max: 20_000n })), { nil: undefined }),
        }),
        (models, drawn) => {
          const { inputTokens, outputTokens, ...rest } = drawn;
          const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
          const criteria = { ...given, workload: work(inputTokens, outputTokens) } as RecommendCriteria;
          const catalogue = catalogueOf(models);
          const got = recommendModels(catalogue, criteria).recommendations.map((r) => `${r.model.id} ${r.costPerRequest.toString()}`);
          expect(got).toEqual(reference(catalogue.models, criteria));
        },
      ),
      { numRuns: 300 },
    );
  });
});
