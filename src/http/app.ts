/** createApp(): the whole HTTP API as one Web-standard Hono app, the same on every runtime. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { Catalogue } from '../core/catalogue.js';
import { jsonTextOf, type Assets, type Endpoint, type Reply, type RequestContext, type TextReply } from './endpoint.js';
import { ApiError } from './errors.js';
import { JSON_TYPE, toJson } from './json.js';
import { accessLog, type AccessLogEntry } from './middleware/access-log/index.js';
import { rateLimit, type RateLimitOptions } from './middleware/rate-limit/index.js';
import { securityHeaders, securityHeadersFor } from './middleware/security-headers/index.js';
import { urlLimit } from './middleware/url-limit/index.js';
import { pathOf, pathStart, searchOf } from './url-parts.js';
import { parseQuery, queryEntries } from './params.js';
import type { Compressors } from './precompressed.js';
import { encodeBody, storeBody } from './precompressed.js';
import { normalQuery, ResponseCache, type CacheEntry, type CachedAnswer, type Conditional, type ErrorEntry } from './response-cache.js';
import { badge } from './routes/badge.js';
import { calculate } from './routes/calculate.js';
import { changes } from './routes/changes.js';
import { cheapest } from './routes/cheapest.js';
import { compare } from './routes/compare.js';
import { health } from './routes/health.js';
import { pricing, pricingFile } from './routes/pricing.js';
import { recommend } from './routes/recommend.js';
import { home, siteScript, siteStyles, widget } from './routes/static.js';
import { describeApi } from './openapi.js';
import { openApiEndpoint } from './routes/openapi.js';
import { docsRoute, modelPageRoute, type PageRoute } from './routes/pages.js';
import { MCP_PATH } from '../mcp/path.js';

// /openapi.json and /docs describe everything below, themselves included.
const describe = describeApi(() => ENDPOINTS, () => PAGE_ROUTES);

/** Every endpoint the app serves, in the order the docs list them. */
export const ENDPOINTS: readonly Endpoint[] = [
  pricing, pricingFile, calculate, cheapest, compare, recommend, changes, badge, widget, health, home,
  siteScript, siteStyles, openApiEndpoint(describe),
] as unknown as readonly Endpoint[];

/** Pages outside ENDPOINTS: a path parameter (/models/:id) or headers of their own (/docs). */
export const PAGE_ROUTES: readonly PageRoute[] = [modelPageRoute, docsRoute(describe)];

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

// The data changes monthly: an hour of freshness, then a day of serving stale while revalidating.
export const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export interface AppOptions {
  /** The catalogue, or a function that returns the one in force (so a reload swaps it atomically). */
  catalogue: Catalogue | (() => Catalogue);
  /** Public address used in meta.source, meta.docs and badge URLs; the request's origin when unset. */
  baseUrl?: string;
  assets?: Assets;
  /** Longest request target (path and query) served, in bytes; longer ones get a 414 (default 8,192). */
  maxUrlBytes?: number;
  /** Per-client rate limit, off when unset; the runtime says how to find the client's address. */
  rateLimit?: RateLimitOptions;
  /** Receives one access-log entry per request; no log when unset. */
  accessLog?: (entry: AccessLogEntry) => void;
  /** Compressors for the large answers (COMPRESSED_PATHS); Node passes node:zlib's br and gzip. */
  compressors?: Compressors;
  /** Bounds of the response cache, or false to compute every answer (default: 2,000 entries, 8 MiB). */
  responseCache?: false | { maxEntries?: number; maxBytes?: number };
}

/** Answers served pre-compressed (br, gzip) when the runtime gives compressors; they vary by Accept-Encoding. */
export const COMPRESSED_PATHS: ReadonlySet<string> = new Set(['/data/pricing.json', '/api/pricing']);

