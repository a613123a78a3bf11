/**
 * recommendModels' answer is, for any catalogue and criteria, the documented ranking of every
 * rated model past the filters (by evidence tier and score unless evidence=any, score per dollar or cost, each then the others, cost per
 * request rounded to the nano-dollar, current before legacy, id), computed here plainly; and the
 * legacy count of both rankings (recommend's and cheapest's) against the plain ranking of every status.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USE_CASES, type Model, type UseCase } from '../../../src/core/schema/catalogue-schema.js';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { costPerRequest, requestNumerator, requestUsd, type Workload } from '../../../src/core/pricing/cost.js';
import { findCheapest, type CheapestOptions } from '../../../src/core/advice/cheapest.js';
import { recommendModels, type RecommendCriteria } from '../../../src/core/advice/recommend.js';
import { provenance } from '../../fixtures/catalogue.js';
import { OVERALL, USE_CASE_INPUTS } from '../../../src/core/quality/score-rule.js';

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
  // An AA Intelligence Index (every score but speed reads it), or none: unrated.
  intelligence: fc.option(fc.constantFrom(4, 9, 24, 30, 36, 48, 60), { nil: undefined }),
  // An LMArena text rating, or none: two results for overall, one of its own for chat (evidence tiers).
  arena: fc.option(fc.constantFrom(1250, 1380, 1450, 1500), { nil: undefined }),
});

type Drawn = typeof modelArb extends fc.Arbitrary<infer T> ? T : never;

function catalogueOf(models: Drawn[]) {
  const ids = models.map((_, i) => `p-m${(i * 7) % models.length}-${i}`);
  const evidence = {
    about: 'test',
    sources: {
      aa: {
        name: 'AA',
        url: 'https://artificialanalysis.ai/',
        republish: true,
        terms: 'attribution',
        snapshot: '2026-07-10',
      },
    },
    benchmarks: {
      aa_intelligence_index: { name: 'AA Intelligence Index', metric: 'index', scale: '0-100', source: 'aa' },
      lmarena_text: { name: 'LMArena text', metric: 'Elo', scale: 'Elo', source: 'aa' },
    },
    models: Object.fromEntries(
      models.flatMap((m, i) =>
        m.intelligence === undefined && m.arena === undefined
          ? []
          : [
              [
                ids[i],
                {
                  ...(m.intelligence === undefined
                    ? {}
                    : { aa_intelligence_index: { value: m.intelligence, date: '2026-07-10' } }),
                  ...(m.arena === undefined ? {} : { lmarena_text: { value: m.arena, date: '2026-07-14' } }),
                },
              ],
            ],
      ),
    ),
  };
  return buildCatalogue(
    [
      {
        file: 'p.json',
        data: {
          provider: { slug: 'p', name: 'P', pricingUrl: 'https://example.com' },
          models: models.map((m, i) => ({
            ...provenance,
            id: ids[i],
            name: `M${i}`,
            tier: m.tier,
            input: m.input,
            output: m.output,
            context: '128K',
            contextTokens: 128_000,
            quality: m.quality,
            status: m.legacy ? 'legacy' : 'current',
            useCases: Object.fromEntries(USE_CASES.map((u, j) => [u, m.scores[j] ?? 0])),
          })),
        },
      },
    ],
    { file: 'b.json', data: evidence },
  );
}

const work = (inputTokens: number, outputTokens: number): Workload => ({
  inputTokens,
  outputTokens,
  requests: 1,
  days: 1,
  mode: 'standard',
});

/**
 * The evidence tier of a model's score for a key, from the rule's table of inputs (docs/quality.md):
 * 0 with two or more results of its own, 1 with one, 2 when the overall score stands in.
 */
function evidenceTier(m: Model, key: UseCase | 'overall', results: ReadonlySet<string>): number {
  const inputs = key === 'overall' || key === 'general' ? OVERALL : USE_CASE_INPUTS[key];
  const own = inputs.filter(
    ([k, , substitute]) => results.has(k) || (substitute !== undefined && results.has(substitute)),
  ).length;
  return own >= 2 ? 0 : own === 1 ? 1 : 2;
}

