/** The Node server's configuration from its environment, with limits that keep slow or hostile clients bounded. */
import { MAX_TRACKED_CLIENTS } from '../../http/middleware/rate-limit/window.js';
import { MAX_URL_BYTES } from '../../http/middleware/url-limit/index.js';

export type LogLevel = 'silent' | 'error' | 'info';

export interface ServerLimits {
  /** Bytes of request line plus headers Node accepts; more gets a 431. */
  maxHeaderBytes: number;
  /** Bytes of path plus query the app accepts; more gets a 414. */
  maxUrlBytes: number;
  /** Time a client has to send all its headers (slow-loris guard); then a 408 and the socket closes. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** On SIGTERM, how long in-flight requests get before the remaining connections are cut. */
  drainTimeoutMs: number;
  /** A connection with answers to send on which no byte moves either way for this long is closed (a client that stopped reading). */
  socketTimeoutMs: number;
  /** Answers per connection being made or sent at once; requests pipelined behind them wait, unread. */
  maxInProgress: number;
  /** Requests per connection waiting behind those; one more and the connection is closed. */
  maxWaiting: number;
  /**
   * Bytes of answers made and not yet taken by the operating system, over the whole process; past
   * it, the connections holding the most are cut until the total is back under it.
   */
  maxUnsentBytes: number;
  /** Open connections per client address (IPv6 by /64); one more is refused. 0: no cap. */
  maxConnectionsPerAddress: number;
}

export interface RuntimeConfig {
  port: number;
  host: string;
  dataDir: string | undefined;
  baseUrl: string | undefined;
  logLevel: LogLevel;
  /** Requests per minute per client address; undefined means no limit (the default). */
  rateLimit: number | undefined;
  /** Clients the rate limit counts at once; past it, the least recently seen is forgotten. */
  rateLimitClients: number;
  /** Reload the catalogue when a file in the data directory changes (as well as on SIGHUP). */
  watchData: boolean;
  /** How many proxies in front are trusted to append to X-Forwarded-For; 0 uses the socket's address. */
  trustProxy: number;
  /** Origins whose pages may call /mcp from a browser (MCP_ALLOWED_ORIGINS, comma-separated); none by default. */
  mcpAllowedOrigins: string[];
  limits: ServerLimits;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderBytes: 16 * 1024,
  maxUrlBytes: MAX_URL_BYTES,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  drainTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
  maxInProgress: 16,
  maxWaiting: 256,
  maxUnsentBytes: 32 * 1024 * 1024,
  maxConnectionsPerAddress: 128,
};

/** Reads the environment; a value out of range is an error that names the variable. */
export function readRuntimeConfig(env: NodeJS.ProcessEnv): RuntimeConfig {
  const limits: ServerLimits = {
    maxHeaderBytes: whole(env, 'MAX_HEADER_BYTES', DEFAULT_LIMITS.maxHeaderBytes, 1024, 1024 * 1024),
    maxUrlBytes: whole(env, 'MAX_URL_BYTES', DEFAULT_LIMITS.maxUrlBytes, 256, 1024 * 1024),
    headersTimeoutMs: whole(env, 'HEADERS_TIMEOUT_MS', DEFAULT_LIMITS.headersTimeoutMs, 100, 600_000),
    requestTimeoutMs: whole(env, 'REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs, 100, 600_000),
    keepAliveTimeoutMs: whole(env, 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_LIMITS.keepAliveTimeoutMs, 100, 600_000),
    drainTimeoutMs: whole(env, 'DRAIN_TIMEOUT_MS', DEFAULT_LIMITS.drainTimeoutMs, 100, 600_000),
    socketTimeoutMs: whole(env, 'SOCKET_TIMEOUT_MS', DEFAULT_LIMITS.socketTimeoutMs, 100, 600_000),
    maxInProgress: whole(env, 'MAX_IN_PROGRESS', DEFAULT_LIMITS.maxInProgress, 1, 1024),
    maxWaiting: whole(env, 'MAX_WAITING', DEFAULT_LIMITS.maxWaiting, 0, 100_000),
    maxUnsentBytes: whole(env, 'MAX_UNSENT_BYTES', DEFAULT_LIMITS.maxUnsentBytes, 1024 * 1024, 8 * 1024 * 1024 * 1024),
    // Behind trusted proxies every connection comes from a proxy's address: no cap unless one is set.
    maxConnectionsPerAddress: whole(
      env,
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.TRUST_PROXY && !/^(?:0|false)$/i.test(env.TRUST_PROXY) ? 0 : DEFAULT_LIMITS.maxConnectionsPerAddress,
      0,
      1_000_000,
    ),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    );
  }
  const level = (env.LOG_LEVEL ?? 'error').toLowerCase();
  if (level !== 'silent' && level !== 'error' && level !== 'info') {
    throw new RangeError(`LOG_LEVEL must be silent, error or info; got ${JSON.stringify(env.LOG_LEVEL)}`);
  }
  const trust = env.TRUST_PROXY?.toLowerCase();
  return {
    port: whole(env, 'PORT', 8787, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || undefined,
    baseUrl: env.BASE_URL || undefined,
    logLevel: level,
    rateLimit: env.RATE_LIMIT ? whole(env, 'RATE_LIMIT', 0, 1, 1_000_000_000) : undefined,
    rateLimitClients: whole(env, 'RATE_LIMIT_CLIENTS', MAX_TRACKED_CLIENTS, 1, 10_000_000),
    watchData: ['1', 'true', 'yes'].includes((env.WATCH_DATA ?? '').toLowerCase()),
    trustProxy: trust === 'true' ? 1 : trust === 'false' || !trust ? 0 : whole(env, 'TRUST_PROXY', 0, 0, 100),
    mcpAllowedOrigins: origins(env.MCP_ALLOWED_ORIGINS),
    limits,
  };
}

/** A comma-separated list of origins, each as browsers send it (scheme, host and port only). */
function origins(text: string | undefined): string[] {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (parsed?.origin !== origin)
      throw new RangeError(
        `MCP_ALLOWED_ORIGINS must list origins such as https://app.example (no path or trailing slash); got ${JSON.stringify(origin)}`,
      );
  }
  return list;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max))
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(text)}`);
  return value;
}

/** The client address: the socket's, or with `hops` trusted proxies the X-Forwarded-For entry the outermost trusted one added. */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string | undefined {
  if (hops === 0 || !forwardedFor) return socketAddress;
  const chain = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Entries are appended left to right; the last `hops` were written by proxies we trust.
  return chain[chain.length - hops] ?? chain[0] ?? socketAddress;
}
