/**
 * Pre-serialised bodies: the bytes of one answer, its strong ETag worked out once, and its
 * compressed variants made once on first demand by compressors the runtime injects (Node passes
 * node:zlib's brotli and gzip; a runtime without them serves identity and lets its edge compress).
 */

export type Encoding = 'br' | 'gzip';

/** Synchronous compressors by content coding; each returns the compressed bytes. */
export type Compressors = Partial<Record<Encoding, (data: Uint8Array) => Uint8Array>>;

/** One stored representation: the body as sent and its strong ETag. */
export interface Variant {
  readonly body: Uint8Array;
  readonly etag: string;
  /** The Content-Encoding, absent for identity. */
  readonly encoding?: Encoding;
}

/** An answer as bytes, with its content type and its encoded variants (made lazily). */
export interface StoredBody {
  readonly type: string;
  readonly identity: Variant;
  /** True when compressed variants may be offered: the answer then varies by Accept-Encoding. */
  readonly compressible: boolean;
  readonly encoded: Partial<Record<Encoding, Variant>>;
  /** Bytes held: identity plus the variants made so far. */
  size: number;
}

const encoder = new TextEncoder();

/** Bodies shorter than this are not worth compressing. */
export const MIN_COMPRESS_BYTES = 1024;

export function storeBody(text: string, type: string, compressible: boolean): StoredBody {
  const body = encodeBody(text);
  const identity = { body, etag: `"${hashBytes(body, type)}"` };
  return { type, identity, compressible: compressible && body.byteLength >= MIN_COMPRESS_BYTES, encoded: {}, size: body.byteLength };
}

/**
 * The same body holding bytes of its own: `storeBody` may give a view into a shared slab (see
 * encodeBody), which a body kept for long should not hold on to.
 */
export function compactBody(stored: StoredBody): StoredBody {
  const { body } = stored.identity;
  if (body.byteLength === body.buffer.byteLength) return stored;
  return { ...stored, identity: { ...stored.identity, body: body.slice() } };
}

// Answers are encoded into a shared slab and handed out as views of it: making an ArrayBuffer per
// answer costs more than encoding it (about 1.5 µs against 0.2 µs for 1.5 KB on Node 20). A slab
// lives as long as a view of it is in use; the response cache copies out the bodies it keeps
// (compactBody). Views start at multiples of 8, so the hash's word reads are aligned. A new slab is
// started when the rest of the current one could not hold three bytes per character of the next
// answer, so the end of each slab may go unused. A socket slow to take its answer keeps that
// answer's slab alive until it has.
const SLAB_BYTES = 64 * 1024;
let slab = new Uint8Array(0);
let slabUsed = 0;

/** UTF-8 bytes of a text: a view into the current slab when it fits, else bytes of their own. */
export function encodeBody(text: string): Uint8Array {
  // Three bytes per UTF-16 unit at most.
  const most = text.length * 3;
  if (most > SLAB_BYTES / 4) return encoder.encode(text);
  if (slabUsed + most > slab.byteLength) {
    slab = new Uint8Array(SLAB_BYTES);
    slabUsed = 0;
  }
  const { written } = encoder.encodeInto(text, slab.subarray(slabUsed));
  const body = slab.subarray(slabUsed, slabUsed + written);
  slabUsed += (written + 7) & ~7;
  return body;
}

/**
 * The variant to send for an Accept-Encoding header: br, then gzip, when the client accepts it and
 * a compressor exists (made once and kept); identity otherwise.
 */
export function selectVariant(stored: StoredBody, acceptEncoding: string | null, compressors: Compressors): Variant {
  if (!stored.compressible || !acceptEncoding) return stored.identity;
  for (const encoding of ['br', 'gzip'] as const) {
    const compress = compressors[encoding];
    if (!compress || !accepts(acceptEncoding, encoding)) continue;
    let variant = stored.encoded[encoding];
    if (!variant) {
      const body = compress(stored.identity.body);
      // A strong ETag names exact bytes, so each coding gets its own tag (RFC 9110 8.8.3).
      variant = { body, etag: `${stored.identity.etag.slice(0, -1)}-${encoding}"`, encoding };
      stored.encoded[encoding] = variant;
      stored.size += body.byteLength;
    }
    return variant;
  }
  return stored.identity;
}

/** Whether an Accept-Encoding value accepts a coding (by name or `*`) with a non-zero q. */
export function accepts(header: string, encoding: Encoding): boolean {
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const semi = part.indexOf(';');
    const name = (semi === -1 ? part : part.slice(0, semi)).trim().toLowerCase();
    if (name !== encoding && name !== '*') continue;
    const q = semi === -1 ? 1 : qValue(part.slice(semi + 1));
    if (name === encoding) return q > 0;
    wildcard = q > 0;
  }
  return wildcard ?? false;
}

function qValue(params: string): number {
  const match = /(?:^|;)\s*q\s*=\s*([0-9.]+)/i.exec(params);
  const q = match ? Number(match[1]) : 1;
  return Number.isFinite(q) ? q : 0;
}

/** Whether an If-None-Match value matches an ETag (weak comparison, as RFC 9110 13.1.2 asks). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const tags = ifNoneMatch.match(/(?:W\/)?"[^"]*"/g);
  return tags?.some((tag) => (tag.startsWith('W/') ? tag.slice(2) : tag) === etag) ?? false;
}

/**
 * 64 bits from two 32-bit lanes of MurmurHash3-style mixing over the content type and the bytes,
 * four bytes a step (little-endian words), as 16 hex digits. Not cryptographic: an ETag only has to
 * change when the bytes do, and this runs synchronously on every runtime (about 1 µs per KB).
 */
export function hashBytes(bytes: Uint8Array, salt = ''): string {
  const length = bytes.length;
  const whole = length & ~3;
  // A DataView reads a word in one step whatever the view's offset (optimised code inlines it).
  const view = new DataView(bytes.buffer, bytes.byteOffset, length);
  let tail = 0;
  for (let i = whole; i < length; i++) tail |= (bytes[i] as number) << (8 * (i - whole));
  let a = 0x9747b28c;
  let b = 0x2f9be6cc;
  // The salt's characters, a separator, the body's words, then the tail and the length; written
  // out in one loop (no call per word) since it runs over every body stored.
  const prefix = salt.length;
  const steps = prefix + 1 + whole / 4 + 2;
  for (let step = 0, at = 0; step < steps; step++) {
    let word: number;
    if (step < prefix) word = salt.charCodeAt(step);
    else if (step === prefix) word = 0xffffffff;
    else if (step < steps - 2) {
      word = view.getInt32(at, true);
      at += 4;
    } else word = step === steps - 2 ? tail : length;
    let k = Math.imul(word, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    a ^= k;
    a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    // The second lane mixes the same word with other constants, so the halves are not copies.
    let j = Math.imul(word, 0x85ebca6b);
    j = Math.imul((j << 16) | (j >>> 16), 0xc2b2ae35);
    b ^= j;
    b = (Math.imul((b << 17) | (b >>> 15), 9) + 0x38b34ae5) | 0;
  }
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

// Two hex digits per byte value: eight table reads make a word's digits faster than toString(16).
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function hex(n: number): string {
  return (HEX_BYTES[n >>> 24] as string) + (HEX_BYTES[(n >>> 16) & 255] as string) + (HEX_BYTES[(n >>> 8) & 255] as string) + (HEX_BYTES[n & 255] as string);
}
