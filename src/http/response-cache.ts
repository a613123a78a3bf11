/**
 * The response cache: answers stored as bytes under the normalised query (see keyOf), bounded by
 * entries and bytes (evicted by second chance, close to LRU), dropped whole when the catalogue
 * object changes. An answer is kept from the second time its key is asked for.
 *
 * The app looks up and stores bodies (see `createApp`), so a repeated query skips parsing, the
 * cost engine and serialisation; `answer` gives an entry's answer as plain data, so a runtime can
 * write it without building Request or Response objects.
 */
import type { Catalogue } from '../core/catalogue.js';
import type { ApiError } from './errors.js';
import { compactBody, etagMatches, selectVariant, type Compressors, type StoredBody, type Variant } from './precompressed.js';
import { pathStart, queryEnd, queryMark } from './url-parts.js';

export interface ResponseCacheOptions {
  /** The catalogue in force; the cache empties when it returns a different object. */
  catalogue: () => Catalogue;
  /** Paths served, and whether each ignores its query string. */
  paths: ReadonlyMap<string, { ignoreQuery: boolean }>;
  /** Key entries by origin too, when answers embed the request's origin. */
  keyByOrigin: boolean;
  compressors?: Compressors;
  /** Most entries kept (default 2,000). */
  maxEntries?: number;
  /** Most body bytes kept, compressed variants included (default 8 MiB). */
  maxBytes?: number;
  /** Longest URL the fast path answers; longer ones take the full path (and its URL limit). */
  maxUrlLength?: number;
  /** Headers every answer also carries, by its Content-Type (undefined for a 304, which has none). */
  extraHeaders?: (type: string | undefined) => Readonly<HeaderRecord>;
}

type HeaderRecord = Record<string, string>;

/** What the cache tracks of every entry. */
interface Tracked {
  /** Bytes counted against the bound while the entry is kept; -1 once dropped. */
  counted: number;
  /** Asked for since the eviction sweep last passed it (a second chance before it is dropped). */
  used: boolean;
}

export interface CacheEntry extends Tracked {
  readonly body: StoredBody;
  readonly cacheControl: string;
  /** The headers of each answer (by coding and status), made once and shared. */
  readonly headers: Partial<Record<string, Readonly<HeaderRecord>>>;
}

/**
 * A client error kept as its answers: the same bytes whatever the request's headers (no ETag, no
 * variants, never a 304), one answer for a GET and one for a HEAD.
 */
export interface ErrorEntry extends Tracked {
  /** The error itself, for a way in that answers it its own way (the full chain throws it again). */
  readonly error: ApiError;
  readonly get: CachedAnswer;
  readonly head: CachedAnswer;
}

/** An answer as plain data: a 200 or 304 from an entry, or a client error's JSON (kept or not). */
export interface CachedAnswer {
  status: 200 | 304 | ApiError['status'];
  /** Shared between answers: never change it. */
  headers: Readonly<Record<string, string>>;
  /** The bytes to send; null for a 304 or a HEAD. */
  body: Uint8Array | null;
}

export interface Conditional {
  method: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

export class ResponseCache {
  readonly #options: ResponseCacheOptions;
  readonly #entries = new Map<string, CacheEntry | ErrorEntry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #maxUrlLength: number;
  #bytes = 0;
  #catalogue: Catalogue | undefined;
  /**
   * Keys asked for once, as 32-bit hashes in slots chosen by the hash (a newer key overwrites an
   * older one in its slot). Numbers rather than the key strings: under all-unique traffic the
   * strings would live through young-generation collections and be copied, then promoted, for
   * nothing. Two keys with the same hash let the second be kept on its first request (harmless).
   */
  readonly #seen: Int32Array;

