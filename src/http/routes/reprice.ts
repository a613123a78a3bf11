/**
 * POST /api/reprice: the one POST besides /mcp. The body (a usage export, at most 1 MiB) is read
 * within the memory budget (middleware/upload), priced and forgotten: the answer is
 * `Cache-Control: no-store`, never kept by the answer cache (it keeps GET and HEAD only), and no
 * body is logged (the access log writes the path alone). Its work (rows x targets, and each
 * distinct unknown name's suggestions) is charged against RATE_LIMIT as it is bought, and done a
 * slice at a time, the event loop let go between slices, so that other clients wait about one slice.
 */
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { ApiError } from '../../lib/errors.js';
import { JSON_TYPE } from '../../lib/json.js';
import { parseQuery } from '../../endpoints/params.js';
import { exportWork, MAX_BODY_BYTES, MAX_ROWS, readExport, repriceJson, repriceQuery } from '../../endpoints/reprice.js';
import { queryOf } from '../url.js';
import type { RateLimiter } from '../middleware/rate-limit/index.js';
import { receiveUpload, workMeter, type UploadBudget } from '../middleware/upload/index.js';

export const REPRICE_PATH = '/api/reprice';

/** Work units (core/usage/reprice.ts's; a row read is one) done between two turns of the event loop: a few milliseconds. */
export const SLICE_WORK = 1000;

/** Whether the app takes this method on this path (beside GET, HEAD and OPTIONS everywhere). */
export const takesPost = (method: string, path: string): boolean => method === 'POST' && path === REPRICE_PATH;

/** The preflight of /api/reprice: POST with a Content-Type, from any origin. */
export const repricePreflight = cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 86400 });

const tooLarge = (): ApiError =>
  new ApiError(413, 'body_too_large', `The body is over ${MAX_BODY_BYTES} bytes (1 MiB); split the export (by month, or into files of at most ${MAX_ROWS} rows) and send each part.`, { param: 'body' });

/** Lets the event loop answer what else has arrived (I/O first, as setImmediate runs after it) before the next slice. */
const nextTurn = (): Promise<void> => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

export interface RepriceDeps {
  catalogue: () => Catalogue;
  rateLimiter: RateLimiter | undefined;
  today: () => string;
  uploadBudget?: UploadBudget | undefined;
}

export function mountReprice(app: Hono, deps: RepriceDeps): void {
  app.post(REPRICE_PATH, receiveUpload({ maxBytes: MAX_BODY_BYTES, tooLarge }, () => deps.uploadBudget), async (c) => {
    const params = parseQuery(new URLSearchParams(queryOf(c.req.url)), repriceQuery);
    const reading = readExport(await c.req.text(), params.format);
    let read = 0;
    let row = reading.next();
    while (!row.done) {
      if (++read % SLICE_WORK === 0) await nextTurn();
      row = reading.next();
    }
    const parsed = row.value;
    const meter = workMeter(c, deps.rateLimiter);
    meter(exportWork(parsed, params));
    const job = repriceJson(parsed, params, deps.catalogue(), deps.today(), SLICE_WORK);
    let step = job.next();
    while (!step.done) {
      // Work beyond what was charged up front (unknown names' suggestions) is charged as it is done.
      meter(step.value);
      await nextTurn();
      step = job.next();
    }
    return c.body(step.value, 200, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' });
  });
}
