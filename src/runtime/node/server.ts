/**
 * The Node server: the service on HOST:PORT with bounded timeouts and sizes, and bounded pipelining
 * per connection. Kept answers are written straight to the response; the rest go
 * through @hono/node-server to the service's fetch.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { createService, isResponse, type Service } from '../../http/service.js';
import { createMcpRoute } from '../../mcp/route.js';
import { loadAssets } from './assets.js';
import { nodeCompressors } from './compression.js';
import { CHECKED_DATA_FILE, loadCatalogueFromDir } from './load-catalogue.js';
import { Connections, type ConnectionCounters } from './connections.js';
import { MemoryBudget } from './memory-budget.js';
import { boundPipelining, type PipelineCounters } from './pipelining.js';
import { jsonLogger, type Logger } from './log.js';
import { createFront, frontOf, joined, writeAnswer } from './front.js';
import { clientAddress, readRuntimeConfig, type RuntimeConfig } from './options.js';
import { answerClientError, answerConnect, answerContinue, answerExpectation, jsonErrorResponse } from './refusals.js';

// Paths are relative to the project root, whether this runs from src/ (tests) or dist/ (bundle).
const root = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export type ReloadResult = { ok: true; models: number } | { ok: false; reason: string };

export interface RunningServer {
  server: Server;
  config: RuntimeConfig;
  /** The service (answer cache and app) it serves. */
  service: Service;
  /** The directory the catalogue is read from. */
  dataDir: string;
  /** The catalogue in force. */
  catalogue(): Catalogue;
  /**
   * Loads DATA_DIR again; a valid catalogue replaces the current one, an invalid one (or one that
   * would lose a provider) is logged and ignored.
   */
  reload(): ReloadResult;
  /**
   * Stops accepting and closes idle connections; answers in progress are written whole (each
   * connection closed once its answers are taken), and whatever remains is cut after DRAIN_TIMEOUT_MS.
   */
  drain(): Promise<{ forced: boolean }>;
  /** Resolves with the bound address once listening. */
  listening: Promise<AddressInfo>;
  /** What the per-connection bound on pipelined requests has done. */
  pipelining: PipelineCounters;
  /** The process's bound on bytes of answers made and not yet sent. */
  memory: MemoryBudget;
  /** Connections refused for the per-address cap, and cut for a stall. */
  connections: ConnectionCounters;
}

