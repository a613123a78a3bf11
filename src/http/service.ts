/**
 * The service: the answer cache in front of the app, as a CDN would stand in front of an origin.
 * A GET or HEAD whose answer is kept is answered by the cache (within the rate limit); anything
 * else takes the app. The app's cacheable 200s are answered through the cache on the way out
 * (kept from their second request): it picks the coding the client accepts and answers
 * If-None-Match with a 304, so a HEAD is asked of the app as a GET.
 */
import type { Hono } from 'hono';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import { AnswerCache, type Answer, type Conditional } from './answer-cache/index.js';
import type { Compressors } from './answer-cache/encoding.js';
import { pathOfKey, requestKey, type RequestKey } from './answer-cache/key.js';
import { systemClock } from '../lib/clock.js';
import { hourNumber } from './cache-control.js';
import { createApp, ignoresQuery, madeOf, type AppOptions, type Made } from './app.js';
import { createRateLimiter, type RateLimitOptions } from './middleware/rate-limit/index.js';
import { MAX_URL_BYTES, targetBytes } from './middleware/url-limit/index.js';

export interface ServiceOptions extends Omit<AppOptions, 'rateLimiter'> {
  /** Per-client rate limit, applied to cached answers too; off when unset. */
  rateLimit?: RateLimitOptions;
  /** Compressors for large answers (Node passes node:zlib's br and gzip; Workers' edge compresses itself). */
  compressors?: Compressors;
  /** Bounds of the answer cache (default: 2,000 entries, 8 MiB); `false` keeps nothing. */
  answerCache?: false | { maxEntries?: number; maxBytes?: number };
}

/** A request as the cache reads it: method, the absolute URL the app would see, two headers. */
export interface FrontRequest extends Conditional {
  url: string;
  /** The runtime's bindings (Node's `{incoming}`), for the rate limit's client address. */
  env?: unknown;
  /**
   * Its cache key, set by `cached` once it has asked the cache (null: not one the cache answers),
   * so that `answer` neither reads the URL again nor asks the cache a second time.
   */
  key?: RequestKey | null;
}

export interface Service {
  /** The Hono app: the one place answers are made. */
  app: Hono;
  cache: AnswerCache;
  /** A kept answer to a GET or HEAD, or undefined to let the app answer (a runtime may write it itself). */
  cached(request: FrontRequest): Answer | undefined;
  /**
   * The answer to a request (`front`: what the runtime read of it): the cache's, or the app's,
   * kept on the way out when it may be. An answer the cache gives is plain data, which a runtime
   * writes as it is (Node, to the socket); anything else is the app's Response.
   */
  answer(request: Request, front: FrontRequest): Promise<Answer | Response>;
  /** The Web-standard entry: `answer` as a Response (the Worker's fetch). */
  fetch(request: Request, env?: unknown): Promise<Response>;
  /** `fetch` for a path or URL (relative to http://localhost), as Hono's app.request. */
  request(input: string, init?: RequestInit): Promise<Response>;
}

/** Whether `answer` gave the app's Response (a Response has methods; an Answer is data). */
export function isResponse(result: Answer | Response): result is Response {
  return typeof (result as Response).arrayBuffer === 'function';
}

