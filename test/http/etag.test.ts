/** ETags: a 64-bit hash of an answer's bytes and content type. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashBytes } from '../../src/http/etag.js';

// The tag of one fixed input, worked out by the byte-by-byte implementation this file first tested.
const PINNED_TAG = 'ba5d908a444e2fa5';

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

  it('gives the same tag for the same bytes at any offset in their buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 0, max: 7 }), (bytes, offset) => {
        const shifted = new Uint8Array(bytes.length + offset);
        shifted.set(bytes, offset);
        expect(hashBytes(shifted.subarray(offset), 'text/plain')).toBe(hashBytes(bytes, 'text/plain'));
      }),
    );
  });

  it('reads the body as little-endian 32-bit words (pinned, so a tag never changes between runtimes or releases)', () => {
    expect(hashBytes(new TextEncoder().encode('{"price":0.00125}'), 'application/json; charset=utf-8')).toBe(
      PINNED_TAG,
    );
  });
});
