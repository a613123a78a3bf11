/**
 * The front of the Node server: what it does with each request before the app. Refusals Node does
 * not make (the Host count), the answer cache asked without building a Request, and the rest handed
 * to @hono/node-server's listener with what was read of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from '../../http/answer-cache/index.js';
import type { FrontRequest, Service } from '../../http/service.js';
import { logWhenFinished, rateLimitedLine, type Logger } from './log.js';
import { refusedForHost } from './refusals.js';

export interface Front {
  /** Answers a request: from the cache at once, or through `listener` (whose promise it returns). */
  handle(req: IncomingMessage, res: ServerResponse): void | Promise<unknown>;
  /** What `handle` read of a request it handed to the listener (its key included), so that the service does not read it again. */
  fronts: WeakMap<IncomingMessage, FrontRequest>;
}

export function createFront(
  service: Service,
  listener: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  log: Logger,
  /** Whether the server drains and this is the last request its connection has read: it closes after its answer. */
  closing: (req: IncomingMessage) => boolean,
): Front {
  const fronts = new WeakMap<IncomingMessage, FrontRequest>();
  // An upload whose body never came whole (the client went away, or was refused part-way): one
  // line, without a stack, at most one a second.
  const aborted = rateLimitedLine(log.error, 'upload not received whole');
  const handle = (req: IncomingMessage, res: ServerResponse): void | Promise<unknown> => {
    if (log.access) logWhenFinished(req, res, log.access);
    if (refusedForHost(req, res)) return;
    lowerCaseHost(req);
    // Every method served is bodiless: a body sent anyway is never read; closing after the answer
    // keeps Node from reading it off the wire to reuse the connection.
    if (hasBody(req)) {
      res.setHeader('Connection', 'close');
      req.once('close', () => {
        if (!req.complete)
          aborted({
            method: req.method,
            path: (req.url ?? '').split('?')[0]!.slice(0, 200),
            status: res.headersSent ? res.statusCode : null,
          });
      });
    } else if (closing(req)) res.setHeader('Connection', 'close');
    const url = plainUrl(req);
    if (url !== undefined) {
      const front = frontOf(req, url, { incoming: req, outgoing: res });
      const answer = service.cached(front);
      if (answer) return writeAnswer(res, answer);
      fronts.set(req, front);
    }
    return listener(req, res);
  };
  return { handle, fronts };
}

/**
 * Host names are case-insensitive (RFC 9110, 4.2.3), but @hono/node-server refuses a Host whose
 * name the URL parser writes otherwise (`Localhost:8787`): the header is written here as that
 * parser writes it, before the adapter reads it.
 */
function lowerCaseHost(req: IncomingMessage): void {
  const { host } = req.headers;
  if (host === undefined) return;
  // `localhost:` (an empty port, legal) and `[::FFFF:127.0.0.1]` are refused by the adapter as
  // written: they are written as the URL parser writes them (`localhost`, `[::ffff:7f00:1]`).
  if (host.endsWith(':') || host.startsWith('[')) {
    try {
      req.headers.host = new URL(`http://${host}/`).host;
    } catch {
      // Not a host the URL parser reads: left for the listener's 400.
    }
  } else if (/[A-Z]/.test(host)) req.headers.host = host.toLowerCase();
}

// A Host and request target that the URL parser keeps as they are (lower-case name or address,
// no characters it would encode, no dot segments it would resolve): for those, the URL the app
// would see is `http://` + Host + target, and the cache can be asked without building a Request.
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

function plainUrl(req: IncomingMessage): string | undefined {
  const { host } = req.headers;
  const target = req.url;
  if (host === undefined || target === undefined || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(target))
    return undefined;
  const mark = target.indexOf('?');
  return DOT_SEGMENT.test(mark === -1 ? target : target.slice(0, mark)) ? undefined : `http://${host}${target}`;
}

/** A kept answer, written as it is (writeHead reads the header list, never changes it). */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, answer.headerList as string[]).end(answer.body ?? undefined);
}

/** What the service reads of a request: method, URL (as the app sees it), two headers, bindings. */
export function frontOf(req: IncomingMessage, url: string, env: unknown): FrontRequest {
  return {
    method: req.method ?? '',
    url,
    acceptEncoding: joined(req.headers['accept-encoding']),
    ifNoneMatch: joined(req.headers['if-none-match']),
    env,
  };
}

/** A header as the Fetch API reads it: absent is null, repeats joined by ", ". */
export function joined(value: string | string[] | undefined): string | null {
  return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
