/**
 * The cost engine works on plain numbers where that is exact and falls back to BigInt elsewhere;
 * either way every figure must be the plain BigInt formula's, to the nano-dollar. The reference
 * below is that formula written out again from the prices as integers, checked over the full
 * ranges the API accepts and at the edges of the number path (2^52, 2^53).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../src/core/catalogue-schema.js';
import {
  calculateCost, compareRequestCosts, costPerRequest, costsOf, MODES, priceNanos, requestCost, requestNumerator, roundedNanos, type Mode, type Workload,
} from '../../src/core/cost.js';
import { formatScaled } from '../../src/core/money.js';
import { fixtureCatalogue } from '../fixtures/catalogue.js';

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
}

const base = fixtureCatalogue.byId.get('alpha-mini') as Model;
const usd = (nanos: bigint) => Number(formatScaled(nanos, 9));

/** The model record with these prices (a price as a number whose text is the exact decimal). */
function modelOf({ standard, steps }: Prices): Model {
  const m: Model = { ...base, input: usd(standard.input), output: usd(standard.output) };
  delete m.cachedInput;
  delete m.longContext;
  delete m.longContextSteps;
  if (standard.cachedInput !== undefined) m.cachedInput = usd(standard.cachedInput);
  const [first, ...rest] = steps.map((s) => ({
    threshold: s.threshold, input: usd(s.input), output: usd(s.output), ...(s.cachedInput === undefined ? {} : { cachedInput: usd(s.cachedInput) }),
  }));
  if (first) m.longContext = first;
  if (rest.length > 0) m.longContextSteps = rest;
  return m;
}

/** The exact numerator over 1e15 × 200 USD, from the integer prices, as the README states the rules. */
function referenceNumerator({ standard, steps }: Prices, w: Workload): bigint {
  let band = standard;
  for (const step of steps) if (w.inputTokens > step.threshold) band = step;
  const cachedPrice = band.cachedInput ?? standard.cachedInput ?? band.input;
  const cached = Math.min(w.cachedInputTokens ?? 0, w.inputTokens);
  const inputPart = BigInt(w.inputTokens - cached) * band.input + BigInt(cached) * cachedPrice;
  const outputPart = BigInt(w.outputTokens) * band.output;
  return (inputPart * 100n + outputPart * (w.mode === 'streaming' ? 115n : 100n)) * (w.mode === 'batch' ? 1n : 2n);
}

const PER_NANO = 200_000_000n;
const round = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);

function referenceCosts(prices: Prices, w: Workload) {
  const n = referenceNumerator(prices, w);
  const daily = n * BigInt(w.requests);
  const monthly = daily * BigInt(w.days);
  return { perRequest: round(n, PER_NANO), daily: round(daily, PER_NANO), monthly: round(monthly, PER_NANO), yearly: round(monthly * 12n, PER_NANO) };
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
    fc.record({
      standard: bandArb(0),
      steps: fc.tuple(...[...thresholds].sort((a, b) => a - b).map(bandArb)),
    }),
  );

const tokensArb = fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 5000 }), fc.constantFrom(0, 1, 99_999_999, 100_000_000));