export function createService(options: ServiceOptions): Service {
  const { rateLimit, compressors, answerCache, ...appOptions } = options;
  const catalogue = typeof options.catalogue === 'function' ? options.catalogue : () => options.catalogue as Catalogue;
  const rateLimiter = rateLimit && createRateLimiter(rateLimit);
  // MCP tool calls are asked of the service (fetch, below), so the cache answers them as it answers HTTP clients.
  const app = createApp({
    ...appOptions,
    catalogue,
    ...(rateLimiter ? { rateLimiter } : {}),
    ask: (request, env) => fetch(request, env),
  });
  const clock = options.clock ?? systemClock;
  const cache = new AnswerCache({
    catalogue,
    period: () => hourNumber(clock),
    ...(compressors ? { compressors } : {}),
    ...(answerCache === false ? { maxEntries: 0 } : answerCache),
  });
  // Without a public address, an answer that reads the request's origin embeds it.
  const byOrigin = options.baseUrl === undefined;
  const maxUrlBytes = options.maxUrlBytes ?? MAX_URL_BYTES;

  /**
   * The key of a GET or HEAD the cache may answer; a URL the app refuses as too long has none (a
   * UTF-16 unit is at most 3 bytes of UTF-8: a URL that short needs no counting).
   */
  const keyOf = (method: string, url: string): RequestKey | undefined =>
    (method !== 'GET' && method !== 'HEAD') || (url.length * 3 > maxUrlBytes && targetBytes(url) > maxUrlBytes)
      ? undefined
      : requestKey(url, ignoresQuery);

  /**
   * Where an answer is kept: under its target, unless it embeds the origin (the few answers whose
   * links must be absolute: badge snippets, feeds): then under origin and target, as any other
   * answer to a query, from its second request, within the cache's bounds (Host is the client's to
   * choose: a Host asked once keeps nothing, and none chooses another's links).
   */
  const storeKey = ({ origin, target }: RequestKey, readOrigin: boolean): string =>
    byOrigin && readOrigin ? origin + target : target;

  const answerKept = (key: RequestKey, request: FrontRequest): Answer | undefined => {
    const entry = cache.get(key.target) ?? (byOrigin ? cache.get(key.origin + key.target) : undefined);
    if (entry === undefined) return undefined;
    // A request past the limit goes on to the app, whose rate-limit middleware refuses it.
    if (rateLimiter && !rateLimiter.check(pathOfKey(key.target), request.env).allowed) return undefined;
    return cache.answer(entry, request);
  };

  const cached = (request: FrontRequest): Answer | undefined => {
    const key = (request.key = keyOf(request.method, request.url) ?? null);
    return key === null ? undefined : answerKept(key, request);
  };

  const answer = async (request: Request, front: FrontRequest): Promise<Answer | Response> => {
    const asked = front.key !== undefined;
    const key = front.key !== undefined ? front.key : (keyOf(front.method, front.url) ?? null);
    const hit = key === null || asked ? undefined : answerKept(key, front);
    if (hit) return hit;
    const before = catalogue();
    const asGet = front.method === 'HEAD' && key !== null;
    const response = await app.fetch(asGet ? new Request(request, { method: 'GET' }) : request, front.env);
    const made = key === null ? undefined : madeOf(response);
    if (key === null || made === undefined || !isStorable(made)) return asGet ? new Response(null, response) : response;
    const at = storeKey(key, made.readOrigin);
    const entry = cache.store(at, before, made.headers, made.body, made.fixed);
    // An answer made for one origin and not kept (its first request) goes as it is: compressing it
    // would cost more than making it, for a Host that may never ask again.
    if (at !== key.target && !cache.isKept(entry)) return cache.answer(entry, { ...front, acceptEncoding: null });
    return cache.answer(entry, front);
  };

  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    const front: FrontRequest = {
      method: request.method,
      url: request.url,
      acceptEncoding: request.headers.get('accept-encoding'),
      ifNoneMatch: request.headers.get('if-none-match'),
      env,
    };
    const result = await answer(request, front);
    return isResponse(result) ? result : toResponse(result);
  };

  const request = (input: string, init?: RequestInit) => fetch(new Request(new URL(input, 'http://localhost'), init));
  return { app, cache, cached, answer, fetch, request };
}

/** A 200 the app says any cache may keep. */
function isStorable({ status, headers }: Made): boolean {
  return status === 200 && /\bpublic\b/.test(headers['cache-control'] ?? '') && headers['set-cookie'] === undefined;
}

function toResponse({ status, headers, body }: Answer): Response {
  // Bytes from TextEncoder, arrayBuffer() or node:zlib are plain ArrayBuffer-backed views;
  // TypeScript only types them as ArrayBufferLike-backed, which BodyInit does not admit.
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}
