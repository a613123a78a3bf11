/**
 * The answer cache: the app's final answers (status, headers and bytes as the middleware chain
 * made them), kept under their request's key (see key.ts) as a CDN would keep them, bounded by
 * entries and bytes (the oldest entry not asked for since it was last passed over goes first: a
 * second chance, near enough least recently used), emptied when the catalogue changes; files
 * (the same bytes for the life of the process) are kept for good, apart. It answers a kept
 * entry's GET or HEAD itself: the coding the client accepts (br or gzip for large bodies), or a
 * 304 when its If-None-Match matches. A file's codings are made ahead (at build; read on its
 * first request); an answer's are made on the first GET that asks for them, once per entry. A HEAD or a 304 never
 * compresses. This is the one place answers are compressed on Node.
 */
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { Coded } from '../../endpoints/endpoint.js';
import { accepts, etagMatches, isCompressible, type Compressors, type Encoding } from './encoding.js';
import { fnv1a } from './key.js';

export interface AnswerCacheOptions {
  /** The catalogue in force; the cache empties when it returns a different object. */
  catalogue: () => Catalogue;
  /** The period answers are kept within (the clock's UTC hour: http/cache-control.ts); it empties when it changes. */
  period?: () => number;
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

/** An answer as plain data, for a runtime to write as it likes. Made once per entry, coding and kind; shared: never change it. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The same headers as one list of names and values: what Node's writeHead takes as it is,
   * without checking each name and value again (they were checked when the app made them).
   */
  readonly headerList: readonly string[];
  /** The bytes to send; null for a 304 or a HEAD. */
  readonly body: Uint8Array | null;
}

type Headers = Readonly<Record<string, string>>;

/** An entry in one content coding: its bytes once made, and its answers, each made on first use. */
interface Coding {
  body?: Uint8Array;
  /** A GET's 200; a HEAD's once the body is made (with its length), and before (without); a 304. */
  ok?: Answer;
  okHead?: Answer;
  head?: Answer;
  notModified?: Answer;
}

export interface Entry {
  /** Its key; undefined for an answer not kept. */
  readonly key: string | undefined;
  /** The app's headers (lower-case names), as it sent them with the identity bytes. */
  readonly headers: Headers;
  readonly compressible: boolean;
  readonly codings: { identity: Coding & { body: Uint8Array } } & Partial<Record<Encoding, Coding>>;
  /** Bytes held, compressed codings included. */
  size: number;
  /** Asked for since eviction last passed over it (see #evict). */
  used: boolean;
}

// Headers that describe the bytes of a 200, left out of a 304 (which has none).
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

export class AnswerCache {
  readonly #options: AnswerCacheOptions;
  readonly #entries = new Map<string, Entry>();
  /** Files: kept for good, whatever the catalogue, outside the bounds (a few, fixed when built). */
  readonly #files = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #catalogue: Catalogue | undefined;
  #period: number | undefined;
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

  /** Entries kept, files included. */
  get size(): number {
    return this.#entries.size + this.#files.size;
  }

  /** Bytes held by the kept entries, files left out. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The entry kept under a key for the catalogue in force, marked as used. (Moving it to the back
   * of the map instead, for an exact order of use, would cost a hit a delete, an insert and now and
   * then a rehash of the whole map.)
   */
  get(key: string): Entry | undefined {
    const file = this.#files.get(key);
    if (file) return file;
    this.#checkCatalogue();
    const entry = this.#entries.get(key);
    if (entry) entry.used = true;
    return entry;
  }