/** The documented ranking, by sorting every rated model past the filters. */
function reference(
  models: readonly Model[],
  c: RecommendCriteria,
  resultsOf: (m: Model) => ReadonlySet<string>,
): string[] {
  const workload = c.workload;
  const key = c.useCase ?? 'overall';
  const rated = models
    .filter(
      (m) =>
        (c.useCase === undefined || (m.useCases[c.useCase] ?? 0) >= 3) &&
        (c.minQuality === undefined || m.quality >= c.minQuality),
    )
    .filter((m) => typeof m.scores?.[key] === 'number')
    .map((m) => ({
      m,
      score: m.scores![key] as number,
      tier: evidenceTier(m, key, resultsOf(m)),
      cost: costPerRequest(m, workload),
    }))
    .filter(
      ({ score, cost }) =>
        (c.maxCostNanos === undefined || cost.nanos <= c.maxCostNanos) &&
        (c.minScore === undefined || score >= c.minScore),
    );
  // On the frontier: no other model as cheap or cheaper and scoring as high or higher, better on one.
  const pool = c.frontier
    ? rated.filter(
        (a) =>
          !rated.some(
            (b) =>
              b.cost.nanos <= a.cost.nanos && b.score >= a.score && (b.cost.nanos < a.cost.nanos || b.score > a.score),
          ),
      )
    : rated;
  type Row = (typeof rated)[number];
  const byScore = (a: Row, b: Row) => b.score - a.score;
  const byCost = (a: Row, b: Row) => a.cost.compare(b.cost);
  // Score per dollar, as fractions of exact nano-dollar amounts; a free model has the most.
  const byValue = (a: Row, b: Row) => {
    const [x, y] = [BigInt(a.score) * b.cost.nanos, BigInt(b.score) * a.cost.nanos];
    return x > y ? -1 : x < y ? 1 : 0;
  };
  const ties = (a: Row, b: Row) =>
    (a.m.status === b.m.status ? 0 : a.m.status === 'current' ? -1 : 1) || (a.m.id < b.m.id ? -1 : 1);
  // By score, evidence tiers come first unless evidence=any.
  const byTier = (a: Row, b: Row) => (c.evidence === 'any' ? 0 : a.tier - b.tier);
  const order = { score: [byTier, byScore, byCost], value: [byValue, byScore, byCost], cost: [byCost, byScore] }[
    c.sort ?? 'score'
  ];
  return [...pool]
    .sort((a, b) => order.reduce((r, f) => r || f(a, b), 0) || ties(a, b))
    .slice(0, c.limit)
    .map(({ m, cost }) => `${m.id} ${cost.toString()}`);
}

