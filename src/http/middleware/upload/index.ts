/**
 * Uploads (a POST's body: /api/reprice's; /mcp bounds its own, smaller one): where a body is read
 * and what it costs its client. The body is read within its endpoint's byte limit (a 413 past it,
 * before a byte is read when Content-Length says so) and within the process's memory budget when
 * the runtime has one (Node's): each chunk reserves its bytes as it arrives, and they stay reserved
 * until the answer is made, so uploads held open (a last chunk never sent) hold no more than the
 * budget allows; past it the upload gets a 503 with Retry-After, and nothing grows. (What the
 * upload's work costs against the rate limit, its endpoint declares: `charge`.)
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../../../lib/errors.js';

/** Memory that bodies being received reserve (Node's MemoryBudget); a runtime without one bounds bodies by size only. */
export interface UploadBudget {
  /** Reserves `bytes`, or says no (false) and reserves nothing. */
  reserve(bytes: number): boolean;
  release(bytes: number): void;
}

/** Seconds a refused upload is asked to wait: about what an upload takes to be received and priced. */
export const BUSY_RETRY_SECONDS = 5;

export interface UploadLimit {
  /** The most a body may hold, bytes. */
  maxBytes: number;
  /** The 413 past it (saying how to split). */
  tooLarge: () => ApiError;
}

/**
 * Reads the body whole (the handler then reads it from memory, as c.req.text()), within `limit`
 * and `budget`; what it reserved is given back once the handler has answered or failed.
 */
export function receiveUpload(limit: UploadLimit, budget: () => UploadBudget | undefined): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    const declared = raw.headers.has('transfer-encoding') ? null : raw.headers.get('content-length');
    if (declared !== null && !(Number(declared) <= limit.maxBytes)) throw limit.tooLarge();
    const memory = budget();
    let reserved = 0;
    /** Reserves up to `bytes` in all, or answers 503. */
    const reserveTo = (bytes: number): void => {
      if (memory === undefined || bytes <= reserved) return;
      if (!memory.reserve(bytes - reserved)) {
        c.header('Retry-After', String(BUSY_RETRY_SECONDS));
        throw new ApiError(
          503,
          'busy',
          `The server holds as many uploads as its memory allows; retry in ${BUSY_RETRY_SECONDS} s.`,
          { param: 'body' },
        );
      }
      reserved = bytes;
    };
    try {
      if (declared !== null) reserveTo(Number(declared));
      const chunks: Uint8Array[] = [];
      let size = 0;
      if (raw.body !== null) {
        const reader = raw.body.getReader();
        // The client went away (or the body broke off) before the body was whole: its fault, no stack to log.
        const readChunk = () =>
          reader.read().catch(() => {
            throw new ApiError(
              400,
              'incomplete_body',
              'The body ended before it was whole (the connection closed or the chunks broke off).',
              { param: 'body' },
            );
          });
        try {
          for (let read = await readChunk(); !read.done; read = await readChunk()) {
            size += read.value.byteLength;
            if (size > limit.maxBytes) throw limit.tooLarge();
            reserveTo(size);
            chunks.push(read.value);
          }
        } finally {
          reader.releaseLock();
        }
      }
      const body = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.byteLength;
      }
      chunks.length = 0;
      c.req.raw = new Request(raw, { body });
      await next();
    } finally {
      memory?.release(reserved);
    }
  };
}