  /**
   * An entry for the app's 200 to a GET, computed from `catalogue`; kept under `key` unless there
   * is none, that catalogue is no longer in force or the body is too large for the bounds; a file
   * (`fixed`, with the codings made of it ahead) is kept for good. Returned either way, so the
   * request that made it is answered from it.
   */
  store(key: string | undefined, catalogue: Catalogue, headers: Headers, body: Uint8Array, fixed?: Coded): Entry {
    this.#checkCatalogue();
    const compressors = this.#options.compressors ?? {};
    const codings: Entry['codings'] = { identity: { body } };
    let size = body.byteLength;
    for (const encoding of ['br', 'gzip'] as const) {
      const coded = fixed?.[encoding];
      if (coded === undefined) continue;
      codings[encoding] = { body: coded };
      size += coded.byteLength;
    }
    const canCode = compressors.br !== undefined || compressors.gzip !== undefined || size > body.byteLength;
    const compressible = canCode && isCompressible(headers['content-type'], body.byteLength);
    const entry: Entry = {
      key,
      // A compressible answer varies by Accept-Encoding, whichever coding is sent.
      headers: compressible ? { ...headers, vary: 'Accept-Encoding' } : headers,
      compressible,
      codings,
      size,
      used: false,
    };
    if (key === undefined || this.#maxEntries === 0) return entry;
    if (fixed) {
      this.#files.set(key, entry);
      return entry;
    }
    // A key without a query (a page, an answer with every parameter at its default) is one of few:
    // kept from its first request, so that its compressed codings are made once.
    const keep = !key.includes('?') || this.#askedBefore(key);
    if (keep && catalogue === this.#catalogue && entry.size <= this.#maxBytes / 4) {
      this.#drop(key);
      this.#entries.set(key, entry);
      this.#bytes += entry.size;
      this.#evict(entry);
    }
    return entry;
  }

  /**
   * The answer to a request for an entry: the coding it accepts, or a 304 when its ETag matches.
   * Only a GET's 200 may compress (the coding's first); a 304 needs the coding's ETag, worked out
   * from the identity's, and a HEAD sent before the coding is made goes without Content-Length.
   */
  answer(entry: Entry, request: Conditional): Answer {
    const encoding = this.#encodingFor(entry, request.acceptEncoding);
    const coding: Coding = encoding === 'identity' ? entry.codings.identity : (entry.codings[encoding] ??= {});
    const etag = entry.headers.etag === undefined || encoding === 'identity' ? entry.headers.etag : `${entry.headers.etag.slice(0, -1)}-${encoding}"`;
    if (request.ifNoneMatch !== null && etag !== undefined && etagMatches(request.ifNoneMatch, etag)) {
      return (coding.notModified ??= answerOf(304, notModifiedHeaders(entry.headers, etag), null));
    }
    const head = request.method === 'HEAD';
    const body = coding.body ?? (head || encoding === 'identity' ? undefined : this.#compress(entry, encoding, coding));
    if (body === undefined) {
      return (coding.head ??= answerOf(200, { ...entry.headers, 'content-encoding': encoding, ...(etag === undefined ? {} : { etag }) }, null));
    }
    const ok = (coding.ok ??= answerOf(200, withBodyHeaders(entry.headers, body.byteLength, encoding, etag), body));
    return head ? (coding.okHead ??= answerOf(200, ok.headers, null)) : ok;
  }

  /** br, then gzip, when the entry is compressible, has or can make it, and the client accepts it; identity otherwise. */
  #encodingFor(entry: Entry, acceptEncoding: string | null): 'identity' | Encoding {
    if (entry.compressible && acceptEncoding) {
      for (const encoding of ['br', 'gzip'] as const) {
        const available = entry.codings[encoding]?.body !== undefined || this.#options.compressors?.[encoding] !== undefined;
        if (available && accepts(acceptEncoding, encoding)) return encoding;
      }
    }
    return 'identity';
  }

  /** Makes an entry's coding (#encodingFor chose it: its compressor exists), counted in the bytes held if kept. */
  #compress(entry: Entry, encoding: Encoding, coding: Coding): Uint8Array {
    const compress = this.#options.compressors?.[encoding] as (data: Uint8Array) => Uint8Array;
    const body = compress(entry.codings.identity.body);
    coding.body = body;
    entry.size += body.byteLength;
    if (entry.key !== undefined && this.#entries.get(entry.key) === entry) {
      this.#bytes += body.byteLength;
      this.#evict(entry);
    }
    return body;
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
    const period = this.#options.period?.();
    if (current !== this.#catalogue || period !== this.#period) {
      this.#entries.clear();
      this.#seen.clear();
      this.#bytes = 0;
      this.#catalogue = current;
      this.#period = period;
    }
  }

  /**
   * Makes room for `kept` (just stored, or grown by a coding), which stays. Oldest first: an entry
   * used since it was last passed over goes to the back, unmarked; the first one unused goes. (The
   * map's iteration reaches the entries moved back too, once each.)
   */
  #evict(kept: Entry): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      if (entry === kept) continue;
      if (entry.used) {
        entry.used = false;
        this.#entries.delete(key);
        this.#entries.set(key, entry);
      } else this.#drop(key);
    }
  }
}

function answerOf(status: number, headers: Headers, body: Uint8Array | null): Answer {
  // A loop, not Object.entries(...).flat(): an answer not kept (each unique query's) makes its list anew.
  const headerList: string[] = [];
  for (const name in headers) headerList.push(name, headers[name] as string);
  return { status, headers, headerList, body };
}

/**
 * An entry's headers for a 200 with a body: its length, its coding and that coding's ETag set
 * field by field, in this order (the ETag the entry has keeps its place). Made for every answer
 * not kept: spreads of optional parts would make a slow (dictionary) object each time.
 */
function withBodyHeaders(headers: Headers, length: number, encoding: 'identity' | Encoding, etag: string | undefined): Headers {
  const out: Record<string, string> = { ...headers };
  out['content-length'] = String(length);
  if (encoding !== 'identity') out['content-encoding'] = encoding;
  if (etag !== undefined) out.etag = etag;
  return out;
}

function notModifiedHeaders(headers: Headers, etag: string): Headers {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!BODY_HEADERS.has(name)) kept[name] = value;
  kept.etag = etag;
  return kept;
}
