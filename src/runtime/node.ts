/**
 * Node entry: load and validate data/, then serve the app on HOST:PORT with bounded timeouts and
 * sizes, reload the catalogue on SIGHUP and drain on SIGTERM.
 */
import { existsSync, readFileSync, realpathSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Catalogue } from '../core/catalogue.js';
import { createApp, directAnswers } from '../http/app.js';
import type { Assets } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import { JSON_TYPE } from '../http/json.js';
import { formatAccessLog } from '../http/middleware/access-log/index.js';
import { batchedWriter } from './batched-writes.js';
import { startCluster } from './cluster.js';
import { loadCatalogueFromDir } from './load-catalogue.js';
import { nodeCompressors } from './node-compression.js';
import { clientAddress, readRuntimeConfig, type LogLevel, type RuntimeConfig } from './server-options.js';

// Paths are relative to the project root, whether this runs from src/ (tests) or dist/ (bundle).
const root = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Built files the app serves when they exist (npm run build makes them). */
function loadAssets(): Assets {
  const read = (name: string) => {
    const path = join(root, 'dist', name);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  const widgetJs = read('widget.js');
  const siteJs = read('site.js');
  return { ...(widgetJs === undefined ? {} : { widgetJs }), ...(siteJs === undefined ? {} : { siteJs }) };
}

export interface Logger {
  /** Lines an operator always wants (start, reload, shutdown): stdout unless LOG_LEVEL=silent. */
  notice(message: string, fields?: Record<string, unknown>): void;
  /** Problems (a rejected reload, a bug): stderr unless LOG_LEVEL=silent. */
  error(message: string, fields?: Record<string, unknown>): void;
  /** Raw access-log lines: stdout, only with LOG_LEVEL=info. */
  access?: (line: string) => void;
}

/** One JSON line per event, so that logs are machine-readable. */
export function jsonLogger(level: LogLevel): Logger {
  const line = (msg: string, fields: Record<string, unknown> = {}) => `${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`;
  const quiet = level === 'silent';
  return {
    notice: (msg, fields) => void (quiet || process.stdout.write(line(msg, fields))),
    error: (msg, fields) => void (quiet || process.stderr.write(line(msg, fields))),
    ...(level === 'info' ? { access: (text: string) => void process.stdout.write(text) } : {}),
  };
}

export type ReloadResult = { ok: true; models: number } | { ok: false; reason: string };

export interface RunningServer {
  server: Server;
  config: RuntimeConfig;
  /** The directory the catalogue is read from. */
  dataDir: string;
  /** The catalogue in force. */
  catalogue(): Catalogue;
  /** Loads DATA_DIR again; a valid catalogue replaces the current one, an invalid one is logged and ignored. */
  reload(): ReloadResult;
  /** Stops accepting, lets in-flight requests finish, cuts what remains after DRAIN_TIMEOUT_MS. */
  drain(): Promise<{ forced: boolean }>;
  /** Resolves with the bound address once listening. */
  listening: Promise<AddressInfo>;
}

export function startServer(env: NodeJS.ProcessEnv = process.env, log: Logger = jsonLogger(readRuntimeConfig(env).logLevel)): RunningServer {
  const config = readRuntimeConfig(env);
  const { limits } = config;
  const dataDir = config.dataDir ?? join(root, 'data');
  // One reference, swapped whole: each request reads it once, so none sees a mix of two catalogues.
  let catalogue = loadCatalogueFromDir(dataDir);
  let draining = false;

  const app = createApp({
    catalogue: () => catalogue,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    assets: loadAssets(),
    maxUrlBytes: limits.maxUrlBytes,
    compressors: nodeCompressors(),
    ...(config.rateLimit ? { rateLimit: { perMinute: config.rateLimit, clientIp: (c: Context) => nodeClientIp(c, config.trustProxy) } } : {}),
    ...(log.access ? { accessLog: (entry) => log.access?.(formatAccessLog(entry)) } : {}),
  });

  // @hono/node-server is loaded on the first request the direct answers below leave to it: loading
  // it makes Node load its fetch implementation (undici, about 20 ms), which the endpoints' own
  // answers never need, so a fresh server answers them sooner.
  let listener: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  const fullChain = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    listener ??= import('@hono/node-server').then(({ getRequestListener }) =>
      getRequestListener(app.fetch, {
        hostname: config.host,
        // Only a request Node parsed but the URL standard cannot hold (a bad Host header) lands here.
        errorHandler: () => jsonErrorResponse(400, 'bad_request', 'The request could not be read as a URL (check the Host header and the path).'),
      }),
    );
    return (await listener)(req, res);
  };

  // Endpoint answers written straight from the app's cache (or its handler) when the request's URL
  // is one @hono/node-server would read unchanged, in batches (batched-writes.ts); everything else
  // goes through the listener.
  const direct = directAnswers(app);
  const fetchUrl = fetchUrlOf();
  const writer = batchedWriter((err) => log.error('an answer could not be written', { reason: String((err as Error | undefined)?.message ?? err) }));

  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above; its default (30 s) would let them overrun.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
      // Node would refuse an HTTP/1.1 request without Host with an empty 400; it is refused below, in JSON.
      requireHostHeader: false,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      if (req.httpVersion === '1.1' && req.headers.host === undefined) {
        const body = errorBody(400, 'bad_request', 'An HTTP/1.1 request needs a Host header.');
        res.writeHead(400, { ...ERROR_HEADERS, 'Content-Length': Buffer.byteLength(body), Connection: 'close' }).end(body);
        return;
      }
      // Every method served is bodiless: a body sent anyway is never read; closing after the answer
      // keeps Node from reading it off the wire to reuse the connection.
      if (draining || hasBody(req)) res.setHeader('Connection', 'close');
      if (direct !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
        const url = fetchUrl(req);
        if (url !== undefined) {
          const { headers } = req;
          const answer = direct({
            method: req.method,
            url,
            acceptEncoding: joined(headers['accept-encoding']),
            ifNoneMatch: joined(headers['if-none-match']),
          });
          if (answer) {
            writer.write(res, answer.status, withContentType(answer.headers), answer.body);
            return;
          }
        }
      }
      void fullChain(req, res);
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // An answer queued for a request pipelined before the bad one goes out first, as it would
    // have without batching; the refusal below then sees it sent.
    writer.flush();
    answerClientError(err, socket);
  });

  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      const address = server.address() as AddressInfo;
      log.notice(`ai-model-pricing: ${catalogue.models.length} models, listening on http://${config.host}:${address.port}`, {
        port: address.port,
        models: catalogue.models.length,
      });
      resolve(address);
    });
  });

  const reload = (): ReloadResult => {
    try {
      const next = loadCatalogueFromDir(dataDir);
      catalogue = next;
      log.notice('catalogue reloaded', { models: next.models.length, lastUpdated: next.lastUpdated });
      return { ok: true, models: next.models.length };
    } catch (err) {
      const reason = (err as Error).message;
      log.error('catalogue reload rejected; the previous catalogue keeps serving', { reason });
      return { ok: false, reason };
    }
  };

  let drained: Promise<{ forced: boolean }> | undefined;
  const drain = () => {
    drained ??= new Promise((resolve) => {
      draining = true;
      let forced = false;
      const timer = setTimeout(() => {
        forced = true;
        server.closeAllConnections();
      }, limits.drainTimeoutMs);
      // close() stops accepting and, on Node 19+, also closes idle keep-alive connections.
      server.close(() => {
        clearTimeout(timer);
        resolve({ forced });
      });
      server.closeIdleConnections();
    });
    return drained;
  };

  return { server, config, dataDir, catalogue: () => catalogue, reload, drain, listening };
}

