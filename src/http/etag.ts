/**
 * Strong ETags of answers, worked out synchronously from the bytes the app sends (every runtime
 * has this; Web Crypto's digest is asynchronous and would need a second read of the body).
 */

/** `"<16 hex digits>"`: a 64-bit hash of the content type and the bytes. */
export function etagOf(bytes: Uint8Array, type: string): string {
  return `"${hashBytes(bytes, type)}"`;
}

/**
 * 64 bits from two 32-bit lanes of MurmurHash3-style mixing over the salt and the bytes, as 16 hex
 * digits. Not cryptographic: an ETag only has to change when the bytes do.
 */
export function hashBytes(bytes: Uint8Array, salt = ''): string {
  let a = 0x9747b28c;
  let b = 0x2f9be6cc;
  const mix = (word: number) => {
    let k = Math.imul(word, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    a ^= k;
    a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    // The second lane mixes the same word with other constants, so the halves are not copies.
    let j = Math.imul(word, 0x85ebca6b);
    j = Math.imul((j << 16) | (j >>> 16), 0xc2b2ae35);
    b ^= j;
    b = (Math.imul((b << 17) | (b >>> 15), 9) + 0x38b34ae5) | 0;
  };
  for (let i = 0; i < salt.length; i++) mix(salt.charCodeAt(i));
  mix(0xffffffff);
  const whole = bytes.length & ~3;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i < whole; i += 4) mix(view.getInt32(i, true));
  let tail = 0;
  for (let i = whole; i < bytes.length; i++) tail |= (bytes[i] as number) << (8 * (i - whole));
  mix(tail);
  mix(bytes.length);
  return hex(finish(a)) + hex(finish(b ^ a));
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}
