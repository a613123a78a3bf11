/**
 * POST /api/reprice: the one POST besides /mcp. The body (a usage export, at most 1 MiB) is read,
 * priced and forgotten: the answer is `Cache-Control: no-store`, never kept by the answer cache
 * (it keeps GET and HEAD only), and no body is logged (the access log writes the path alone).
 * Each 100 rows count as one request more against RATE_LIMIT.
 */
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { ApiError } from '../../lib/errors.js';
import { JSON_TYPE, toJson } from '../../lib/json.js';
import { parseQuery } from '../../endpoints/params.js';
import { MAX_BODY_BYTES, MAX_ROWS, parseExport, reprice, repriceQuery } from '../../endpoints/reprice.js';
import { queryOf } from '../url.js';
import type { RateLimiter } from '../middleware/rate-limit/index.js';

export const REPRICE_PATH = '/api/reprice';
/** Rows per request charged against the rate limit. */
export const ROWS_PER_REQUEST = 100;

/** Whether the app takes this method on this path (beside GET, HEAD and OPTIONS everywhere). */
export const takesPost = (method: string, path: string): boolean => method === 'POST' && path === REPRICE_PATH;

/** The preflight of /api/reprice: POST with a Content-Type, from any origin. */
export const repricePreflight = cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 86400 });

const tooLarge = (): never => {
  throw new ApiError(413, 'body_too_large', `The body is over ${MAX_BODY_BYTES} bytes (1 MiB); split the export (by month, or into files of at most ${MAX_ROWS} rows) and send each part.`, { param: 'body' });
};

export function mountReprice(app: Hono, deps: { catalogue: () => Catalogue; rateLimiter: RateLimiter | undefined; today: () => string }): void {
  app.post(REPRICE_PATH, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }), async (c) => {
    const params = parseQuery(new URLSearchParams(queryOf(c.req.url)), repriceQuery);
    const parsed = parseExport(await c.req.text(), params.format);
    const rows = parsed.rows.length + parsed.errors.length;
    if (rows > ROWS_PER_REQUEST) deps.rateLimiter?.charge(c, Math.ceil(rows / ROWS_PER_REQUEST) - 1);
    const answer = reprice(parsed, params, deps.catalogue(), deps.today());
    return c.body(toJson(answer), 200, { 'content-type': JSON_TYPE, 'cache-control': 'no-store' });
  });
}
