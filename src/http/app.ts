/** createApp(): the whole HTTP API as one Web-standard Hono app, the same on every runtime. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { Catalogue } from '../core/catalogue.js';
import type { Assets, Endpoint, Reply, RequestContext } from './endpoint.js';
import { ApiError } from './errors.js';
import { toJson } from './json.js';
import { accessLog, type AccessLogEntry } from './middleware/access-log/index.js';
import { rateLimit, type RateLimitOptions } from './middleware/rate-limit/index.js';
import { securityHeaders } from './middleware/security-headers/index.js';
import { urlLimit } from './middleware/url-limit/index.js';
import { parseQuery, queryEntries } from './params.js';
import type { Compressors } from './precompressed.js';
import { storeBody } from './precompressed.js';
import { ResponseCache } from './response-cache.js';
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
import { handleMcpRequest, MCP_PATH } from '../mcp/http.js';

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
  /** Bounds of the response cache, or false to compute every answer (default: 2,000 entries, 32 MiB). */
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
  });

  if (options.accessLog) app.use('*', accessLog(options.accessLog));
  app.use('*', securityHeaders());
  // Set after the rest has run, so every response (errors and 304s too) carries them.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
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
  app.use('*', etag());

  app.all(MCP_PATH, (c) => handleMcpRequest(c.req.raw, { catalogue: current, baseUrl: baseUrl ?? new URL(c.req.url).origin }));
  for (const e of ENDPOINTS) {
    app.get(e.path, (c) => {
      const url = c.req.url;
      const conditional = { method: c.req.method, acceptEncoding: c.req.header('accept-encoding') ?? null, ifNoneMatch: c.req.header('if-none-match') ?? null };
      const key = cache.keyOf(url);
      const hit = key === undefined ? undefined : cache.get(key);
      if (hit) {
        cache.served(c.req.raw, hit);
        return cache.respond(hit, conditional);
      }
      const mark = url.indexOf('?');
      const search = mark === -1 ? '' : url.slice(mark + 1).split('#', 1)[0] ?? '';
      const params = e.ignoreQuery ? {} : parseQuery(queryEntries(search), e.query);
      const catalogue = current();
      const ctx: RequestContext = { catalogue, baseUrl: baseUrl ?? originOf(url), assets };
      const reply = e.handle(params, ctx);
      if ('json' in reply || (reply.status ?? 200) === 200) {
        const [text, type] = 'json' in reply ? [toJson(reply.json), JSON_TYPE] : [reply.body, reply.type];
        const stored = storeBody(text, type, options.compressors !== undefined && COMPRESSED_PATHS.has(e.path));
        return cache.respond(cache.set(key, catalogue, stored, CACHE_CONTROL), conditional);
      }
      return send(c, reply);
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
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
  if (options.rateLimit === undefined && options.responseCache !== false) {
    // A repeated query is answered before any framework work, with the headers the full chain
    // gave it (see ResponseCache). A rate limit must see every request, so it turns this off.
    const full = app.fetch;
    const log = options.accessLog;
    app.fetch = (request, ...rest) => {
      const start = log ? performance.now() : 0;
      const fast = cache.fastFetch(request);
      if (fast) {
        if (log) logFast(log, request, fast.status, start);
        return fast;
      }
      const res = full(request, ...rest);
      if (res instanceof Promise) return res.then((r) => (cache.capture(request, r), r));
      cache.capture(request, res);
      return res;
    };
  }
  return app;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The origin of an absolute URL, without building a URL object unless it holds user info. */
function originOf(url: string): string {
  const origin = url.slice(0, url.indexOf('/', url.indexOf('//') + 2));
  return origin.includes('@') ? new URL(url).origin : origin;
}

/** The access-log entry of an answer the cache gave before the middleware chain (which logs the rest). */
function logFast(log: (entry: AccessLogEntry) => void, request: Request, status: number, start: number): void {
  const url = request.url;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const mark = url.indexOf('?', slash);
  log({
    time: new Date().toISOString(),
    method: request.method,
    path: url.slice(slash, mark === -1 ? undefined : mark).slice(0, 200),
    status,
    ms: Math.round((performance.now() - start) * 100) / 100,
  });
}

function send(c: Context, reply: Reply): Response {
  if ('json' in reply) {
    return c.body(toJson(reply.json), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CACHE_CONTROL });
  }
  return c.body(reply.body, reply.status ?? 200, { 'Content-Type': reply.type, 'Cache-Control': CACHE_CONTROL });
}

function sendError(c: Context, error: ApiError): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (error.status === 405) headers.Allow = ALLOWED_METHODS.join(', ');
  return c.body(toJson(error.toBody()), error.status, headers);
}
