/** Optional per-client rate limit: past N requests a minute, a 429 JSON error with Retry-After. */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../../errors.js';
import { RequestWindow } from './window.js';

export interface RateLimitOptions {
  /** Requests each client may make per clock minute (a whole number of 1 or more). */
  perMinute: number;
  /** The client's address as the runtime knows it; requests without one are not limited. */
  clientIp: (c: Context) => string | undefined;
  /** Paths never limited, such as a load balancer's health check. */
  exempt?: readonly string[];
  /** The clock, in milliseconds; injected by tests. */
  now?: () => number;
}

export function rateLimit({ perMinute, clientIp, exempt = ['/healthz'], now = Date.now }: RateLimitOptions): MiddlewareHandler {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError(`perMinute must be a whole number of 1 or more; got ${perMinute}`);
  const window = new RequestWindow(perMinute);
  return async (c, next) => {
    const ip = exempt.includes(c.req.path) ? undefined : clientIp(c);
    if (ip !== undefined) {
      const verdict = window.hit(ip, now());
      if (!verdict.allowed) {
        // Headers set on the context before throwing are kept by the error response onError builds.
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new ApiError(429, 'rate_limited', `Too many requests: at most ${perMinute} a minute from one address. Retry after ${verdict.retryAfterSeconds} s.`);
      }
    }
    await next();
  };
}