/** A header as the Fetch API reads it: absent is null, repeats joined by ", ". */
function joined(value: string | string[] | undefined): string | null {
  return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
}

// A request target the URL parser keeps as it is: no characters it would percent-encode, no
// backslash, no dot segment (plain or encoded) it would resolve, no fragment.
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/**
 * The absolute URL @hono/node-server gives the app for a request (`new URL(http://host + target)`),
 * built by concatenation when that is sure to be the same string; undefined otherwise (the request
 * then takes the listener). Whether a Host value is already canonical is remembered per value.
 */
function fetchUrlOf(): (req: IncomingMessage) => string | undefined {
  const canonical = new Map<string, boolean>();
  return (req) => {
    const host = req.headers.host;
    const target = req.url;
    if (host === undefined || target === undefined || (req.socket as { encrypted?: boolean }).encrypted) return undefined;
    let plain = canonical.get(host);
    if (plain === undefined) {
      try {
        // A name or address (no user info, which node-server refuses), already in canonical form.
        plain = PLAIN_HOST.test(host) && new URL(`http://${host}/`).href === `http://${host}/`;
      } catch {
        plain = false;
      }
      if (canonical.size >= 256) canonical.clear();
      canonical.set(host, plain);
    }
    if (!plain || !PLAIN_TARGET.test(target)) return undefined;
    const mark = target.indexOf('?');
    if (DOT_SEGMENT.test(mark === -1 ? target : target.slice(0, mark))) return undefined;
    return `http://${host}${target}`;
  };
}

