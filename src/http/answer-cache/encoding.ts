/** Content codings and conditional requests: what a client accepts, and whether its ETag matches. */

export type Encoding = 'br' | 'gzip';

/** Synchronous compressors by content coding (Node passes node:zlib's; a runtime without them serves identity). */
export type Compressors = Partial<Record<Encoding, (data: Uint8Array) => Uint8Array>>;

/** Bodies shorter than this are not worth compressing. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|atom\+xml|feed\+json)|image\/svg\+xml)/i;

/** Whether a body of this type and size is offered compressed (it then varies by Accept-Encoding). */
export function isCompressible(type: string | undefined, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && type !== undefined && COMPRESSIBLE_TYPE.test(type);
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
