/** createApp(): the whole HTTP API as one Web-standard Hono app, the same on every runtime. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import { API_ENDPOINTS } from '../endpoints/index.js';
import {
  TextReply,
  type AnyEndpoint,
  type Assets,
  type Coded,
  type Reply,
  type RequestContext,
} from '../endpoints/endpoint.js';
import { ApiError } from '../lib/errors.js';
import { systemClock, today, type Clock } from '../lib/clock.js';
import { JSON_TYPE, toJson } from '../lib/json.js';
import { parseQuery } from '../endpoints/params.js';
import { queryOf } from './url.js';
import { cacheControlAt } from './cache-control.js';
import { etagOf } from './etag.js';
import type { RateLimiter } from './middleware/rate-limit/index.js';
import { securityHeadersOn, withSecurityHeaders } from './middleware/security-headers/index.js';
import { trailingSlashRedirect } from './middleware/trailing-slash/index.js';
import { refuseLongUrl } from './middleware/url-limit/index.js';
import { receiveUpload, type UploadBudget } from './middleware/upload/index.js';
import type { Describe, DescribeApi } from './openapi.js';
import { openApiEndpoint } from './routes/openapi.js';
import { docsRoute, modelPageRoute, repricePageRoute, type PageRoute } from './routes/pages.js';
import { docsScript, docsStyles, home, repriceScript, siteScript, siteStyles, widget } from './routes/static.js';

// /openapi.json and /docs describe everything below, themselves included. The describer's module
// (the document's code, and the response schemas zod builds when it is loaded: about 30 ms) is
// imported when one of them is first asked for, not at start-up.
let describer: Promise<Describe> | undefined;
const describe: DescribeApi = async (ctx) =>
  (
    await (describer ??= import('./openapi.js').then(({ describeApi }) =>
      describeApi(
        () => ENDPOINTS,
        () => PAGE_ROUTES,
      ),
    ))
  )(ctx);

/** Every endpoint the app serves, in the order the docs list them: the API's, then the site's files. */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...API_ENDPOINTS,
  widget,
  home,
  siteScript,
  repriceScript,
  siteStyles,
  docsScript,
  docsStyles,
  openApiEndpoint(describe),
] as unknown as readonly AnyEndpoint[];

/** Pages outside ENDPOINTS: a path parameter (/models/:id), or the OpenAPI document rendered (/docs). */
export const PAGE_ROUTES: readonly PageRoute[] = [modelPageRoute, docsRoute(describe), repricePageRoute];

const PATHS = new Set(ENDPOINTS.filter((e) => e.method !== 'POST').map((e) => e.path));
/** The paths that take a POST (a body), besides /mcp. */
const POSTS = new Set(ENDPOINTS.filter((e) => e.method === 'POST').map((e) => e.path));
/** The largest body any endpoint takes, bytes: a request that declares more is refused without being asked for its body. */
export const MAX_BODY_BYTES = Math.max(0, ...ENDPOINTS.map((e) => e.body?.maxBytes ?? 0));
const QUERY_FREE = new Set(ENDPOINTS.filter((e) => e.ignoreQuery).map((e) => e.path));
const PAGE_PATTERNS = PAGE_ROUTES.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));

/** Whether the app answers this path (as its router reads it: decoded) the same whatever its query (a file, a page). */
export function ignoresQuery(path: string): boolean {
  return QUERY_FREE.has(path) || PAGE_PATTERNS.some((pattern) => pattern.test(path));
}

/** Whether a GET of this path (decoded) reaches an endpoint or a page. */
export function isRoute(path: string): boolean {
  return PATHS.has(path) || PAGE_PATTERNS.some((pattern) => pattern.test(path));
}

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** What a path declared POST takes (its preflight beside it): its 405s say so in Allow. */
const POST_METHODS = ['POST', 'OPTIONS'] as const;

/** The methods a path takes, from its declaration: a POST endpoint's POST and OPTIONS, every other path GET, HEAD and OPTIONS. */
export const allowedAt = (path: string): readonly string[] => (POSTS.has(path) ? POST_METHODS : ALLOWED_METHODS);

