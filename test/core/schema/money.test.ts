import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRoundHalfUp, formatScaled, parseScaled, Usd } from '../../../src/core/schema/money.js';
import { toJson } from '../../../src/lib/json.js';

describe('Usd formatting', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000000001'],
    [300_000n, '0.0003'],
    [1_250_000n, '0.00125'],
    [3_000_000_000n, '3'],
    [4_493_387_500n, '4.4933875'],
    [123_456_789_012_345_678_901n, '123456789012.345678901'],
    [-1_500_000_000n, '-1.5'],
  ])('%s nano-dollars print as %s', (nanos, text) => {
    expect(new Usd(nanos).toString()).toBe(text);
  });

  it('prints what String prints for the nearest double, wherever that prints the amount exactly', () => {
    // From 10^-6 USD (no exponent) to 15 significant digits (which a double keeps), either sign.
    const exactRange = fc.oneof(
      fc.bigInt({ min: 1000n, max: 10n ** 15n - 1n }),
      fc.bigInt({ min: 1000n, max: 10n ** 7n }),
      fc.bigInt({ min: 10n ** 14n, max: 10n ** 15n - 1n }),
    );
    fc.assert(
      fc.property(exactRange, fc.boolean(), (nanos, negative) => {
        const signed = negative ? -nanos : nanos;
        expect(new Usd(signed).toString()).toBe(String(Number(signed) / 1e9));
      }),
      { numRuns: 2000 },
    );
  });

  it('compares and subtracts exactly, past 2^53 nano-dollars too', () => {
    const amount = fc.oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: -2000n, max: 2000n }));
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(Math.sign(new Usd(a).compare(new Usd(b)))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(new Usd(a).minus(new Usd(b)).nanos).toBe(a - b);
      }),
      { numRuns: 2000 },
    );
  });

  it('toEqual tells amounts apart', () => {
    expect(new Usd(1n)).not.toEqual(new Usd(2n));
    expect({ a: new Usd(5n) }).toEqual({ a: new Usd(5n) });
    expect(new Usd(0n)).not.toEqual(0);
  });

  it('formatScaled drops trailing zeros and pads leading ones', () => {
    expect(formatScaled(5n, 3)).toBe('0.005');
    expect(formatScaled(5000n, 3)).toBe('5');
    expect(formatScaled(5050n, 3)).toBe('5.05');
    expect(formatScaled(0n, 0)).toBe('0');
  });

  it('toNumber and toJSON give the nearest float', () => {
    expect(new Usd(300_000n).toNumber()).toBe(0.0003);
    expect(JSON.stringify({ a: new Usd(300_000n) })).toBe('{"a":0.0003}');
  });
});

describe('parseScaled', () => {
  it.each([
    ['12.5', 12_500_000_000n],
    ['0.0375', 37_500_000n],
    ['0', 0n],
    ['007', 7_000_000_000n],
    ['1.000000001', 1_000_000_001n],
    ['1.5000000000000', 1_500_000_000n], // zeros past the ninth decimal change nothing
  ])('reads the text %s exactly', (text, nanos) => {
    expect(parseScaled(text, 9)).toBe(nanos);
  });

  it.each([['1.0000000001'], ['-1'], ['1e3'], ['0x10'], ['NaN'], [''], [' 1'], ['1.'], ['.5'], ['1,5'], ['Infinity']])(
    'refuses %j',
    (text) => {
      expect(parseScaled(text, 9)).toBeUndefined();
    },
  );

  it('reads numbers by their shortest decimal text, expanding exponents', () => {
    expect(parseScaled(0.1, 9)).toBe(100_000_000n); // not 0.1000000000000000055…
    expect(parseScaled(22.5, 9)).toBe(22_500_000_000n);
    expect(parseScaled(1e-7, 9)).toBe(100n); // String(1e-7) is "1e-7"
    expect(parseScaled(1e-10, 9)).toBeUndefined(); // finer than a nano-dollar
    expect(parseScaled(Number.NaN, 9)).toBeUndefined();
    expect(parseScaled(Number.POSITIVE_INFINITY, 9)).toBeUndefined();
    expect(parseScaled(-0.5, 9)).toBeUndefined();
  });
});

describe('divideRoundHalfUp', () => {
  it.each([
    [5n, 2n, 3n], // 2.5 → 3
    [7n, 2n, 4n], // 3.5 → 4
    [4n, 3n, 1n], // 1.33 → 1
    [5n, 3n, 2n], // 1.67 → 2
    [6n, 3n, 2n],
    [0n, 7n, 0n],
    [1n, 2n, 1n], // 0.5 → 1
    [1n, 3n, 0n],
  ])('%s / %s rounds to %s', (n, d, q) => {
    expect(divideRoundHalfUp(n, d)).toBe(q);
  });
});

describe('toJson', () => {
  it('prints Usd values as exact bare decimals wherever they sit', () => {
    const text = toJson({
      a: new Usd(300_000n),
      list: [new Usd(1n), { b: new Usd(-2_500_000_000n) }],
      s: 'usd:1',
      n: 0.5,
    });
    expect(text).toBe('{"a":0.0003,"list":[0.000000001,{"b":-2.5}],"s":"usd:1","n":0.5}');
    expect(JSON.parse(text).a).toBe(0.0003);
  });

  it('prints digits, never an exponent, for tiny and huge amounts', () => {
    expect(toJson([new Usd(1n), new Usd(10n ** 30n)])).toBe('[0.000000001,1000000000000000000000]');
  });

  it('leaves plain JSON alone', () => {
    expect(toJson({ a: [1, 'x', null, true] })).toBe('{"a":[1,"x",null,true]}');
  });
});

describe('an amount in JSON', () => {
  // toJson writes an amount as its exact decimal, the same text toString gives.
  it.each([
    0n,
    1n,
    7n,
    999n,
    1_000n,
    1_234_567n,
    4_493_387_500n,
    999_999_999_999_999n,
    10n ** 15n,
    -1_500_000_000n,
    123_456_789_012_345_678_901n,
  ])('%s nano-dollars: toJson writes its toString', (nanos) => {
    expect(toJson({ a: new Usd(nanos) })).toBe(`{"a":${new Usd(nanos).toString()}}`);
  });

  it('is a JSON number that reads back as the amount', () => {
    for (const [nanos, number] of [
      [0n, 0],
      [1n, 1e-9],
      [1_250_000n, 0.00125],
      [999_999_999_999_999n, 999999.999999999],
      [-1_500_000_000n, -1.5],
    ] as const) {
      expect(JSON.parse(toJson({ a: new Usd(nanos) }))).toEqual({ a: number });
    }
  });
});
