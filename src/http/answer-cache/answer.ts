/**
 * What the answer cache holds and hands out: an entry (one answer's headers and bytes in each
 * content coding) and the answers made of it, each made once and shared.
 */
import type { Encoding } from './encoding.js';

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

export type Headers = Readonly<Record<string, string>>;

/** An entry in one content coding: its bytes once made, and its answers, each made on first use. */
export interface Coding {
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
}

// Headers that describe the bytes of a 200, left out of a 304 (which has none).
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

export function answerOf(status: number, headers: Headers, body: Uint8Array | null): Answer {
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
export function withBodyHeaders(
  headers: Headers,
  length: number,
  encoding: 'identity' | Encoding,
  etag: string | undefined,
): Headers {
  const out: Record<string, string> = { ...headers };
  out['content-length'] = String(length);
  if (encoding !== 'identity') out['content-encoding'] = encoding;
  if (etag !== undefined) out.etag = etag;
  return out;
}

export function notModifiedHeaders(headers: Headers, etag: string): Headers {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!BODY_HEADERS.has(name)) kept[name] = value;
  kept.etag = etag;
  return kept;
}
