/**
 * toJson writes JSON by hand (for speed); it must give exactly the bytes of the replacer-based
 * serialiser it replaced, for any JSON-like value holding Usd amounts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Usd } from '../../src/core/money.js';
import { toJson } from '../../src/http/json.js';
import { hashBytes } from '../../src/http/precompressed.js';

// The previous implementation, kept here as the reference.
const MARK = '\u0000usd:';
const MARKED = /"\\u0000usd:(-?\d+(?:\.\d+)?)"/g;
function reference(value: unknown): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    if (raw instanceof Usd) return MARK + raw.toString();
    if (typeof replaced === 'string' && replaced.includes(MARK)) return replaced.replaceAll(MARK, `\u0000${MARK}`);
    return replaced;
  });
  return text.replace(MARKED, '$1');
}

const usd = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map((n) => new Usd(n));
const text = fc.oneof(fc.string(), fc.constantFrom('usd:1', '\u0000usd:12', 'a\u0000usd:-3.5"', '"\\', '\u2028'));
// Keys never hold the mark: the reference broke its JSON on such a key (no answer has one), where
// toJson writes it as an ordinary key.
const key = text.filter((k) => !k.includes(MARK));
const leaf = fc.oneof(usd, text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true }));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(key, tie('node'))),
})).node;
// Answers are objects (a top-level undefined has no JSON at all).
const answer = fc.oneof(fc.array(value), fc.dictionary(key, value));

describe('toJson', () => {
  it('gives the same bytes as the replacer-based serialiser for any value', () => {
    fc.assert(fc.property(answer, (v) => toJson(v) === reference(v)), { numRuns: 500 });
  });

  it('writes a key holding the old money mark as a plain key', () => {
    expect(JSON.parse(toJson({ '\u0000usd:12': 1 }))).toEqual({ '\u0000usd:12': 1 });
  });

  it('prints amounts exactly, including ones past 2^53 nano-dollars', () => {
    expect(toJson({ a: new Usd(1_250_000n), b: [new Usd(-9_007_199_254_740_993n), new Usd(0n)] })).toBe('{"a":0.00125,"b":[-9007199.254740993,0]}');
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
    const edge = [0n, 1n, -1n, 10n, 999_999_999n, 1_000_000_000n, -1_000_000_001n, 9_007_199_254_740_991n, -9_007_199_254_740_991n, 9_007_199_254_740_992n];
    for (const v of edge) expect(new Usd(v).toString(), String(v)).toBe(slow(v));
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), (v) => new Usd(v).toString() === slow(v)), { numRuns: 1000 });
  });
});

describe('hashBytes (ETags)', () => {
  it('changes with any one byte, the length or the content type, and is the same for the same input', () => {
    const base = new TextEncoder().encode('{"price":0.00125,"model":"alpha-large"}xyz');
    const tag = hashBytes(base, 'application/json');
    expect(tag).toMatch(/^[0-9a-f]{16}$/);
    expect(hashBytes(base.slice(), 'application/json')).toBe(tag);
    expect(hashBytes(base, 'text/plain')).not.toBe(tag);
    expect(hashBytes(base.subarray(0, base.length - 1), 'application/json')).not.toBe(tag);
    const seen = new Set([tag]);
    for (let i = 0; i < base.length; i++) {
      for (const bit of [0x01, 0x80]) {
        const changed = base.slice();
        changed[i] = (changed[i] as number) ^ bit;
        seen.add(hashBytes(changed, 'application/json'));
      }
    }
    expect(seen.size).toBe(1 + base.length * 2);
    // Trailing zero bytes are not lost in the last partial word.
    expect(hashBytes(new Uint8Array([1]))).not.toBe(hashBytes(new Uint8Array([1, 0])));
  });
});
