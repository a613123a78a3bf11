/**
 * The rankings' walk rounds each request cost to whole nano-dollars as a number (roundedCost), a
 * bigint only for a cost held as one; and writes K below 2^52 straight into whole nano-dollars and a
 * remainder (settleWhole). Both are held here to the exact bigint arithmetic, near every boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costNumerator,
  nanoDivisor,
  newRequestCost,
  roundedCost,
  roundedNanos,
  settleWhole,
  type RequestCost,
} from '../../../src/core/pricing/cost.js';
import { divideRoundHalfUp } from '../../../src/core/schema/money.js';

const digits = fc.integer({ min: 0, max: 9 });
const LIMIT = 2 ** 52;

describe('roundedCost', () => {
  it('is the exact cost rounded half up, a number unless the cost is a bigint', () => {
    fc.assert(
      fc.property(
        digits,
        fc.integer({ min: 0, max: LIMIT - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (d, nanos, share, big) => {
          const divisor = nanoDivisor(d);
          const rest = Math.min(divisor - 1, Math.floor(share * divisor));
          const k = BigInt(nanos) * BigInt(divisor) + BigInt(rest);
          const c: RequestCost = big ? { nanos, rest, big: k * 1000n } : { nanos, rest, big: undefined };
          const exact = divideRoundHalfUp(costNumerator(c, d), BigInt(divisor));
          const rounded = roundedCost(c, d);
          expect(typeof rounded).toBe(big ? 'bigint' : 'number');
          expect(BigInt(rounded)).toBe(exact);
          expect(roundedNanos(c, d)).toBe(exact);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('settleWhole', () => {
  it('splits any K below 2^52 into the exact quotient and remainder', () => {
    const k = fc.oneof(
      fc.integer({ min: 0, max: LIMIT - 1 }),
      fc.integer({ min: LIMIT - 1_000_000, max: LIMIT - 1 }),
      fc.integer({ min: 0, max: 10_000 }),
    );
    fc.assert(
      fc.property(digits, k, (d, value) => {
        const divisor = nanoDivisor(d);
        const out = settleWhole(newRequestCost(), value, divisor);
        expect(BigInt(out.nanos)).toBe(BigInt(value) / BigInt(divisor));
        expect(BigInt(out.rest)).toBe(BigInt(value) % BigInt(divisor));
        expect(out.big).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
    // Just below and at multiples of the divisor, where a float quotient rounds up.
    for (const d of [0, 4, 9]) {
      const divisor = nanoDivisor(d);
      for (const m of [1, 3, 2 ** 20, Math.floor((LIMIT - 1) / divisor)]) {
        for (const value of [m * divisor - 1, m * divisor]) {
          const out = settleWhole(newRequestCost(), value, divisor);
          expect(BigInt(out.nanos) * BigInt(divisor) + BigInt(out.rest)).toBe(BigInt(value));
          expect(out.rest >= 0 && out.rest < divisor).toBe(true);
        }
      }
    }
  });
});
