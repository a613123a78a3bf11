/**
 * The answer cache: the app's final answers (status, headers and bytes as the middleware chain
 * made them), kept under their request's key as a CDN would keep them, bounded by
 * entries and bytes, emptied when the catalogue changes; files
 * (the same bytes for the life of the process) are kept for good, apart. It answers a kept
 * entry's GET or HEAD itself: the coding the client accepts (br or gzip for large bodies), or a
 * 304 when its If-None-Match matches. A file's codings are made ahead (at build; read on its
 * first request); an answer's are made on the first GET that asks for them, once per entry. A HEAD or a 304 never
 * compresses. This is the one place answers are compressed on Node.
 */
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { Coded } from '../../endpoints/endpoint.js';
import {
  answerOf,
  notModifiedHeaders,
  withBodyHeaders,
  type Answer,
  type Coding,
  type Entry,
  type Headers,
} from './answer.js';
import { BoundedEntries } from './bounded.js';
import { accepts, etagMatches, isCompressible, type Compressors, type Encoding } from './encoding.js';

export type { Answer, Entry } from './answer.js';

export interface AnswerCacheOptions {
  /** The catalogue in force; the cache empties when it returns a different object. */
  catalogue: () => Catalogue;
  /** The period answers are kept within (the clock's UTC hour); it empties when it changes. */
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

export class AnswerCache {
  readonly #options: AnswerCacheOptions;
  readonly #entries: BoundedEntries;
  /** Files: kept for good, whatever the catalogue, outside the bounds (a few, fixed when built). */
  readonly #files = new Map<string, Entry>();
  #catalogue: Catalogue | undefined;
  #period: number | undefined;

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#entries = new BoundedEntries(options.maxEntries ?? 2000, options.maxBytes ?? 8 * 1024 * 1024);
  }

  /** Entries kept, files included. */
  get size(): number {
    return this.#entries.size + this.#files.size;
  }

  /** Bytes held by the kept entries, files left out. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** The entry kept under a key for the catalogue in force (a file whatever the catalogue), marked as used. */
  get(key: string): Entry | undefined {
    const file = this.#files.get(key);
    if (file) return file;
    this.#checkCatalogue();
    return this.#entries.get(key);
  }

  /** Whether an entry store() made is kept (a file, or an entry within the bounds). */
  isKept(entry: Entry): boolean {
    return (entry.key !== undefined && this.#files.get(entry.key) === entry) || this.#entries.holds(entry);
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
    };
    if (key === undefined || this.#entries.maxEntries === 0) return entry;
    if (fixed) {
      this.#files.set(key, entry);
      return entry;
    }
    // A key without a query or an origin (a page, an answer with every parameter at its default)
    // is one of few: kept from its first request, so that its compressed codings are made once.
    const keep = (key.startsWith('/') && !key.includes('?')) || this.#entries.askedBefore(key);
    if (keep && catalogue === this.#catalogue && entry.size <= this.#entries.maxBytes / 4)
      this.#entries.put(key, entry);
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
    const etag =
      entry.headers.etag === undefined || encoding === 'identity'
        ? entry.headers.etag
        : `${entry.headers.etag.slice(0, -1)}-${encoding}"`;
    if (request.ifNoneMatch !== null && etag !== undefined && etagMatches(request.ifNoneMatch, etag)) {
      return (coding.notModified ??= answerOf(304, notModifiedHeaders(entry.headers, etag), null));
    }
    const head = request.method === 'HEAD';
    const body = coding.body ?? (head || encoding === 'identity' ? undefined : this.#compress(entry, encoding, coding));
    if (body === undefined) {
      return (coding.head ??= answerOf(
        200,
        { ...entry.headers, 'content-encoding': encoding, ...(etag === undefined ? {} : { etag }) },
        null,
      ));
    }
    const ok = (coding.ok ??= answerOf(200, withBodyHeaders(entry.headers, body.byteLength, encoding, etag), body));
    return head ? (coding.okHead ??= answerOf(200, ok.headers, null)) : ok;
  }

  /** br, then gzip, when the entry is compressible, has or can make it, and the client accepts it; identity otherwise. */
  #encodingFor(entry: Entry, acceptEncoding: string | null): 'identity' | Encoding {
    if (entry.compressible && acceptEncoding) {
      for (const encoding of ['br', 'gzip'] as const) {
        const available =
          entry.codings[encoding]?.body !== undefined || this.#options.compressors?.[encoding] !== undefined;
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
    this.#entries.grew(entry, body.byteLength);
    return body;
  }

  #checkCatalogue(): void {
    const current = this.#options.catalogue();
    const period = this.#options.period?.();
    if (current !== this.#catalogue || period !== this.#period) {
      this.#entries.clear();
      this.#catalogue = current;
      this.#period = period;
    }
  }
}