// Files (the same bytes for the life of the process): an hour of freshness, then a day of serving
// stale while revalidating. Answers, which may depend on the date, end at midnight UTC.
export const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/** An answer made from what the client sent (a body): never kept, and no ETag to revalidate it by. */
const NO_STORE = 'no-store';

/** MCP over streamable HTTP, which the runtime mounts (src/mcp): a POST path of its own, outside the endpoints. */
export interface McpRoute {
  path: string;
  /** Answers every method on the path, OPTIONS included (it has a CORS policy of its own). */
  handle(request: Request, context: McpContext): Promise<Response>;
}

/** What the app gives an MCP request. */
export interface McpContext {
  /** An API path and query (`/api/pricing?model=x`), asked of the service as an HTTP client would ask it: a GET, or as `init` says (reprice_usage POSTs). */
  ask(target: string, init?: RequestInit): Promise<Response>;
  /** Counts this many more requests from the client against the rate limit; throws its 429 past it. */
  charge(requests: number): void;
}

export interface AppOptions {
  /** The catalogue, or a function that returns the one in force (so a reload swaps it atomically). */
  catalogue: Catalogue | (() => Catalogue);
  /**
   * Public address that links are written from (meta.source, pages, badge snippets, feeds); unset,
   * links read on the site are relative and those that must be absolute take the request's origin.
   */
  baseUrl?: string;
  assets?: Assets;
  /** Longest request target (path and query) served, in bytes; longer ones get a 414 (default 8,192). */
  maxUrlBytes?: number;
  /** Per-client rate limit, off when unset (see createRateLimiter). */
  rateLimiter?: RateLimiter;
  mcp?: McpRoute;
  /** What MCP tool calls are asked of: the service in front of the app (default: the app itself). */
  ask?: (request: Request, env?: unknown) => Promise<Response>;
  /** The one clock answers read today from (default: the system's; tests fix it). */
  clock?: Clock;
  /** The memory that request bodies being received reserve (Node's budget); bodies are bounded by size only without it. */
  uploadBudget?: UploadBudget;
}