  constructor(options: ResponseCacheOptions) {
    this.#options = options;
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.#maxUrlLength = options.maxUrlLength ?? 2048;
    // A power of two at least four times maxEntries (as many keys as the string set this replaces
    // held), from 16 slots to 2^24 (64 MiB) whatever the bound: an unbounded cache is bounded by
    // bytes alone, and its first-request memory then simply forgets sooner.
    const wanted = Number.isFinite(this.#maxEntries) && this.#maxEntries > 0 ? this.#maxEntries * 4 + 1 : 16;
    this.#seen = new Int32Array(2 ** Math.min(24, Math.max(4, Math.ceil(Math.log2(wanted)))));
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The normalised key of an absolute URL, or undefined when its path is not a cached one: the
   * path (after the origin, when answers embed it) and the query's pairs as sent, still
   * percent-encoded, without empty ones and in order of their names. Equal keys are queries every
   * endpoint reads alike: the same pairs, in another order only where the order cannot change what
   * is read (a name given twice, in any spelling, is refused with a 400). The app reads the query
   * from the key, so that a refusal kept under it is the one each such query gets: with several
   * unknown or repeated names, the first in the key's order is named. Two spellings of one query
   * only make two entries. A query already in that form (the usual case) is its own key: one
   * slice of the URL.
   */
  keyOf(url: string): string | undefined {
    if (url.length > this.#maxUrlLength) return undefined;
    const slash = pathStart(url);
    if (slash === -1) return undefined;
    const end = queryEnd(url, slash);
    const mark = queryMark(url, slash, end);
    const route = this.#options.paths.get(url.slice(slash, mark === -1 ? end : mark));
    if (!route) return undefined;
    const start = this.#options.keyByOrigin ? 0 : slash;
    if (route.ignoreQuery || mark === -1) return url.slice(start, mark === -1 ? end : mark);
    const query = url.slice(mark + 1, end);
    return inKeyOrder(query) ? url.slice(start, end) : url.slice(start, mark + 1) + keyOrder(query);
  }

  /** The entry for a key, if it was stored for the catalogue in force. */
  get(key: string): CacheEntry | ErrorEntry | undefined {
    this.#checkCatalogue();
    const entry = this.#entries.get(key);
    // Marked rather than moved: the eviction sweep gives marked entries a second chance (CLOCK,
    // close to LRU at a flag's cost per hit).
    if (entry) entry.used = true;
    return entry;
  }

  /**
   * Keeps a body computed from `catalogue` under `key`; the entry is returned but not kept without
   * a key, or when that catalogue is no longer the one in force.
   */
  set(key: string | undefined, catalogue: Catalogue, body: StoredBody, cacheControl: string): CacheEntry {
    const entry: CacheEntry = { body, cacheControl, counted: -1, used: false, headers: {} };
    if (!this.#admit(key, catalogue, body.size)) return entry;
    const kept: CacheEntry = { ...entry, body: compactBody(body), counted: body.size };
    this.#keep(key, kept);
    return kept;
  }

  /**
   * Keeps a client error thrown for `key` on `catalogue`, from its second request as an answer is;
   * `answers` (called only then) gives its answers to a GET and a HEAD, holding bytes of their own.
   * Returns the entry it keeps (which a bound of no entries drops at once), or undefined when the
   * error is not kept.
   */
  setError(
    key: string | undefined,
    catalogue: Catalogue,
    error: ApiError,
    answers: () => { get: CachedAnswer; head: CachedAnswer },
  ): ErrorEntry | undefined {
    // Its size is known once its answers are made, so it is checked after admission.
    if (!this.#admit(key, catalogue, 0)) return undefined;
    const { get, head } = answers();
    const size = get.body?.byteLength ?? 0;
    if (size > this.#maxBytes / 4) return undefined;
    const entry: ErrorEntry = { error, get, head, counted: size, used: false };
    this.#keep(key, entry);
    return entry;
  }

  /**
   * Whether a body of `size` bytes computed from `catalogue` is to be kept under `key`: when there
   * is a key, that catalogue is the one in force, the body is not too large, and the key was asked
   * for before.
   */
  #admit(key: string | undefined, catalogue: Catalogue, size: number): key is string {
    this.#checkCatalogue();
    if (key === undefined || catalogue !== this.#catalogue || size > this.#maxBytes / 4) return false;
    // Kept from its second request on: under all-unique traffic, storing every answer would only
    // churn memory (and the garbage collector) for entries evicted unread.
    const hash = hashKey(key);
    const slot = hash & (this.#seen.length - 1);
    if (this.#seen[slot] !== hash) {
      this.#seen[slot] = hash;
      return false;
    }
    this.#seen[slot] = 0;
    return true;
  }

  #keep(key: string, entry: CacheEntry | ErrorEntry): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.counted;
    this.#evict();
  }

  /**
   * The answer for an entry: 200 with the variant the client accepts, or 304 when its ETag matches;
   * a kept error's own answer.
   */
  respond(entry: CacheEntry | ErrorEntry, request: Conditional): Response {
    const { status, body, headers } = this.answer(entry, request);
    return new Response(body === null ? null : asBody(body), { status, headers });
  }

  /**
   * The same answer as plain data (status, the cache's own headers, bytes or null for 304 and
   * HEAD), for a runtime that writes it itself without building a Response.
   */
  answer(entry: CacheEntry | ErrorEntry, request: Conditional): CachedAnswer {
    if ('error' in entry) return request.method === 'HEAD' ? entry.head : entry.get;
    const { status, variant, headers } = this.#headersFor(entry, request);
    this.#account(entry);
    return { status, headers, body: status === 304 || request.method === 'HEAD' ? null : variant.body };
  }

  #headersFor(entry: CacheEntry, request: Conditional): { status: 200 | 304; variant: Variant; headers: Readonly<HeaderRecord> } {
    const { body } = entry;
    const variant = selectVariant(body, request.acceptEncoding, this.#options.compressors ?? {});
    const status = request.ifNoneMatch !== null && etagMatches(request.ifNoneMatch, variant.etag) ? 304 : 200;
    // Never an array index ("200" would be one, and would give the object an elements store of
    // 201 slots): a named property.
    const memo = `${variant.encoding ?? 'identity'} ${status}`;
    let headers = entry.headers[memo];
    if (headers === undefined) {
      const made: HeaderRecord = { 'cache-control': entry.cacheControl, etag: variant.etag };
      if (body.compressible) made.vary = 'Accept-Encoding';
      if (status === 200) {
        made['content-type'] = body.type;
        made['content-length'] = String(variant.body.byteLength);
        if (variant.encoding) made['content-encoding'] = variant.encoding;
      }
      const extra = this.#options.extraHeaders?.(status === 200 ? body.type : undefined);
      headers = extra ? Object.assign(made, extra) : made;
      entry.headers[memo] = headers;
    }
    return { status, variant, headers };
  }

  /** Counts bytes of compressed variants made since the entry was stored. */
  #account(entry: CacheEntry): void {
    if (entry.counted === -1 || entry.counted === entry.body.size) return;
    this.#bytes += entry.body.size - entry.counted;
    entry.counted = entry.body.size;
    this.#evict();
  }

  #drop(key: string, entry: CacheEntry | ErrorEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.counted;
    entry.counted = -1;
  }

  #checkCatalogue(): void {
    const current = this.#options.catalogue();
    if (current !== this.#catalogue) {
      for (const entry of this.#entries.values()) entry.counted = -1;
      this.#entries.clear();
      // Already zero for the first catalogue (up to 64 MiB of it, for an unbounded cache).
      if (this.#catalogue !== undefined) this.#seen.fill(0);
      this.#bytes = 0;
      this.#catalogue = current;
    }
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      if (entry.used) {
        // Used since the last sweep: moved to the newest end, unmarked.
        entry.used = false;
        this.#entries.delete(key);
        this.#entries.set(key, entry);
      } else {
        this.#drop(key, entry);
      }
    }
  }
}

// Empty pairs (`a=`, `a`, `&&`) are left out of keys: every endpoint reads an empty value as absent.

/** A raw query as a key spells it: its non-empty pairs, as sent, sorted by name (see keyOf). */
export function normalQuery(query: string): string {
  return inKeyOrder(query) ? query : keyOrder(query);
}

/** Whether a raw query has no empty pair and its names (as sent) in order. */
function inKeyOrder(query: string): boolean {
  let previous = '';
  for (let start = 0; start <= query.length; ) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const eq = query.indexOf('=', start);
    if (eq === -1 || eq >= end - 1) return false;
    const name = query.slice(start, eq);
    if (name < previous) return false;
    previous = name;
    start = end + 1;
  }
  return true;
}

/** A raw query's non-empty pairs, as sent, sorted by name (stably: a repeated name keeps its order). */
function keyOrder(query: string): string {
  const pairs = query.split('&').filter((pair) => {
    const eq = pair.indexOf('=');
    return eq !== -1 && eq < pair.length - 1;
  });
  return pairs.sort(byName).join('&');
}

/** Orders two `name=value` pairs by name, as `<` orders the names, without slicing them out. */
function byName(x: string, y: string): number {
  for (let i = 0; ; i++) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(i);
    // '=' ends a name (each pair has one), and a name that ends first is the lesser.
    if (a === 61 || b === 61) return a === b ? 0 : a === 61 ? -1 : 1;
    if (a !== b) return a - b;
  }
}

/** FNV-1a over the key's UTF-16 code units, never 0 (an empty slot). */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h === 0 ? 1 : h;
}

// Bytes from TextEncoder or node:zlib are plain ArrayBuffer-backed views; TypeScript's lib only
// types them as ArrayBufferLike-backed, which BodyInit does not admit.
function asBody(bytes: Uint8Array): BodyInit {
  return bytes as Uint8Array<ArrayBuffer>;
}