// A 304's headers with the Content-Type @hono/node-server gives every response that has none,
// made once per set of headers (the cache shares one set among an entry's 304s).
const typedHeaders = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>();

function withContentType(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  if (headers['content-type'] !== undefined) return headers;
  let typed = typedHeaders.get(headers);
  if (typed === undefined) {
    typed = { ...headers, 'content-type': 'text/plain; charset=UTF-8' };
    typedHeaders.set(headers, typed);
  }
  return typed;
}

/** The client's address for the rate limit: the socket's, or X-Forwarded-For behind trusted proxies. */
function nodeClientIp(c: Context, trustProxy: number): string | undefined {
  const { incoming } = c.env as HttpBindings;
  return clientAddress(incoming.socket.remoteAddress, c.req.header('x-forwarded-for'), trustProxy);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The API's JSON error envelope (ApiError's), for the refusals made before or outside the app. */
function errorBody(status: ApiError['status'], code: string, message: string): string {
  return JSON.stringify(new ApiError(status, code, message).toBody());
}

const ERROR_HEADERS = { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function jsonErrorResponse(status: ApiError['status'], code: string, message: string): Response {
  return new Response(errorBody(status, code, message), { status, headers: ERROR_HEADERS });
}

const CLIENT_ERRORS: Record<string, [ApiError['status'], string, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request line and headers are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'payload_too_large', 'The request is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request was not received in time.'],
};

/** How long a refused connection may take to drain an answer already written before it is cut. */
const DRAIN_BEFORE_CLOSE_MS = 10_000;

/** Node's own refusals (malformed request, headers too large, too slow) as JSON errors, then close. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // _httpMessage is Node's (untyped) in-progress response: if it has started, nothing can be added,
  // but what it has written (say a 100 KB answer to a request pipelined before the bad one) is let
  // drain before the connection closes, within a bound.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (pending?.headersSent) {
    socket.end();
    setTimeout(() => socket.destroy(), DRAIN_BEFORE_CLOSE_MS).unref();
    return;
  }
  const [status, reason, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'bad_request', 'The request is not valid HTTP/1.1.'];
  const body = errorBody(status, code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Process wiring: SIGHUP reloads, SIGTERM and SIGINT drain then exit; a second signal exits at once. */
export function handleSignals(running: RunningServer, log: Logger): void {
  process.on('SIGHUP', () => void running.reload());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const drained = running.drain();
    // Logged once the listening socket is closed, so that whoever reads it finds new connections refused.
    log.notice(`${signal}: draining`, { drainTimeoutMs: running.config.limits.drainTimeoutMs });
    void drained.then(({ forced }) => {
      log.notice(forced ? 'drain timed out; remaining connections closed' : 'drained; exiting', { forced });
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** WATCH_DATA: reload once the data directory has been quiet for 300 ms after a change (editors write in bursts). */
export function watchData(running: RunningServer): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(running.dataDir, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void running.reload(), 300);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

/**
 * Whether node was asked to run this file. Node names the module by its real path (or, with
 * --preserve-symlinks-main, by the link) and gives argv[1] as typed, so a server started through a
 * symbolic link (a release directory behind a `current` link) is compared by real path on both
 * sides.
 */
function isMainModule(): boolean {
  const main = process.argv[1];
  if (!main) return false;
  try {
    return realpathSync(main) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// With WORKERS > 1 this process becomes the cluster's primary and its forked workers serve.
if (isMainModule() && !startCluster(process.env)) {
  try {
    const log = jsonLogger(readRuntimeConfig(process.env).logLevel);
    const running = startServer(process.env, log);
    handleSignals(running, log);
    if (running.config.watchData) watchData(running);
    running.listening.catch((err: Error) => {
      log.error(`ai-model-pricing: cannot listen: ${err.message}`);
      process.exit(1);
    });
  } catch (err) {
    console.error(`ai-model-pricing: cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
}
