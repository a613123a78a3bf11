/**
 * Every figure of the cost engine is the plain BigInt formula's, to the nano-dollar. The reference
 * below is that formula written out again from the prices as integers, checked over the full
 * ranges the API accepts and past 2^53 nano-dollars (where a float would lose the last digits).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import {
  calculateCost,
  costsOf,
  costPerRequest,
  MODES,
  nanoDivisor,
  priceNanos,
  requestNumerator,
  type Mode,
  type Workload,
} from '../../../src/core/pricing/cost.js';
import { formatScaled } from '../../../src/core/schema/money.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

/** A price set as whole nano-dollars per 1M tokens, in force above `threshold` input tokens. */
interface Band {
  threshold: number;
  input: bigint;
  output: bigint;
  cachedInput?: bigint;
}

interface Prices {
  standard: Band;
  steps: Band[];
  /** The model's batch discount in percent (none: no batch API, batch bills standard rates). */
  batch?: number;
}

const base = fixtureCatalogue.byId.get('alpha-mini') as Model;
const usd = (nanos: bigint) => Number(formatScaled(nanos, 9));

/** The model record with these prices (a price as a number whose text is the exact decimal). */
function modelOf({ standard, steps, batch }: Prices): Model {
  const m: Model = { ...base, input: usd(standard.input), output: usd(standard.output) };
  delete m.batch;
  if (batch !== undefined) m.batch = { discountPercent: batch, source: 'https://example.com/batch' };
  delete m.cachedInput;
  delete m.longContext;
  delete m.longContextSteps;
  if (standard.cachedInput !== undefined) m.cachedInput = usd(standard.cachedInput);
  const [first, ...rest] = steps.map((s) => ({
    threshold: s.threshold,
    input: usd(s.input),
    output: usd(s.output),
    ...(s.cachedInput === undefined ? {} : { cachedInput: usd(s.cachedInput) }),
  }));
  if (first) m.longContext = first;
  if (rest.length > 0) m.longContextSteps = rest;
  return m;
}

/** The exact numerator over 1e15 × 100 × 100 × 100 USD (streaming, batch and off-peak percents), from the integer prices, as the README states the rules. */
function referenceNumerator({ standard, steps, batch }: Prices, w: Workload): bigint {
  let band = standard;
  for (const step of steps) if (w.inputTokens > step.threshold) band = step;
  const cachedPrice = band.cachedInput ?? standard.cachedInput ?? band.input;
  const cached = Math.min(w.cachedInputTokens ?? 0, w.inputTokens);
  const inputPart = BigInt(w.inputTokens - cached) * band.input + BigInt(cached) * cachedPrice;
  const outputPart = BigInt(w.outputTokens) * band.output;
  const paid = w.mode === 'batch' && batch !== undefined ? BigInt(100 - batch) : 100n;
  return (inputPart * 100n + outputPart * (w.mode === 'streaming' ? 115n : 100n)) * paid * 100n;
}

const PER_NANO = 1_000_000_000_000n;
const round = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);

function referenceCosts(prices: Prices, w: Workload) {
  const n = referenceNumerator(prices, w);
  const daily = n * BigInt(w.requests);
  const monthly = daily * BigInt(w.days);
  return {
    perRequest: round(n, PER_NANO),
    daily: round(daily, PER_NANO),
    monthly: round(monthly, PER_NANO),
    yearly: round(monthly * 12n, PER_NANO),
  };
}

function nanosOf(model: Model, w: Workload) {
  const c = calculateCost(model, w);
  return { perRequest: c.perRequest.nanos, daily: c.daily.nanos, monthly: c.monthly.nanos, yearly: c.yearly.nanos };
}

// Prices with up to 9 decimals, from free to $999,999.999999999 per 1M tokens (15 digits, so the
// number's text is the exact decimal), weighted towards catalogue-like values.
const priceArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 999_999_999_999_999n }),
  fc.bigInt({ min: 0n, max: 100_000_000_000n }),
  fc.bigInt({ min: 0n, max: 100_000n }).map((p) => p * 1_000_000n),
  fc.constantFrom(0n, 1n, 999_999n, 1_000_000n, 1_000_001n, 37_500_000n, 3_000_000_000n, 999_999_999_999_999n),
);

const bandArb = (threshold: number): fc.Arbitrary<Band> =>
  fc.record({ input: priceArb, output: priceArb, cachedInput: fc.option(priceArb, { nil: undefined }) }).map((b) => {
    const band: Band = { threshold, input: b.input, output: b.output };
    if (b.cachedInput !== undefined) band.cachedInput = b.cachedInput;
    return band;
  });

const pricesArb: fc.Arbitrary<Prices> = fc
  .uniqueArray(fc.integer({ min: 1, max: 99_999_999 }), { maxLength: 3 })
  .chain((thresholds) =>
    fc
      .record({
        standard: bandArb(0),
        steps: fc.tuple(...[...thresholds].sort((a, b) => a - b).map(bandArb)),
        batch: fc.option(fc.oneof(fc.constant(50), fc.integer({ min: 1, max: 99 })), { nil: undefined }),
      })
      .map(({ batch, ...p }) => (batch === undefined ? p : { ...p, batch })),
  );

const tokensArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000_000 }),
  fc.integer({ min: 0, max: 5000 }),
  fc.constantFrom(0, 1, 99_999_999, 100_000_000),
);