export function startServer(
  env: NodeJS.ProcessEnv = process.env,
  log: Logger = jsonLogger(readRuntimeConfig(env).logLevel),
): RunningServer {
  const config = readRuntimeConfig(env);
  const { limits } = config;
  const dataDir = config.dataDir ?? join(root, 'data');
  // The build's check of the data files sits beside the bundle that was built with it (dist/); run
  // from src/, there is none and every file is parsed.
  const checked = join(dirname(fileURLToPath(import.meta.url)), CHECKED_DATA_FILE);
  // One reference, swapped whole: each request reads it once, so none sees a mix of two catalogues.
  let catalogue = loadCatalogueFromDir(dataDir, checked);
  // Built files the app serves when they exist (npm run build makes them), with their codings.
  const { assets, largest } = loadAssets(join(root, 'dist'));
  let draining = false;
  // An answer being made is reckoned as large as the largest file served (the Swagger bundle) until
  // a larger one is made. Uploads being received reserve their bytes in it too.
  const memory = new MemoryBudget(limits.maxUnsentBytes, Math.max(64 * 1024, largest));

  const service = createService({
    catalogue: () => catalogue,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    assets,
    maxUrlBytes: limits.maxUrlBytes,
    uploadBudget: memory,
    compressors: nodeCompressors(),
    mcp: createMcpRoute({ allowedOrigins: config.mcpAllowedOrigins }),
    ...(config.rateLimit
      ? {
          rateLimit: {
            perMinute: config.rateLimit,
            maxClients: config.rateLimitClients,
            clientIp: (bindings: unknown) => clientIp(bindings as HttpBindings | undefined, config.trustProxy),
          },
        }
      : {}),
  });
  const listener = getRequestListener(
    async (request: Request, env: HttpBindings | Http2Bindings) => {
      const incoming = env.incoming as IncomingMessage;
      const result = await service.answer(request, front.fronts.get(incoming) ?? frontOf(incoming, request.url, env));
      // The cache's answer (every answer of an endpoint or page) goes to the socket as it is, as a hit does.
      if (!isResponse(result)) {
        writeAnswer(env.outgoing as ServerResponse, result);
        return RESPONSE_ALREADY_SENT;
      }
      if (result.body !== null) return result;
      // @hono/node-server gives every answer a Content-Type, even one without a body (a 204, 301,
      // 304 or HEAD); these go out as they are.
      env.outgoing.writeHead(result.status, Object.fromEntries(result.headers)).end();
      return RESPONSE_ALREADY_SENT;
    },
    {
      hostname: config.host,
      // Only a request Node parsed but the URL standard cannot hold (a bad Host header) lands here.
      errorHandler: () =>
        jsonErrorResponse(
          400,
          'bad_request',
          'The request could not be read as a URL (check the Host header and the path).',
        ),
    },
  );

  const connections = new Connections(limits, memory);
  // Draining, a connection closes after the last answer it has asked for (not before those waiting their turn).
  const front = createFront(
    service,
    listener,
    log,
    (req) => draining && (connections.of(req.socket)?.waiting.length ?? 0) === 0,
  );
  const pipelining = boundPipelining(front.handle, limits, connections, memory);

  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above; its default (30 s) would let them overrun.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
      // Node would refuse an HTTP/1.1 request without Host with an empty 400; it is refused in JSON (refusedForHost).
      requireHostHeader: false,
    },
    pipelining.handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // No server.timeout: a connection with answers to send and no byte moving is cut by the idle-connection check
  // (Node's own timeout could take two periods); the keep-alive and request timeouts cover the rest.
  // Node's own answers, in the API's JSON envelope.
  server.on('clientError', answerClientError);
  server.on('checkExpectation', answerExpectation);
  server.on('checkContinue', answerContinue(pipelining.handler));
  server.on('connection', connections.accept);
  // server.close() calls this too: only connections with nothing left to send close at once.
  server.closeIdleConnections = () => connections.closeIdle();
  server.on('connect', answerConnect);

  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      const address = server.address() as AddressInfo;
      log.notice(
        `ai-model-pricing: ${catalogue.models.length} models, listening on http://${config.host}:${address.port}`,
        {
          port: address.port,
          models: catalogue.models.length,
        },
      );
      resolve(address);
    });
  });

  const reload = (): ReloadResult => {
    try {
      const next = loadCatalogueFromDir(dataDir, checked);
      // A file gone missing (or moved aside mid-edit) would silently drop a provider: refused; removing one takes a restart.
      const lost = catalogue.providers.filter((p) => !next.providers.some((q) => q.slug === p.slug)).map((p) => p.slug);
      if (lost.length > 0)
        throw new Error(
          `the new catalogue would lose ${lost.length === 1 ? 'provider' : 'providers'} ${lost.join(', ')} (restart the server to remove a provider)`,
        );
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
      // close() stops accepting and closes idle connections (connections.closeIdle); it calls back once all are closed.
      server.close(() => {
        clearTimeout(timer);
        resolve({ forced });
      });
    });
    return drained;
  };

  return {
    server,
    config,
    service,
    dataDir,
    catalogue: () => catalogue,
    reload,
    drain,
    listening,
    pipelining: pipelining.counters,
    memory,
    connections: connections.counters,
  };
}

/** The client's address for the rate limit: the socket's, or X-Forwarded-For behind trusted proxies. */
function clientIp(bindings: HttpBindings | undefined, trustProxy: number): string | undefined {
  // Requests the service asks itself (MCP tool calls, charged to their client up front) have none.
  const incoming = bindings?.incoming;
  if (incoming === undefined) return undefined;
  return clientAddress(
    incoming.socket.remoteAddress,
    joined(incoming.headers['x-forwarded-for']) ?? undefined,
    trustProxy,
  );
}
