/**
 * findCheapest and recommendModels pre-rank by a float estimate and compute exact costs only near
 * the cut (and stop scanning where the rest cannot make it: by lowest input price, by group);
 * they must give exactly what ranking every model by its exact cost gives. The reference
 * below is the plain algorithm (exact BigInt cost for every model, full sort), checked on random
 * catalogues built to have ties and near-ties (prices a nano-dollar apart, equal costs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS, USE_CASES, type Model, type Tier, type UseCase } from '../../src/core/catalogue-schema.js';
import { buildCatalogue, type Catalogue } from '../../src/core/catalogue.js';
import { findCheapest, isSuited, QUALITY_BANDS, type QualityBand } from '../../src/core/cheapest.js';
import { calculateCost, MODES, NANOS_DIVISOR, requestNumerator, type Workload } from '../../src/core/cost.js';
import { divideRoundHalfUp, Usd } from '../../src/core/money.js';
import { ESTIMATE_ERROR, estimateAt, estimateFloor, priceTable } from '../../src/core/estimate.js';
import { preRank } from '../../src/core/pre-rank.js';
import { recommendModels, type RecommendCriteria } from '../../src/core/recommend.js';

// The dearest two, with 100M tokens, cost more than 2^53 nano-dollars a request: the engine's
// BigInt path, beside the number path of the others.
const PRICES = [0, 0.05, 0.1, 0.1 + 1e-9, 0.15, 0.3, 1, 1.000000001, 2.5, 3, 15, 75, 99999.999999999, 99999.999999998];
const price = fc.constantFrom(...PRICES);

const CONTEXT_TEXT: Record<number, string> = { 8000: '8K', 128000: '128K', 1000000: '1M' };

const modelArb = fc.record({
  tier: fc.constantFrom(...TIERS),
  input: price,
  output: price,
  cachedInput: fc.option(price, { nil: undefined }),
  long: fc.option(fc.record({ threshold: fc.constantFrom(1000, 128000, 200000), input: price, output: price }), { nil: undefined }),
  longer: fc.option(fc.record({ threshold: fc.constantFrom(150_000, 500_000), input: price, output: price, cachedInput: fc.option(price, { nil: undefined }) }), { nil: undefined }),
  quality: fc.integer({ min: 1, max: 5 }),
  contextTokens: fc.constantFrom(8000, 128000, 1000000),
  scores: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: USE_CASES.length, maxLength: USE_CASES.length }),
  legacy: fc.boolean(),
});

type ModelSpec = typeof modelArb extends fc.Arbitrary<infer T> ? T : never;

function catalogueOf(models: ModelSpec[]): Catalogue {
  const files = [0, 1].map((p) => ({
    file: `p${p}.json`,
    data: {
      provider: { slug: `p${p}`, name: `P${p}`, pricingUrl: 'https://example.com' },
      models: models.flatMap((m, i) => (i % 2 !== p ? [] : [{
        id: `p${p}-m${String(i).padStart(2, '0')}`, name: `M${i}`, tier: m.tier, input: m.input, output: m.output,
        ...(m.cachedInput === undefined ? {} : { cachedInput: m.cachedInput }),
        ...(m.long === undefined || m.long.threshold >= m.contextTokens ? {} : { longContext: m.long }),
        ...(m.long === undefined || m.long.threshold >= m.contextTokens || m.longer === undefined || m.longer.threshold <= m.long.threshold || m.longer.threshold >= m.contextTokens
          ? {}
          : { longContextSteps: [m.longer.cachedInput === undefined ? { threshold: m.longer.threshold, input: m.longer.input, output: m.longer.output } : m.longer] }),
        context: CONTEXT_TEXT[m.contextTokens], contextTokens: m.contextTokens, verified: 'November 2026', quality: m.quality,
        useCases: Object.fromEntries(USE_CASES.map((u, j) => [u, m.scores[j]])),
        status: m.legacy ? 'legacy' : 'current', sourceUrl: 'https://example.com/pricing', priceSource: 'test', checkedOn: '2026-11-21', qualitySource: 'test',
      }])),
    },
  }));
  return buildCatalogue(files);
}

const workloadArb: fc.Arbitrary<Workload> = fc.record({
  inputTokens: fc.constantFrom(0, 1, 999, 1000, 1001, 2000, 150_000, 250_000, 10_000_000, 100_000_000),
  outputTokens: fc.constantFrom(0, 1, 500, 7, 100_000),
  requests: fc.constantFrom(1, 1000, 123_457),
  days: fc.constantFrom(1, 30, 31),
  mode: fc.constantFrom(...MODES),
  cachedInputTokens: fc.option(fc.constantFrom(0, 500, 1000, 5_000_000), { nil: undefined }),
}).map(({ cachedInputTokens, ...w }) => (cachedInputTokens === undefined ? w : { ...w, cachedInputTokens }));

// Equal costs: current models before legacy ones, then by id (the documented tie-break).
const byId = (a: Model, b: Model) =>
  a.status !== b.status ? (a.status === 'current' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function cheapestReference(c: Catalogue, w: Workload, o: { limit: number; useCase?: UseCase; quality?: QualityBand; budgetNanos?: bigint }) {
  const tiers = o.quality ? QUALITY_BANDS[o.quality] : undefined;
  return c.models
    .filter((m) => (!tiers || tiers.includes(m.tier)) && (!o.useCase || isSuited(m, o.useCase)))
    .map((model) => ({ model, cost: requestNumerator(model, w) }))
    .filter(({ model }) => o.budgetNanos === undefined || calculateCost(model, w).monthly.nanos <= o.budgetNanos)
    .sort((a, b) => (a.cost === b.cost ? byId(a.model, b.model) : a.cost < b.cost ? -1 : 1))
    .slice(0, o.limit)
    .map(({ model }, i) => ({ rank: i + 1, id: model.id, costs: calculateCost(model, w) }));
}

/** A request's cost from the plain BigInt formula: its exact numerator, rounded half up to whole nano-dollars. */
function exactPerRequest(model: Model, w: Workload): Usd {
  return new Usd(divideRoundHalfUp(requestNumerator(model, w), BigInt(NANOS_DIVISOR)));
}

