/**
 * What every request meets before its route answers, in this order: a 414 for a URL too long, the
 * rate limit's 429, the preflight's answer, a 405 for a method this API does not serve, and the
 * 301 that drops trailing slashes (`/api/pricing/?tier=mid` to `/api/pricing?tier=mid`; like every
 * link, on BASE_URL when set). Every route and the 404 call it first, rather than the app running
 * it as middleware: a level of middleware costs every answer promises and closures, and with none
 * the router hands a request straight to its one handler.
 */
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { ApiError } from '../endpoints/errors.js';
import type { RateLimiter } from './middleware/rate-limit/index.js';
import { trailingSlashRedirect, type TrailingSlashOptions } from './middleware/trailing-slash/index.js';
import { refuseLongUrl } from './middleware/url-limit/index.js';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

export interface GuardOptions extends TrailingSlashOptions {
  maxUrlBytes?: number | undefined;
  rateLimiter?: RateLimiter | undefined;
  /** The path with a policy of its own (/mcp): it takes every method and answers its own preflights. */
  closed?: string | undefined;
}

/** The guard: a response that answers the request instead of its route (or a thrown ApiError), or undefined to go on. */
export type Guard = (c: Context) => Response | Promise<Response> | undefined;

export function createGuard({ maxUrlBytes, rateLimiter, closed, ...slashes }: GuardOptions): Guard {
  // Preflights only: every answer already gets Access-Control-Allow-Origin (security headers);
  // /mcp answers its own, by its own policy.
  const preflight = cors({ origin: '*', allowMethods: [...ALLOWED_METHODS], maxAge: 86400 });
  return (c) => {
    refuseLongUrl(c.req.url, maxUrlBytes);
    rateLimiter?.charge(c, 1);
    const isClosed = c.req.path === closed;
    // A preflight is answered without going on (the cors handler never calls next for OPTIONS).
    if (c.req.method === 'OPTIONS' && !isClosed) return preflight(c, async () => {}) as Promise<Response>;
    if (!isClosed && !(ALLOWED_METHODS as readonly string[]).includes(c.req.method)) {
      throw new ApiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS).`);
    }
    return trailingSlashRedirect(c, slashes);
  };
}