const workloadArb: fc.Arbitrary<Workload> = fc
  .record({
    inputTokens: tokensArb,
    outputTokens: tokensArb,
    requests: fc.oneof(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(1, 1_000_000_000)),
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
    fc.assert(fc.property(priceArb, (p) => priceNanos(usd(p)) === p), { numRuns: 2000 });
  });

  it('calculateCost, costPerRequest and requestNumerator, over the full input ranges', () => {
    fc.assert(
      fc.property(pricesArb, workloadArb, (prices, w) => {
        const model = modelOf(prices);
        const expected = referenceCosts(prices, w);
        expect(nanosOf(model, w)).toEqual(expected);
        expect(costPerRequest(model, w).nanos).toBe(expected.perRequest);
        expect(requestNumerator(model, w)).toBe(referenceNumerator(prices, w));
        const cost = requestCost(model, w);
        const n = referenceNumerator(prices, w);
        expect([BigInt(cost.whole), cost.rest]).toEqual([n / PER_NANO, Number(n % PER_NANO)]);
        expect(BigInt(roundedNanos(cost))).toBe(expected.perRequest);
      }),
      { numRuns: 3000 },
    );
  });

  it('compareRequestCosts orders as the numerators do', () => {
    fc.assert(
      fc.property(pricesArb, pricesArb, workloadArb, (a, b, w) => {
        const [na, nb] = [referenceNumerator(a, w), referenceNumerator(b, w)];
        const sign = Math.sign(compareRequestCosts(requestCost(modelOf(a), w), requestCost(modelOf(b), w)));
        expect(sign).toBe(na < nb ? -1 : na > nb ? 1 : 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('costsOf: the four figures from a request cost', () => {
  const figures = (whole: number, rest: number, requests: number, days: number) => {
    const c = costsOf({ whole, rest }, { inputTokens: 0, outputTokens: 0, mode: 'standard', requests, days });
    return [c.perRequest.nanos, c.daily.nanos, c.monthly.nanos, c.yearly.nanos];
  };
  const reference = (whole: number, rest: number, requests: number, days: number) => {
    const n = BigInt(whole) * PER_NANO + BigInt(rest);
    const [daily, monthly] = [n * BigInt(requests), n * BigInt(requests) * BigInt(days)];
    return [round(n, PER_NANO), round(daily, PER_NANO), round(monthly, PER_NANO), round(monthly * 12n, PER_NANO)];
  };

  it('equal the rounded numerator × requests (× days, × 12) for any whole, rest, requests and days', () => {
    const count = fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 31 }));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 1 }), fc.integer({ min: 0, max: 1_000_000_000 })),
        fc.oneof(fc.integer({ min: 0, max: 199_999_999 }), fc.constantFrom(0, 99_999_999, 100_000_000, 199_999_999)),
        count, count,
        (whole, rest, requests, days) => {
          expect(figures(whole, rest, requests, days)).toEqual(reference(whole, rest, requests, days));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('where rest × requests (or × days) is past 2^53 and just off a half or a whole nano-dollar', () => {
    // 999,999,999 ≡ −1 (mod 2e8): rest × 999,999,999 leaves 2e8 − rest, so rests around 1e8 land
    // next to the rounding point and rests near 2e8 next to a carry, products of about 1e17.
    for (const rest of [...Array.from({ length: 41 }, (_, j) => 99_999_980 + j), ...Array.from({ length: 20 }, (_, j) => 199_999_980 + j)]) {
      for (const [requests, days] of [[999_999_999, 1], [999_999_999, 31], [1, 999_999_999], [3, 999_999_999]] as const) {
        expect(figures(12_345, rest, requests, days)).toEqual(reference(12_345, rest, requests, days));
      }
    }
  });
});

describe('the edges of the number path', () => {
  const standard: Workload = { inputTokens: 0, outputTokens: 0, requests: 1, days: 1, mode: 'standard' };

  // With 100·p split at 1e8, the number path sums tokens × floor(p / 1e6) (whole nano-dollars a
  // token) and tokens × the rest. Whole nano-dollars per request of T = 2^26 × a + b: 2^26 input
  // tokens at a nano-dollars each, b output tokens at one.
  const split = (t: bigint) => ({ a: t / 2n ** 26n, b: t % 2n ** 26n });
  it.each(
    [2n ** 52n - 1n, 2n ** 52n, 2n ** 52n + 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n].flatMap((t) => MODES.map((mode) => [t, mode] as const)),
  )('%s whole nano-dollars a request, %s', (t, mode) => {
    const { a, b } = split(t);
    const prices: Prices = { standard: { threshold: 0, input: a * 1_000_000n, output: 1_000_000n }, steps: [] };
    const model = modelOf(prices);
    for (const requests of [1, 2, 1000, 1_000_000_000]) {
      for (const days of [1, 30, 31]) {
        const w: Workload = { inputTokens: 2 ** 26, outputTokens: Number(b), requests, days, mode };
        expect(nanosOf(model, w)).toEqual(referenceCosts(prices, w));
      }
    }
  });

  // Whole nano-dollars just below 2^53 plus the carry of the rests: b output tokens at 1 +
  // lowPart / 1e6 nano-dollars each on top of 2^53 − 2^26 from the input.
  it.each([
    [2 ** 26 - 1, 999_999n], [2 ** 26 - 3, 999_999n], [2 ** 26 - 1, 500_001n], [2 ** 25 + 1, 999_999n],
  ])('whole nano-dollars near 2^53 with a carry: %s output tokens, rest %s', (b, lowPart) => {
    const prices: Prices = { standard: { threshold: 0, input: (2n ** 27n - 1n) * 1_000_000n, output: 1_000_000n + lowPart }, steps: [] };
    const model = modelOf(prices);
    for (const mode of MODES) {
      const w: Workload = { inputTokens: 2 ** 26, outputTokens: b, requests: 1, days: 1, mode };
      expect(nanosOf(model, w)).toEqual(referenceCosts(prices, w));
    }
  });

  // The rest per token of a price of 999,999 nano-dollars per 1M is 99,999,900 (of 1e8): the sum of
  // rests crosses 2^52 between 45,035,996 and 45,035,997 tokens.
  it.each([45_035_995, 45_035_996, 45_035_997, 90_071_992, 100_000_000].flatMap((tokens) => MODES.map((mode) => [tokens, mode] as const)))(
    'the rests of %s tokens, %s',
    (tokens, mode) => {
      const prices: Prices = { standard: { threshold: 0, input: 999_999n, output: 999_999n }, steps: [] };
      const model = modelOf(prices);
      for (const w of [{ ...standard, mode, inputTokens: tokens }, { ...standard, mode, outputTokens: tokens }, { ...standard, mode, inputTokens: tokens, outputTokens: tokens }]) {
        for (const requests of [1, 1000, 1_000_000_000]) {
          const workload = { ...w, requests, days: 31 };
          expect(nanosOf(model, workload)).toEqual(referenceCosts(prices, workload));
        }
      }
    },
  );

  it('daily, monthly and yearly figures just below and above 2^52 and 2^53 nano-dollars', () => {
    // 1 token at $1 per 1M is 1,000 nano-dollars; 1 token at $0.0015 per 1M is 1.5 nano-dollars (a rest).
    for (const price of [1_000_000_000n, 1_500_000n, 1_000_001n]) {
      const prices: Prices = { standard: { threshold: 0, input: price, output: 0n }, steps: [] };
      const model = modelOf(prices);
      for (const target of [2n ** 52n, 2n ** 53n]) {
        for (const [days, factor] of [[1, 1n], [30, 30n], [31, 31n * 12n]] as const) {
          // requests × days (× 12) × tokens × price / 1e6 ≈ target
          for (const tokens of [1, 7, 100_000]) {
            const perRequest = (BigInt(tokens) * price) / 1_000_000n || 1n;
            const requests = Number(target / (perRequest * factor));
            for (const r of [requests - 1, requests, requests + 1]) {
              if (r < 1 || r > 1_000_000_000) continue;
              const workload: Workload = { ...standard, inputTokens: tokens, requests: r, days };
              expect(nanosOf(model, workload)).toEqual(referenceCosts(prices, workload));
            }
          }
        }
      }
    }
  });

  it('a request whose whole nano-dollars are past 2^53 compares and rounds exactly', () => {
    // $999,999.999999999 per 1M tokens × 1e8 tokens ≈ 1e11 USD a request: 1e20 nano-dollars.
    const dear: Prices = { standard: { threshold: 0, input: 999_999_999_999_999n, output: 0n }, steps: [] };
    const dearer: Prices = { standard: { threshold: 0, input: 999_999_999_999_999n, output: 1n }, steps: [] };
    const w: Workload = { ...standard, inputTokens: 100_000_000, outputTokens: 1 };
    const [a, b] = [requestCost(modelOf(dear), w), requestCost(modelOf(dearer), w)];
    expect(typeof a.whole).toBe('bigint');
    expect(compareRequestCosts(a, b)).toBeLessThan(0);
    expect(compareRequestCosts(b, a)).toBeGreaterThan(0);
    expect(compareRequestCosts(a, a)).toBe(0);
    expect(nanosOf(modelOf(dear), w)).toEqual(referenceCosts(dear, w));
  });

  it('token counts the number path does not take still give the BigInt answer', () => {
    const prices: Prices = { standard: { threshold: 0, input: 3_000_000_000n, output: 15_000_000_000n, cachedInput: 300_000_000n }, steps: [] };
    const model = modelOf(prices);
    // 2^32 and more (beyond the API's limits) and a cached count above the input
    for (const w of [
      { ...standard, inputTokens: 2 ** 32, outputTokens: 2 ** 33 },
      { ...standard, inputTokens: 1000, cachedInputTokens: 5000, outputTokens: 1 },
      { ...standard, inputTokens: 1000, outputTokens: 1, requests: 2 ** 32, days: 31 },
    ]) {
      expect(nanosOf(model, w)).toEqual(referenceCosts(prices, w));
    }
    // Fractions are refused as before, whichever path would have taken them.
    expect(() => calculateCost(model, { ...standard, inputTokens: 1.5 })).toThrow(RangeError);
    expect(() => calculateCost(model, { ...standard, inputTokens: 1, requests: 1.5 })).toThrow(RangeError);
  });
});