describe('recommendModels ranking', () => {
  it('ranks costs that round to the same nano-dollar as equal (then by id), whatever their exact values', () => {
    const draw = (input: number) => ({
      input,
      output: 1,
      quality: 3,
      tier: 'Mid' as const,
      legacy: false,
      scores: [],
      intelligence: 24 as const,
      arena: undefined,
    });
    // 1 input token: 0.4 and 0.2 nano-dollars, both 0 once rounded; p-m0-0 is the dearer exactly.
    const catalogue = catalogueOf([draw(0.0004), draw(0.0002)]);
    const ranked = recommendModels(catalogue, { workload: work(1, 0), limit: 2 }).recommendations;
    expect(ranked.map((r) => [r.model.id, r.costPerRequest.toString()])).toEqual([
      ['p-m0-0', '0'],
      ['p-m1-1', '0'],
    ]);
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
          maxCostNanos: fc.option(fc.oneof(fc.bigInt({ min: 0n, max: 3n }), fc.bigInt({ min: 0n, max: 20_000n })), {
            nil: undefined,
          }),
          minScore: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
          sort: fc.option(fc.constantFrom('score', 'value', 'cost' as const), { nil: undefined }),
          frontier: fc.option(fc.boolean(), { nil: undefined }),
          evidence: fc.option(fc.constantFrom('tiers', 'any' as const), { nil: undefined }),
        }),
        (models, drawn) => {
          const { inputTokens, outputTokens, ...rest } = drawn;
          const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
          const criteria = { ...given, workload: work(inputTokens, outputTokens) } as RecommendCriteria;
          const catalogue = catalogueOf(models);
          const got = recommendModels(catalogue, criteria).recommendations.map(
            (r) => `${r.model.id} ${r.costPerRequest.toString()}`,
          );
          const results = (m: Model) => new Set((catalogue.benchmarksOf.get(m.id) ?? []).map((r) => r.id));
          expect(got).toEqual(reference(catalogue.models, criteria, results));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the legacy count (countLegacy, status current)', () => {
  const drawnCatalogue = fc.array(modelArb, { minLength: 1, maxLength: 40 });
  const tokens = {
    inputTokens: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 20_000 })),
    outputTokens: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5000 })),
    limit: fc.integer({ min: 1, max: 10 }),
    useCase: fc.option(fc.constantFrom<UseCase>(...USE_CASES), { nil: undefined }),
    minQuality: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  };
  const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const legacyIn = (catalogue: ReturnType<typeof catalogueOf>, lines: string[]) =>
    lines.filter((line) => catalogue.models.find((m) => m.id === line.split(' ')[0])?.status === 'legacy').length;

  it('recommend: the current ranking as it is, and the legacy models the plain ranking of every status lists', () => {
    fc.assert(
      fc.property(
        drawnCatalogue,
        fc.record({
          ...tokens,
          maxCostNanos: fc.option(fc.bigInt({ min: 0n, max: 20_000n }), { nil: undefined }),
          sort: fc.option(fc.constantFrom('score', 'value', 'cost' as const), { nil: undefined }),
          frontier: fc.option(fc.boolean(), { nil: undefined }),
          evidence: fc.option(fc.constantFrom('tiers', 'any' as const), { nil: undefined }),
        }),
        (models, drawn) => {
          const { inputTokens, outputTokens, ...rest } = drawn;
          const criteria = { ...defined(rest), workload: work(inputTokens, outputTokens) } as RecommendCriteria;
          const catalogue = catalogueOf(models);
          const results = (m: Model) => new Set((catalogue.benchmarksOf.get(m.id) ?? []).map((r) => r.id));
          const got = recommendModels(catalogue, { ...criteria, status: 'current', countLegacy: true });
          const current = catalogue.models.filter((m) => m.status === 'current');
          expect(got.recommendations.map((r) => `${r.model.id} ${r.costPerRequest.toString()}`)).toEqual(
            reference(current, criteria, results),
          );
          expect(got.legacy).toBe(legacyIn(catalogue, reference(catalogue.models, criteria, results)));
          // Ranking them aside counts nothing more as left out.
          expect(got.excluded).toEqual(recommendModels(catalogue, { ...criteria, status: 'current' }).excluded);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cheapest: the current ranking by exact cost, and the legacy models the plain ranking of every status lists within the budget', () => {
    fc.assert(
      fc.property(
        drawnCatalogue,
        fc.record({ ...tokens, budgetNanos: fc.option(fc.bigInt({ min: 0n, max: 20_000n }), { nil: undefined }) }),
        (models, drawn) => {
          const { inputTokens, outputTokens, ...rest } = drawn;
          const options = defined(rest) as CheapestOptions;
          const w = work(inputTokens, outputTokens);
          const catalogue = catalogueOf(models);
          // Every drawn model fits (128K context, no output limit): ranked by the exact cost of a
          // request (one request, one day: the month is one request, rounded half up), then the tie rule.
          const plain = (pool: readonly Model[]) =>
            pool
              .filter(
                (m) =>
                  (options.useCase === undefined || (m.useCases[options.useCase] ?? 0) >= 3) &&
                  (options.minQuality === undefined || m.quality >= options.minQuality),
              )
              .map((m) => ({ m, exact: requestNumerator(m, w) }))
              .sort(
                (a, b) =>
                  (a.exact < b.exact ? -1 : a.exact > b.exact ? 1 : 0) ||
                  (a.m.status === b.m.status ? 0 : a.m.status === 'current' ? -1 : 1) ||
                  (a.m.id < b.m.id ? -1 : 1),
              )
              .slice(0, options.limit)
              .filter(
                ({ exact }) => options.budgetNanos === undefined || requestUsd(exact).nanos <= options.budgetNanos,
              )
              .map(({ m }) => m.id);
          const got = findCheapest(catalogue, w, { ...options, status: 'current', countLegacy: true });
          expect(got.ranked.map((r) => r.model.id)).toEqual(
            plain(catalogue.models.filter((m) => m.status === 'current')),
          );
          const every = plain(catalogue.models);
          expect(got.legacy).toBe(legacyIn(catalogue, every));
          expect(got.excluded).toEqual(findCheapest(catalogue, w, { ...options, status: 'current' }).excluded);
        },
      ),
      { numRuns: 200 },
    );
  });
});