export function createApp(options: AppOptions): Hono {
  const current = typeof options.catalogue === 'function' ? options.catalogue : () => options.catalogue as Catalogue;
  const baseUrl = options.baseUrl?.replace(/\/+$/, '');
  const assets = options.assets ?? {};
  const clock = options.clock ?? systemClock;
  /** A reply made later (the OpenAPI document's) is awaited; the others are sent without a promise more. */
  const answer = (
    c: Context,
    respond: (ctx: RequestContext) => Reply | Promise<Reply>,
    noStore = false,
  ): Response | Promise<Response> => {
    const ctx = new HandlerContext(current(), assets, c.req.url, baseUrl, today(clock));
    const reply = respond(ctx);
    const cacheControl = noStore ? NO_STORE : cacheControlAt(clock);
    return reply instanceof Promise
      ? reply.then((made) => send(made, ctx.readOrigin, cacheControl))
      : send(reply, ctx.readOrigin, cacheControl);
  };
  const app = new Hono();

  // Preflights only: every answer already gets Access-Control-Allow-Origin (withSecurityHeaders);
  // /mcp answers its own, by its own policy.
  const preflight = cors({ origin: '*', allowMethods: [...ALLOWED_METHODS], maxAge: 86400 });
  // A path that takes a body: POST with a Content-Type, from any origin.
  const postPreflight = cors({
    origin: '*',
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['Content-Type'],
    maxAge: 86400,
  });
  const maxUrlBytes = options.maxUrlBytes;
  const slashes = { isRoute, ...(baseUrl === undefined ? {} : { baseUrl }) };
  /**
   * What a request meets before its route, in this order: a 414 for a URL too long, the rate
   * limit's 429, the preflight's answer, a 405 for a method this API does not serve, and the 301
   * that drops trailing slashes (`/api/pricing/?tier=mid` to `/api/pricing?tier=mid`; like every
   * link, on BASE_URL when set). Undefined when the route answers.
   */
  const before = (c: Context): Response | Promise<Response | void> | undefined => {
    refuseLongUrl(c.req.url, maxUrlBytes);
    options.rateLimiter?.charge(c, 1);
    const closed = c.req.path === options.mcp?.path;
    if (c.req.method === 'OPTIONS' && !closed)
      return (POSTS.has(c.req.path) ? postPreflight : preflight)(c, async () => {});
    const allowed = allowedAt(c.req.path);
    if (!closed && !allowed.includes(c.req.method)) {
      throw new ApiError(
        405,
        'method_not_allowed',
        allowed === ALLOWED_METHODS
          ? `Method ${c.req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS).`
          : `Method ${c.req.method} is not allowed on ${c.req.path}; it takes ${allowed.join(', ')}.`,
      );
    }
    return trailingSlashRedirect(c, slashes);
  };
  // One middleware (each level of middleware costs every answer a promise and a closure more):
  // `before`, the route, and last the security headers of whatever is answered, its errors,
  // redirects, preflights and /mcp's answers included; an answer of an endpoint or page was made
  // with them (send) and goes as it is.
  app.use('*', async (c, next) => {
    try {
      const early = before(c);
      if (early === undefined) await next();
      else c.res = (await early) ?? undefined;
    } catch (err) {
      // Thrown here, not in a route: answered as onError answers a route's.
      c.res = failed(err, c);
    }
    const res = c.res;
    if (madeOf(res) !== undefined) return;
    // Cleared first: Hono copies a replaced response's headers onto its successor (a copy of it).
    c.res = undefined;
    c.res = withSecurityHeaders(res, c.req.path === options.mcp?.path);
  });

  const mcp = options.mcp;
  const ask = options.ask ?? (async (request: Request, env?: unknown) => app.fetch(request, env));
  if (mcp) {
    app.all(mcp.path, (c) =>
      mcp.handle(c.req.raw, {
        // Tool calls are charged up front (charge), so they are asked without the client's bindings; an
        // upload (reprice_usage) with them, so that its work is charged to the client as an HTTP upload's is.
        ask: (target, init) =>
          ask(new Request(new URL(target, c.req.url), init), init?.method === 'POST' ? c.env : undefined),
        charge: (requests) => options.rateLimiter?.charge(c, requests),
      }),
    );
  }
  for (const e of ENDPOINTS) {
    const body = e.body;
    if (e.method === 'POST' && body) {
      // The body is read once, within its bound (a 413 past it, before it is read whole) and the
      // memory budget (middleware/upload), and forgotten with the answer; no body is logged (the
      // access log writes the path alone).
      const tooLarge = () => new ApiError(413, 'body_too_large', body.tooLarge, { param: 'body' });
      app.post(
        e.path,
        receiveUpload({ maxBytes: body.maxBytes, tooLarge }, () => options.uploadBudget),
        async (c) => {
          const params = parseQuery(new URLSearchParams(queryOf(c.req.url)), e.query);
          const read = await body.read(await c.req.text(), params);
          const requests = e.charge?.(read, params, current()) ?? 1;
          if (requests > 1) options.rateLimiter?.charge(c, requests - 1);
          return answer(c, (ctx) => e.handle(params, ctx, read), e.noStore);
        },
      );
      continue;
    }
    app.get(e.path, (c) => {
      const params = e.ignoreQuery ? {} : parseQuery(new URLSearchParams(queryOf(c.req.url)), e.query);
      return answer(c, (ctx) => e.handle(params, ctx, undefined), e.noStore);
    });
  }
  for (const page of PAGE_ROUTES) {
    app.get(page.path, (c) => answer(c, (ctx) => page.respond(c.req.param(), ctx)));
  }

  app.notFound((c) =>
    sendError(
      c,
      new ApiError(404, 'not_found', `No such path: ${new URL(c.req.url).pathname.slice(0, 100)}. See /docs.`),
    ),
  );
  app.onError(failed);
  return app;
}

