/**
 * Optional per-client rate limit: past N requests a minute, a 429 JSON error with Retry-After.
 * Clients are counted by address, IPv6 ones by /64, in bounded memory.
 */
import type { Context } from 'hono';
import { ApiError } from '../../../lib/errors.js';
import { clientKey } from './client-key.js';
import { RequestWindow, type Verdict } from './window.js';

export interface RateLimitOptions {
  /** Requests each client may make per clock minute (a whole number of 1 or more). */
  perMinute: number;
  /** The client's address from the runtime's bindings (Node's are `{incoming}`); requests without one are not limited. */
  clientIp: (env: unknown) => string | undefined;
  /** Paths never limited, such as a load balancer's health check. */
  exempt?: readonly string[];
  /** Clients counted at once (default 100,000); past it the least recently seen is forgotten. */
  maxClients?: number;
  /** The clock, in milliseconds; injected by tests. */
  now?: () => number;
}

/** One count of requests per client, for the app's middleware and the answer cache in front of it. */
export interface RateLimiter {
  /** Counts a request to `path` and says whether it is within the limit. */
  check(path: string, env: unknown): Verdict;
  /**
   * Counts `requests` from the client of a request the app is answering (1 for the request, as
   * the app counts each that reaches it; more for an MCP batch's calls); throws the 429 past the limit.
   */
  charge(c: Context, requests: number): void;
}

// The clock is read through Date at each request, not kept as the Date.now of when the limiter was made: a
// process (or a test) that sets the clock later is the one counted by.
export function createRateLimiter({
  perMinute,
  clientIp,
  exempt = ['/healthz'],
  maxClients,
  now = () => Date.now(),
}: RateLimitOptions): RateLimiter {
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new RangeError(`perMinute must be a whole number of 1 or more; got ${perMinute}`);
  const window = new RequestWindow(perMinute, maxClients);
  const check = (path: string, env: unknown, requests = 1): Verdict => {
    const ip = exempt.includes(path) ? undefined : clientIp(env);
    return ip === undefined ? { allowed: true } : window.hit(clientKey(ip), now(), requests);
  };
  const enforce = (c: Context, requests: number): void => {
    const verdict = check(c.req.path, c.env, requests);
    if (!verdict.allowed) {
      // Headers set on the context before throwing are kept by the error response onError builds.
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many requests: at most ${perMinute} a minute from one address. Retry after ${verdict.retryAfterSeconds} s.`,
      );
    }
  };
  return {
    check: (path, env) => check(path, env),
    charge: (c, requests) => {
      if (requests > 0) enforce(c, requests);
    },
  };
}