function recommendReference(c: Catalogue, r: RecommendCriteria) {
  const w: Workload = { inputTokens: r.inputTokens, outputTokens: r.outputTokens, requests: 1, days: 1, mode: 'standard' };
  return c.models
    .filter((m) => (!r.tier || m.tier === r.tier) && (!r.useCase || isSuited(m, r.useCase)))
    .filter((m) => (r.minQuality === undefined || m.quality >= r.minQuality) && (r.minContext === undefined || m.contextTokens >= r.minContext))
    .map((model) => ({ model, score: r.useCase ? (model.useCases[r.useCase] ?? 0) : model.quality, cost: exactPerRequest(model, w) }))
    .filter(({ cost }) => r.maxCostNanos === undefined || cost.nanos <= r.maxCostNanos)
    .sort((a, b) => b.score - a.score || b.model.quality - a.model.quality || (a.cost.nanos === b.cost.nanos ? byId(a.model, b.model) : a.cost.nanos < b.cost.nanos ? -1 : 1))
    .slice(0, r.limit)
    .map(({ model, cost }, i) => ({ rank: i + 1, id: model.id, cost: cost.toString() }));
}

describe('pre-ranked top-k equals ranking every model exactly', () => {
  it('findCheapest', () => {
    fc.assert(
      fc.property(
        fc.array(modelArb, { minLength: 2, maxLength: 40 }), workloadArb, fc.integer({ min: 1, max: 10 }),
        fc.option(fc.constantFrom(...USE_CASES), { nil: undefined }), fc.option(fc.constantFrom<QualityBand>('high', 'budget'), { nil: undefined }),
        fc.option(fc.bigInt({ min: 0n, max: 10n ** 12n }), { nil: undefined }),
        (models, w, limit, useCase, quality, budgetNanos) => {
          const c = catalogueOf(models);
          const options = { limit, ...(useCase ? { useCase } : {}), ...(quality ? { quality } : {}), ...(budgetNanos !== undefined ? { budgetNanos } : {}) };
          const got = findCheapest(c, w, options).map((r) => ({ rank: r.rank, id: r.model.id, costs: r.costs }));
          expect(got).toEqual(cheapestReference(c, w, options));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('recommendModels, max_cost at and around the models own costs', () => {
    fc.assert(
      fc.property(
        fc.array(modelArb, { minLength: 2, maxLength: 40 }), workloadArb, fc.integer({ min: 1, max: 10 }),
        fc.option(fc.constantFrom(...USE_CASES), { nil: undefined }), fc.option(fc.constantFrom<Tier>(...TIERS), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), fc.option(fc.constantFrom(100_000, 200_000), { nil: undefined }),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(-1n, 0n, 1n)), { nil: undefined }),
        (models, w, limit, useCase, tier, minQuality, minContext, maxPick) => {
          const c = catalogueOf(models);
          const std: Workload = { inputTokens: w.inputTokens, outputTokens: w.outputTokens, requests: 1, days: 1, mode: 'standard' };
          let maxCostNanos: bigint | undefined;
          if (maxPick && c.models.length > 0) {
            const base = exactPerRequest(c.models[maxPick[0] % c.models.length] as Model, std).nanos + maxPick[1];
            maxCostNanos = base < 0n ? 0n : base;
          }
          const criteria: RecommendCriteria = {
            inputTokens: w.inputTokens, outputTokens: w.outputTokens, limit,
            ...(useCase ? { useCase } : {}), ...(tier ? { tier } : {}), ...(minQuality ? { minQuality } : {}),
            ...(minContext ? { minContext } : {}), ...(maxCostNanos !== undefined ? { maxCostNanos } : {}),
          };
          const got = recommendModels(c, criteria).map((r) => ({ rank: r.rank, id: r.model.id, cost: r.costPerRequest.toString() }));
          expect(got).toEqual(recommendReference(c, criteria));
        },
      ),
      { numRuns: 400 },
    );
  });
});

const plain: ModelSpec = {
  tier: 'Mid', input: 0, output: 0, cachedInput: undefined, long: undefined, longer: undefined, quality: 4, contextTokens: 128000, scores: USE_CASES.map(() => 4), legacy: false,
};

describe('estimateFloor', () => {
  it('bounds the estimates of every model from its position on in the scan order, and never falls', () => {
    fc.assert(
      fc.property(fc.array(modelArb, { minLength: 2, maxLength: 40 }), workloadArb, (models, w) => {
        const c = catalogueOf(models);
        const table = priceTable(c.models);
        const n = c.models.length;
        let suffixMin = Infinity;
        const floors = Array.from({ length: n }, (_, j) => estimateFloor(table, j, w));
        for (let j = n - 1; j >= 0; j--) {
          suffixMin = Math.min(suffixMin, estimateAt(table, table.byInput[j] as number, w));
          expect(floors[j] as number).toBeLessThanOrEqual(suffixMin * (1 + ESTIMATE_ERROR));
          if (j > 0) expect(floors[j - 1] as number).toBeLessThanOrEqual(floors[j] as number);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is 0 (no early stop) for counts the API refuses, where estimates can fall below it', () => {
    const table = priceTable(catalogueOf([{ ...plain, input: 1, output: 1 }, { ...plain, input: 2, output: 2 }]).models);
    const w: Workload = { inputTokens: 1000, outputTokens: 10, requests: 1, days: 1, mode: 'standard' };
    expect(estimateFloor(table, 1, w)).toBeGreaterThan(0);
    expect(estimateFloor(table, 1, { ...w, cachedInputTokens: -500 })).toBe(0);
    expect(estimateFloor(table, 1, { ...w, outputTokens: -1 })).toBe(0);
  });
});

describe('ties after rounding', () => {
  it('recommendModels: a dearer model whose cost rounds to the same nano-dollar still wins on id', () => {
    // 1,000 input tokens: 0.1/1M → 100,000 nano-dollars; (0.1 + 1e-9)/1M → 100,000.001, rounded to
    // 100,000. Equal costs, so the smaller id (the dearer model, p0-m00) ranks first.
    const m = { tier: 'Mid' as Tier, cachedInput: undefined, long: undefined, longer: undefined, quality: 4, contextTokens: 128000 as const, scores: USE_CASES.map(() => 4), legacy: false };
    const c = catalogueOf([{ ...m, input: 0.1 + 1e-9, output: 1 }, { ...m, input: 0.1, output: 1 }]);
    const got = recommendModels(c, { inputTokens: 1000, outputTokens: 0, limit: 1 });
    expect(got.map((r) => [r.model.id, r.costPerRequest.toString()])).toEqual([['p0-m00', '0.0001']]);
  });
});

describe('preRank', () => {
  it('keeps every item that can be among the k best and drops the clearly worse', () => {
    const estimates = [5, 1, 3, 3, 9, 2, 3];
    // k = 3: the cut is at 3, and all three items estimated at 3 stay (any of them may win a tie).
    expect(preRank(null, estimates, 7, 3, 1e-12, 0)).toEqual([1, 2, 3, 5, 6]);
    // An earlier group always stays; a later one never does.
    const groups = [1, 0, 0];
    expect(preRank(groups, [0, 50, 10], 3, 1, 1e-12, 0)).toEqual([2]);
    expect(preRank(groups, [0, 50, 10], 3, 2, 1e-12, 0)).toEqual([1, 2]);
    // A slack (rounding) widens the cut by twice itself: 11 stays beside 10, 11.9 does not.
    expect(preRank(null, [11, 10, 11.9, 12.1], 4, 1, 1e-12, 0.5)).toEqual([0, 1]);
    expect(preRank(null, [11, 10, 11.9, 12.1], 4, 1, 1e-12, 0)).toEqual([1]);
  });
});
