/**
 * toJson lets JSON.stringify do the work and relies on Usd.toJSON giving numbers that print back
 * exactly; it must give exactly the bytes of a replacer-based serialiser that writes every amount's
 * exact decimal text, for any JSON-like value holding Usd amounts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Usd } from '../../src/core/schema/money.js';
import { toJson } from '../../src/lib/json.js';

// The reference: each amount marked as a string holding its exact text, the marks replaced after.
// The mark is this test's own, so no generated string can hold it.
const MARK = 'reference-usd-3f9c1e:';
const MARKED = new RegExp(`"${MARK}(-?\\d+(?:\\.\\d+)?)"`, 'g');
function reference(value: unknown): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    return raw instanceof Usd ? MARK + raw.toString() : replaced;
  });
  return text.replace(MARKED, '$1');
}

// Amounts across every range toJson treats apart: below 10^-6 USD, the exact-double range, and from 10^6 USD.
const usd = fc
  .oneof(
    fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
    fc.bigInt({ min: -2000n, max: 2000n }),
    fc.bigInt({ min: 10n ** 15n - 2000n, max: 10n ** 15n + 2000n }),
  )
  .map((n) => new Usd(n));
// Strings shaped like the markers toJson uses internally must come through as they are.
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('usd:1', '\u0000usd:12', 'a\u0000usd:-3.5"', '"\\', '\u2028', 'usd-00112233445566778899aabb-0'),
);
const key = text;
const leaf = fc.oneof(
  usd,
  text,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(key, tie('node'))),
})).node;
// Answers are objects (a top-level undefined has no JSON at all).
const answer = fc.oneof(fc.array(value), fc.dictionary(key, value));

describe('toJson', () => {
  it('gives the same bytes as the replacer-based serialiser for any value', () => {
    fc.assert(
      fc.property(answer, (v) => toJson(v) === reference(v)),
      { numRuns: 500 },
    );
  });

  it('writes a key holding the old money mark as a plain key', () => {
    expect(JSON.parse(toJson({ '\u0000usd:12': 1 }))).toEqual({ '\u0000usd:12': 1 });
  });

  it('prints amounts exactly, including ones past 2^53 nano-dollars', () => {
    expect(toJson({ a: new Usd(1_250_000n), b: [new Usd(-9_007_199_254_740_993n), new Usd(0n)] })).toBe(
      '{"a":0.00125,"b":[-9007199.254740993,0]}',
    );
  });

  it('prints amounts below 10^-6 USD and from 10^6 USD as plain decimals, never as floats or exponents', () => {
    const amounts = [1n, 999n, 1000n, 999_999_999_999_999n, 1_000_000_000_000_000n, 1_234_567_890_123_456_789n, -5n];
    expect(toJson(amounts.map((n) => new Usd(n)))).toBe(
      '[0.000000001,0.000000999,0.000001,999999.999999999,1000000,1234567890.123456789,-0.000000005]',
    );
    expect(toJson({ a: 'x', b: [{ c: new Usd(7n) }, new Usd(12_500_000n)], d: new Usd(10n ** 16n + 1n) })).toBe(
      '{"a":"x","b":[{"c":0.000000007},0.0125],"d":10000000.000000001}',
    );
  });

  it('leaves JSON.stringify of an amount outside toJson a plain number', () => {
    expect(JSON.stringify({ a: new Usd(1_250_000n), b: new Usd(7n) })).toBe('{"a":0.00125,"b":7e-9}');
  });
});

describe('formatScaled', () => {
  it('prints nano-dollars the same on its number path as on its bigint path', () => {
    // The bigint path, as the reference: scale 9 through digits and a trimmed fraction.
    const slow = (v: bigint) => {
      const digits = (v < 0n ? -v : v).toString().padStart(10, '0');
      const fraction = digits.slice(-9).replace(/0+$/, '');
      return `${v < 0n ? '-' : ''}${digits.slice(0, -9)}${fraction ? `.${fraction}` : ''}`;
    };
    const edge = [
      0n,
      1n,
      -1n,
      10n,
      999_999_999n,
      1_000_000_000n,
      -1_000_000_001n,
      9_007_199_254_740_991n,
      -9_007_199_254_740_991n,
      9_007_199_254_740_992n,
    ];
    for (const v of edge) expect(new Usd(v).toString(), String(v)).toBe(slow(v));
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), (v) => new Usd(v).toString() === slow(v)),
      { numRuns: 1000 },
    );
  });
});

describe('Usd.toJSON', () => {
  it('gives a number that prints back as the exact decimal, for every amount from 10^-6 to under 10^6 USD', () => {
    const exactText = (n: bigint) => String(new Usd(n).toJSON());
    for (const n of [1000n, 1001n, 999_999_999_999_999n, 123_456_789_012_345n, 100_000_000_000_001n, 1_000_000_000n]) {
      expect(exactText(n)).toBe(new Usd(n).toString());
      expect(exactText(-n)).toBe(new Usd(-n).toString());
    }
    const inRange = fc.oneof(
      fc.bigInt({ min: 1000n, max: 10n ** 15n - 1n }),
      fc.bigInt({ min: 10n ** 14n, max: 10n ** 15n - 1n }),
    );
    fc.assert(
      fc.property(inRange, (n) => exactText(n) === new Usd(n).toString()),
      { numRuns: 20_000 },
    );
  });
});