const workloadArb: fc.Arbitrary<Workload> = fc
  .record({
    inputTokens: tokensArb,
    outputTokens: tokensArb,
    requests: fc.oneof(
      fc.integer({ min: 1, max: 1_000_000_000 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.constantFrom(1, 1_000_000_000),
    ),
    days: fc.integer({ min: 1, max: 31 }),
    mode: fc.constantFrom<Mode>(...MODES),
    cached: fc.option(fc.oneof(tokensArb, fc.double({ min: 0, max: 1, noNaN: true })), { nil: undefined }),
  })
  .map(({ cached, ...w }) => {
    if (cached === undefined) return w;
    // A share of the input (as the API sends it), or any count (the engine caps it at the input).
    const cachedInputTokens = Number.isInteger(cached) ? cached : Math.floor(cached * w.inputTokens);
    return { ...w, cachedInputTokens };
  });

describe('the cost engine against the plain BigInt formula', () => {
  it('reads the generated prices exactly', () => {
    fc.assert(
      fc.property(priceArb, (p) => priceNanos(usd(p)) === p),
      { numRuns: 2000 },
    );
  });

  it('calculateCost, costPerRequest and requestNumerator, over the full input ranges', () => {
    fc.assert(
      fc.property(pricesArb, workloadArb, (prices, w) => {
        const model = modelOf(prices);
        const expected = referenceCosts(prices, w);
        expect(nanosOf(model, w)).toEqual(expected);
        expect(costPerRequest(model, w).nanos).toBe(expected.perRequest);
        expect(requestNumerator(model, w)).toBe(referenceNumerator(prices, w));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('large figures', () => {
  const standard: Workload = { inputTokens: 0, outputTokens: 0, requests: 1, days: 1, mode: 'standard' };

  it('a request past 2^53 nano-dollars, a billion times a day, is exact', () => {
    // $999,999.999999999 per 1M tokens × 1e8 tokens ≈ 1e11 USD a request: 1e20 nano-dollars.
    const dear: Prices = { standard: { threshold: 0, input: 999_999_999_999_999n, output: 1n }, steps: [], batch: 50 };
    for (const prices of [dear, { ...dear, batch: 33 }, { standard: dear.standard, steps: [] }]) {
      for (const mode of MODES) {
        const w: Workload = {
          ...standard,
          inputTokens: 100_000_000,
          outputTokens: 1,
          requests: 1_000_000_000,
          days: 31,
          mode,
        };
        expect(nanosOf(modelOf(prices), w)).toEqual(referenceCosts(prices, w));
      }
    }
  });

  it("token counts beyond the API's limits, and a cached count above the input, still give the formula's answer", () => {
    const prices: Prices = {
      standard: { threshold: 0, input: 3_000_000_000n, output: 15_000_000_000n, cachedInput: 300_000_000n },
      steps: [],
    };
    const model = modelOf(prices);
    for (const w of [
      { ...standard, inputTokens: 2 ** 32, outputTokens: 2 ** 33 },
      { ...standard, inputTokens: 1000, cachedInputTokens: 5000, outputTokens: 1 },
      { ...standard, inputTokens: 1000, outputTokens: 1, requests: 2 ** 32, days: 31 },
    ]) {
      expect(nanosOf(model, w)).toEqual(referenceCosts(prices, w));
    }
    // Fractions are refused.
    expect(() => calculateCost(model, { ...standard, inputTokens: 1.5 })).toThrow(RangeError);
    expect(() => calculateCost(model, { ...standard, inputTokens: 1, requests: 1.5 })).toThrow(RangeError);
  });
});

describe('costsOf', () => {
  it('gives each figure as the exact numerator divided and rounded half up, near 2^53 and past it too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        fc.oneof(fc.constantFrom(0n, -1n, 1n), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 31 }),
        (digits, nanos, share, requests, days) => {
          const d = BigInt(nanoDivisor(digits));
          // The remainder below the divisor: half a nano-dollar plus -1, 0 or 1, or a share of the divisor.
          const rest =
            typeof share === 'bigint' ? d / 2n + share : BigInt(Math.min(Math.floor(share * Number(d)), Number(d) - 1));
          const k = BigInt(nanos) * d + rest;
          // The reference: bigint numerators, (2n + d) / 2d.
          const round = (n: bigint) => ((2n * n + d) / (2n * d)).toString();
          const got = costsOf({ nanos, rest: Number(rest), big: undefined }, digits, workloadOf(requests, days), true);
          expect([got.perRequest, got.daily, got.monthly, got.yearly].map((u) => u.nanos.toString())).toEqual([
            round(k),
            round(k * BigInt(requests)),
            round(k * BigInt(requests * days)),
            round(k * BigInt(requests * days) * 12n),
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays exact with no days or no requests, where the year is not the largest figure', () => {
    // 2^52 nano-dollars and a remainder: the day's figure passes 2^53 though the month and year are 0.
    const nanos = 2 ** 52;
    const got = costsOf({ nanos, rest: 3, big: undefined }, 1, workloadOf(7, 0), true);
    const d = BigInt(nanoDivisor(1));
    const k = BigInt(nanos) * d + 3n;
    expect(got.daily.nanos.toString()).toBe(((2n * k * 7n + d) / (2n * d)).toString());
    expect([got.monthly.nanos, got.yearly.nanos]).toEqual([0n, 0n]);
  });
});

const workloadOf = (requests: number, days: number) => ({
  inputTokens: 1,
  outputTokens: 1,
  requests,
  days,
  mode: 'standard' as const,
});