/** The answer to an error: its own for an ApiError, else a 500 (logged). */
function failed(err: unknown, c: Context): Response {
  if (err instanceof ApiError) return sendError(c, err);
  // A bug, never a client's fault: log it and answer without internals.
  console.error(err);
  return c.body(toJson({ error: { status: 500, code: 'internal_error', message: 'Internal error.' } }), 500, {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-store',
  });
}

/**
 * A handler's context, and whether the handler read the origin (an answer that did not is the same
 * for every origin). A class, so that every request's context shares one getter: an object literal
 * with a getter makes the getter, a closure and a tuple anew for every answer.
 */
class HandlerContext implements RequestContext {
  readOrigin = false;
  readonly baseUrl: string;

  constructor(
    readonly catalogue: Catalogue,
    readonly assets: Assets,
    private readonly url: string,
    /** BASE_URL, when set. */
    private readonly base: string | undefined,
    readonly today: string,
  ) {
    this.baseUrl = base ?? '';
  }

  get origin(): string {
    if (this.base !== undefined) return this.base;
    this.readOrigin = true;
    return new URL(this.url).origin;
  }
}

const encoder = new TextEncoder();

/** What send() made of a response, for the cache in front of the app: the answer as plain data. */
export interface Made {
  status: 200 | 404;
  /** Its headers, final (security headers included), lower-case names: the object the Response was made with. */
  headers: Readonly<Record<string, string>>;
  /** Its bytes, kept as they are instead of read back through the Response's stream (which costs more than making them). */
  body: Uint8Array;
  /** Whether the handler read the request's origin (without BASE_URL, the answer may embed it). */
  readOrigin: boolean;
  /** A file the same for the life of the process, with the codings made of it ahead (TextReply.fixed). */
  fixed?: Coded;
}

// What send() made, on the Response it made: a property, not a WeakMap entry, which every answer
// would add for the garbage collector to clear again (weak entries cost each young collection).
const MADE = Symbol('made');
type MadeResponse = Response & { [MADE]?: Made };

/** What the app made of a response, if send() made it (every answer of an endpoint or page). */
export function madeOf(response: Response): Made | undefined {
  return (response as MadeResponse)[MADE];
}

/**
 * A handler's reply as bytes, serialised once, with its final headers written once (type, caching
 * headers, for a 200 its ETag, and the security headers of its type) as one plain object: the one
 * Response of the answer is made with it (on Node, the Node adapter's Response keeps it as it is,
 * to the socket) and the cache in front of the app keeps it. createApp's middleware
 * leaves such a Response as it is.
 */
function send(reply: Reply, readOrigin: boolean, cacheControl: string): Response {
  const [text, type, status]: [string, string, 200 | 404] =
    reply instanceof TextReply ? [reply.body, reply.type, reply.status] : [toJson(reply), JSON_TYPE, 200];
  const body = encoder.encode(text);
  // A file is the same whatever the day; any other answer may depend on it.
  const headers: Record<string, string> = {
    'cache-control': reply instanceof TextReply && reply.fixed ? CACHE_CONTROL : cacheControl,
    'content-type': type,
  };
  if (status === 200 && cacheControl !== NO_STORE) headers.etag = etagOf(body, type);
  // No endpoint or page is on a path with a CORS policy of its own (/mcp answers itself).
  const security = securityHeadersOn(type, false);
  for (const name in security) headers[name] = security[name] as string;
  const made: Made = { status, headers, body, readOrigin };
  if (reply instanceof TextReply && reply.fixed) made.fixed = reply.fixed;
  return madeResponse(made);
}

function madeResponse(made: Made): Response {
  // BodyInit does not admit TextEncoder's Uint8Array<ArrayBufferLike> in TypeScript's DOM types; it is ArrayBuffer-backed.
  const response = new Response(made.body as Uint8Array<ArrayBuffer>, { status: made.status, headers: made.headers });
  (response as MadeResponse)[MADE] = made;
  return response;
}

function sendError(c: Context, error: ApiError): Response {
  const headers: Record<string, string> = { 'content-type': JSON_TYPE, 'cache-control': 'no-store' };
  if (error.status === 405) headers.allow = allowedAt(c.req.path).join(', ');
  return c.body(toJson(error.toBody()), error.status, headers);
}