export function createApp(options: AppOptions): Hono {
  const current = typeof options.catalogue === 'function' ? options.catalogue : () => options.catalogue as Catalogue;
  const baseUrl = options.baseUrl?.replace(/\/+$/, '');
  const assets = options.assets ?? {};
  const app = new Hono();
  // Answers are pure functions of the path, query, origin and catalogue, so they are kept as bytes.
  const cache = new ResponseCache({
    catalogue: current,
    paths: new Map(ENDPOINTS.map((e) => [e.path, { ignoreQuery: e.ignoreQuery === true }])),
    keyByOrigin: baseUrl === undefined,
    ...(options.compressors ? { compressors: options.compressors } : {}),
    ...(options.responseCache === false ? { maxEntries: 0 } : options.responseCache),
    ...(options.maxUrlBytes !== undefined ? { maxUrlLength: Math.min(2048, options.maxUrlBytes) } : {}),
    // What the middleware chain adds to every answer, so that answers given before it runs carry
    // them too (on the full path the chain sets the same values again).
    extraHeaders: (type) => (type === undefined ? EVERY_ANSWER : chainHeaders(type)),
  });

  if (options.accessLog) app.use('*', accessLog(options.accessLog));
  app.use('*', securityHeaders());
  // Set after the rest has run, so every response (errors and 304s too) carries them.
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(EVERY_ANSWER)) c.res.headers.set(name, value);
  });
  app.use('*', urlLimit(options.maxUrlBytes === undefined ? {} : { maxBytes: options.maxUrlBytes }));
  if (options.rateLimit) app.use('*', rateLimit(options.rateLimit));
  // Preflights only: on other requests cors() would only set the ACAO header the middleware above
  // sets anyway, and it reads c.res before the handler runs, which makes Hono copy every answer
  // into a streamed Response (node-server then reads it back asynchronously: about 1 ms a request).
  const preflight = cors({ origin: '*', allowMethods: [...ALLOWED_METHODS], maxAge: 86400 });
  app.use('*', (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : next()));
  app.use('*', async (c, next) => {
    // The one exception: /mcp (MCP over streamable HTTP) takes its JSON-RPC calls by POST.
    if (c.req.path !== MCP_PATH && !(ALLOWED_METHODS as readonly string[]).includes(c.req.method)) {
      throw new ApiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS).`);
    }
    await next();
  });
  // SHA-1 by Web Crypto, as etag() does by default, but looked up on first use: etag() reads
  // crypto.subtle when it is made, which loads Node's Web Crypto (eight modules, about 1.5 ms of a
  // cold start) for the pages on the full chain, which few requests ask for.
  app.use('*', etag({ generateDigest: (body) => crypto.subtle.digest('SHA-1', body as Uint8Array<ArrayBuffer>) }));

  app.all(MCP_PATH, async (c) => {
    // Loaded on the first MCP call: the SDK (and its JSON-schema validator) is most of the code a
    // server would otherwise compile at start-up for a path most deployments rarely see.
    const { handleMcpRequest } = await import('../mcp/http.js');
    return handleMcpRequest(c.req.raw, { catalogue: current, baseUrl: baseUrl ?? new URL(c.req.url).origin });
  });
  // An endpoint's answer computed by its handler and kept as bytes (stored in the cache from its
  // second request). A reply that is not a 200 (a static file's 404) comes back as the handler gave
  // it. Bad input is kept too, from its second request (see setError), and that entry comes back;
  // until then its ApiError is thrown. The query is read as the cache key spells it, so every
  // query with one key gets one answer, errors included. The one code path for every way in (the
  // route below and `direct`), each of which looks in the cache first.
  const computeEntry = (e: Endpoint, url: string, key: string | undefined): CacheEntry | ErrorEntry | TextReply => {
    const catalogue = current();
    let reply: Reply;
    try {
      // A URL too long for a key is read in the same order.
      const search = key === undefined ? normalQuery(searchOf(url)) : searchOf(key);
      const params = e.ignoreQuery ? {} : parseQuery(queryEntries(search), e.query);
      reply = e.handle(params, { catalogue, baseUrl: baseUrl ?? originOf(url), assets });
    } catch (err) {
      const kept = err instanceof ApiError ? cache.setError(key, catalogue, err, () => keptErrorAnswers(err)) : undefined;
      if (kept === undefined) throw err;
      return kept;
    }
    if ('body' in reply && (reply.status ?? 200) !== 200) return reply;
    const [text, type] = 'body' in reply ? [reply.body, reply.type] : [jsonTextOf(reply), JSON_TYPE];
    const stored = storeBody(text, type, options.compressors !== undefined && COMPRESSED_PATHS.has(e.path));
    return cache.set(key, catalogue, stored, CACHE_CONTROL);
  };
  for (const e of ENDPOINTS) {
    app.get(e.path, (c) => {
      const url = c.req.url;
      const key = cache.keyOf(url);
      const found = (key === undefined ? undefined : cache.get(key)) ?? computeEntry(e, url, key);
      // A kept client error is answered as a fresh one is (onError, then the middleware's headers).
      if ('error' in found) throw found.error;
      if ('type' in found) return send(c, found);
      return cache.respond(found, { method: c.req.method, acceptEncoding: c.req.header('accept-encoding') ?? null, ifNoneMatch: c.req.header('if-none-match') ?? null });
    });
  }
  for (const page of PAGE_ROUTES) {
    app.get(page.path, async (c) => {
      const ctx: RequestContext = { catalogue: current(), baseUrl: baseUrl ?? new URL(c.req.url).origin, assets };
      const reply = await page.respond(c.req.param(), ctx);
      const res = send(c, reply);
      for (const [name, value] of Object.entries(reply.headers ?? {})) res.headers.set(name, value);
      return res;
    });
  }

  app.notFound((c) => sendError(c, new ApiError(404, 'not_found', `No such path: ${new URL(c.req.url).pathname.slice(0, 100)}. See /docs.`)));
  app.onError((err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    // A bug, never a client's fault: log it and answer without internals.
    console.error(err);
    return c.body(toJson({ error: { status: 500, code: 'internal_error', message: 'Internal error.' } }), 500, {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'no-store',
    });
  });
  if (options.rateLimit === undefined && options.responseCache !== false) {
    // A GET or HEAD of an endpoint is answered before any framework work, from the cache or by the
    // endpoint's handler through `computeEntry`, with the headers the middleware chain would add
    // (`chainHeaders`); so is a client error the handler throws (kept in the cache as answers are,
    // and made by `errorAnswer` until it is). Anything else
    // (bugs, replies that are not 200s, pages, other methods, odd URLs) takes the full chain. A
    // rate limit must see every request, so it turns this off.
    const endpoints = new Map(ENDPOINTS.map((e) => [e.path, e]));
    const log = options.accessLog;
    const direct: DirectAnswers = (request) => {
      const { method, url } = request;
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      const start = log ? performance.now() : 0;
      const key = cache.keyOf(url);
      if (key === undefined) return undefined;
      let entry: CacheEntry | ErrorEntry | undefined = cache.get(key);
      if (!entry) {
        const e = endpoints.get(pathOf(url));
        if (!e) return undefined;
        let found: CacheEntry | ErrorEntry | TextReply;
        try {
          found = computeEntry(e, url, key);
        } catch (err) {
          // A bug takes the full chain, which logs it and answers 500 without internals.
          if (!(err instanceof ApiError)) return undefined;
          // Bad input asked for the first time: the JSON error the chain would give, without the
          // chain (from the next request on, the cache has it).
          const answer = errorAnswer(err, method);
          if (log) logFast(log, method, url, answer.status, start);
          return answer;
        }
        // A reply that is not a 200 (a static file's 404) takes the full chain.
        if ('type' in found) return undefined;
        entry = found;
      }
      const answer = cache.answer(entry, request);
      if (log) logFast(log, method, url, answer.status, start);
      return answer;
    };
    directAnswerers.set(app, direct);
    const full = app.fetch;
    app.fetch = (request, ...rest) => {
      const headers = request.headers;
      const answer = direct({
        method: request.method,
        url: request.url,
        acceptEncoding: headers.get('accept-encoding'),
        ifNoneMatch: headers.get('if-none-match'),
      });
      if (!answer) return full(request, ...rest);
      return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers: answer.headers });
    };
  }
  return app;
}

/** The origin of an absolute URL, without building a URL object unless it holds user info. */
function originOf(url: string): string {
  const origin = url.slice(0, pathStart(url));
  return origin.includes('@') ? new URL(url).origin : origin;
}

/** A request as `direct` reads it: the absolute URL as the Fetch API spells it, and two headers. */
export interface DirectRequest extends Conditional {
  url: string;
}

/** Answers an endpoint's GET or HEAD without the framework, or returns undefined to let the app run. */
export type DirectAnswers = (request: DirectRequest) => CachedAnswer | undefined;

const directAnswerers = new WeakMap<Hono, DirectAnswers>();

/**
 * The app's direct answers, for a runtime that can write plain status, headers and bytes without
 * building Request and Response objects (Node); undefined when the app has them off.
 */
export function directAnswers(app: Hono): DirectAnswers | undefined {
  return directAnswerers.get(app);
}

/** Headers set on every answer after the rest of the chain has run. */
const EVERY_ANSWER: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };

// What the middleware chain adds to an answer of each Content-Type (securityHeaders, then the two
// above), made once per distinct type: answers given before the chain carry the same.
const chainHeadersByType = new Map<string, Readonly<Record<string, string>>>();

function chainHeaders(type: string): Readonly<Record<string, string>> {
  let headers = chainHeadersByType.get(type);
  if (headers === undefined) {
    headers = { ...EVERY_ANSWER, ...securityHeadersFor(type) };
    if (chainHeadersByType.size < 64) chainHeadersByType.set(type, headers);
  }
  return headers;
}

/** The access-log entry of an answer given before the middleware chain (which logs the rest). */
function logFast(log: (entry: AccessLogEntry) => void, method: string, url: string, status: number, start: number): void {
  log({
    time: new Date().toISOString(),
    method,
    path: pathOf(url).slice(0, 200),
    status,
    ms: Math.round((performance.now() - start) * 100) / 100,
  });
}

function send(c: Context, reply: Reply): Response {
  if ('body' in reply) return c.body(reply.body, reply.status ?? 200, { 'Content-Type': reply.type, 'Cache-Control': CACHE_CONTROL });
  return c.body(jsonTextOf(reply), 200, { 'Content-Type': JSON_TYPE, 'Cache-Control': CACHE_CONTROL });
}

function sendError(c: Context, error: ApiError): Response {
  return c.body(toJson(error.toBody()), error.status, errorHeaders(error));
}

/** The headers sendError gives an error (the middleware chain adds its own). */
function errorHeaders(error: ApiError): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE, 'cache-control': 'no-store' };
  if (error.status === 405) headers.allow = ALLOWED_METHODS.join(', ');
  return headers;
}

/** A client error as the full chain answers it (sendError, then the middleware's headers), without the chain. */
function errorAnswer(error: ApiError, method: string): CachedAnswer {
  const headers = errorAnswerHeaders(error);
  // A HEAD gets no Content-Length, as the full chain answers it on Node.
  if (method === 'HEAD') return { status: error.status, headers, body: null };
  const body = encodeBody(toJson(error.toBody()));
  return { status: error.status, headers: { ...headers, 'content-length': String(body.byteLength) }, body };
}

/** A client error's answers to a GET and a HEAD, to keep: bytes of their own, not a slab's view. */
function keptErrorAnswers(error: ApiError): { get: CachedAnswer; head: CachedAnswer } {
  const get = errorAnswer(error, 'GET');
  return { get: { ...get, body: get.body && get.body.slice() }, head: errorAnswer(error, 'HEAD') };
}

// A client error's answer headers but its Content-Length (a GET's only), by status: they differ
// only for a 405.
const errorAnswerHeadersByStatus = new Map<number, Readonly<Record<string, string>>>();

function errorAnswerHeaders(error: ApiError): Readonly<Record<string, string>> {
  let headers = errorAnswerHeadersByStatus.get(error.status);
  if (headers === undefined) {
    headers = { ...errorHeaders(error), ...chainHeaders(JSON_TYPE) };
    errorAnswerHeadersByStatus.set(error.status, headers);
  }
  return headers;
}
