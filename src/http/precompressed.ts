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
  const body = encoder.encode(text);
  const identity = { body, etag: `"${hashBytes(body, type)}"` };
  return { type, identity, compressible: compressible && body.byteLength >= MIN_COMPRESS_BYTES, encoded: {}, size: body.byteLength };
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
 * 64 bits of FNV-1a over the content type and the bytes, as 16 hex digits. Not cryptographic: an
 * ETag only has to change when the bytes do, and this runs synchronously on every runtime.
 */
export function hashBytes(bytes: Uint8Array, salt = ''): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < salt.length; i++) {
    const c = salt.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    // The second lane also mixes the position, so the two halves are not copies of each other.
    b = Math.imul(b ^ c ^ (i & 0xff), 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
