/**
 * The answer cache: the app's final answers (status, headers and bytes as the middleware chain
 * made them), kept under their request's key (see key.ts) as a CDN would keep them, bounded by
 * entries and bytes (least recently used first out), emptied when the catalogue changes. It answers
 * a kept entry's GET or HEAD itself: the variant the client accepts (br or gzip for large bodies,
 * made once on first demand), or a 304 when its If-None-Match matches. This is the one place
 * answers are compressed on Node: the site's files and pages as much as the API's answers.
 */
import type { Catalogue } from '../../core/catalogue.js';
import { accepts, etagMatches, isCompressible, type Compressors, type Encoding } from './encoding.js';

export interface AnswerCacheOptions {
  /** The catalogue in force; the cache empties when it returns a different object. */
  catalogue: () => Catalogue;
  compressors?: Compressors;
  /** Most entries kept (default 2,000; 0 keeps none). */
  maxEntries?: number;
  /** Most body bytes kept, compressed variants included (default 8 MiB). */
  maxBytes?: number;
}

/** What a request asks of a kept answer. */
export interface Conditional {
  method: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

/** An answer as plain data, for a runtime to write as it likes. */
export interface Answer {
  status: number;
  /** Shared between answers: never change it. */
  headers: Readonly<Record<string, string>>;
  /** The bytes to send; null for a 304 or a HEAD. */
  body: Uint8Array | null;
}

interface Variant {
  body: Uint8Array;
  /** The 200's headers and the 304's, made on first use. */
  ok?: Readonly<Record<string, string>>;
  notModified?: Readonly<Record<string, string>>;
}

export interface Entry {
  readonly key: string;
  /** The app's headers (lower-case names), as it sent them with the identity bytes. */
  readonly headers: Readonly<Record<string, string>>;
  readonly compressible: boolean;
  readonly variants: { identity: Variant } & Partial<Record<Encoding, Variant>>;
  /** Bytes held, compressed variants included. */
  size: number;
}

// Headers that describe the bytes of a 200, left out of a 304 (which has none).
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

export class AnswerCache {
  readonly #options: AnswerCacheOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #catalogue: Catalogue | undefined;
  /**
   * Hashes of keys asked for once and not kept yet (see #askedBefore): a number each, where keys
   * of up to 2 KB each would hold up to 16 MB at the bound. Two keys sharing a hash only means
   * one is kept from its first request.
   */
  readonly #seen = new Set<number>();

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held by the kept entries. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The entry kept under a key for the catalogue in force, marked as the most recently used. */
  get(key: string): Entry | undefined {
    this.#checkCatalogue();
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * An entry for the app's 200 to a GET, computed from `catalogue`; kept under `key` unless that
   * catalogue is no longer in force or the body is too large for the bounds. Returned either way,
   * so the request that made it is answered from it.
   */
  store(key: string, catalogue: Catalogue, headers: Readonly<Record<string, string>>, body: Uint8Array): Entry {
    this.#checkCatalogue();
    // A key without a query (a file, a page, an answer with every parameter at its default) is one
    // of few: kept from its first request, so that its compressed variants are made once.
    const keep = !key.includes('?') || this.#askedBefore(key);
    const compressors = this.#options.compressors ?? {};
    const compressible = (compressors.br !== undefined || compressors.gzip !== undefined) && isCompressible(headers['content-type'], body.byteLength);
    const entry: Entry = {
      key,
      // A compressible answer varies by Accept-Encoding, whichever variant is sent.
      headers: compressible ? { ...headers, vary: 'Accept-Encoding' } : headers,
      compressible,
      variants: { identity: { body } },
      size: body.byteLength,
    };
    if (keep && catalogue === this.#catalogue && entry.size <= this.#maxBytes / 4 && this.#maxEntries > 0) {
      this.#drop(key);
      this.#entries.set(key, entry);
      this.#bytes += entry.size;
      this.#evict();
    }
    return entry;
  }

  /** The answer to a request for an entry: the variant it accepts, or a 304 when its ETag matches. */
  answer(entry: Entry, request: Conditional): Answer {
    const [encoding, variant] = this.#variantFor(entry, request.acceptEncoding);
    const etag = entry.headers.etag === undefined || encoding === 'identity' ? entry.headers.etag : `${entry.headers.etag.slice(0, -1)}-${encoding}"`;
    if (request.ifNoneMatch !== null && etag !== undefined && etagMatches(request.ifNoneMatch, etag)) {
      variant.notModified ??= notModifiedHeaders(entry.headers, etag);
      return { status: 304, headers: variant.notModified, body: null };
    }
    variant.ok ??= {
      ...entry.headers,
      'content-length': String(variant.body.byteLength),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...(etag === undefined ? {} : { etag }),
    };
    return { status: 200, headers: variant.ok, body: request.method === 'HEAD' ? null : variant.body };
  }

  /** br, then gzip, when the entry is compressible and the client accepts it; identity otherwise. */
  #variantFor(entry: Entry, acceptEncoding: string | null): ['identity' | Encoding, Variant] {
    if (entry.compressible && acceptEncoding) {
      for (const encoding of ['br', 'gzip'] as const) {
        const compress = this.#options.compressors?.[encoding];
        if (!compress || !accepts(acceptEncoding, encoding)) continue;
        let variant = entry.variants[encoding];
        if (variant === undefined) {
          variant = { body: compress(entry.variants.identity.body) };
          entry.variants[encoding] = variant;
          entry.size += variant.body.byteLength;
          if (this.#entries.get(entry.key) === entry) {
            this.#bytes += variant.body.byteLength;
            this.#evict();
          }
        }
        return [encoding, variant];
      }
    }
    return ['identity', entry.variants.identity];
  }

  /**
   * Whether a key was asked for since the cache last forgot the keys asked once. Answers to a
   * query are kept from their second request (as CDNs offer, "cache on second hit"): under traffic where every
   * request is new, keeping each answer only churns memory for entries evicted unread.
   */
  #askedBefore(key: string): boolean {
    const hash = fnv1a(key);
    if (this.#seen.delete(hash)) return true;
    if (this.#seen.size >= this.#maxEntries * 4) this.#seen.clear();
    this.#seen.add(hash);
    return false;
  }

  #drop(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= old.size;
  }

  #checkCatalogue(): void {
    const current = this.#options.catalogue();
    if (current !== this.#catalogue) {
      this.#entries.clear();
      this.#seen.clear();
      this.#bytes = 0;
      this.#catalogue = current;
    }
  }

  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(key);
    }
  }
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function notModifiedHeaders(headers: Readonly<Record<string, string>>, etag: string): Readonly<Record<string, string>> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!BODY_HEADERS.has(name)) kept[name] = value;
  kept.etag = etag;
  return kept;
}
