/** The Node server's own refusals, made before or outside the app, in the API's JSON error envelope. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ALLOWED_METHODS, MAX_BODY_BYTES } from '../../http/app.js';
import type { ErrorBody } from '../../lib/errors.js';
import { JSON_TYPE } from '../../lib/json.js';

/** The API's JSON error envelope (ApiError's) as text. */
export function errorBody(status: number, code: string, message: string): string {
  const body: ErrorBody = { error: { status, code, message } };
  return JSON.stringify(body);
}

export const ERROR_HEADERS = {
  'Content-Type': JSON_TYPE,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function jsonErrorResponse(status: number, code: string, message: string): Response {
  return new Response(errorBody(status, code, message), { status, headers: ERROR_HEADERS });
}

/** Answers a request with a JSON error and closes the connection after it. */
function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = errorBody(status, code, message);
  res
    .writeHead(status, { ...ERROR_HEADERS, ...headers, 'Content-Length': Buffer.byteLength(body), Connection: 'close' })
    .end(body);
}

/**
 * The request past the pipelining depth: refused, in its turn (after the answers before it, which
 * are sent), and the connection closed after it.
 */
export function refusePipelined(res: ServerResponse, depth: number): void {
  refuse(
    res,
    429,
    'too_many_pipelined',
    `At most ${depth} requests may be sent ahead of their answers on one connection; the requests before this one are answered, and the connection closes after this refusal.`,
  );
}

/**
 * Refuses a request without exactly one Host header (RFC 9112, 3.2: HTTP/1.1 needs one, and no
 * request may carry two); true when it did. Node keeps only the first of two, so they are counted.
 */
export function refusedForHost(req: IncomingMessage, res: ServerResponse): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1) refuse(res, 400, 'bad_request', 'A request may carry one Host header only.');
  else if (hosts === 0 && req.httpVersion === '1.1')
    refuse(res, 400, 'bad_request', 'An HTTP/1.1 request needs a Host header.');
  else return false;
  return true;
}

/** `checkExpectation`: an Expect header other than 100-continue, which Node answers with an empty 417. */
export function answerExpectation(_req: IncomingMessage, res: ServerResponse): void {
  refuse(res, 417, 'expectation_failed', 'The Expect header is not supported (only 100-continue is).');
}

/**
 * `checkContinue`: Node sends here any Expect that contains the token 100-continue
 * (`100-continue-bogus`, `foo 100-continue`); only `100-continue` itself, in any case, gets its
 * 100 Continue and then the request is served. The others are refused as any other expectation.
 */
export function answerContinue(
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.headers.expect?.trim().toLowerCase() !== '100-continue') {
      answerExpectation(req, res);
      return;
    }
    // A body declared larger than any endpoint takes gets its 413 (or 405) without a 100 Continue first.
    if (!(Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES)) res.writeContinue();
    serve(req, res);
  };
}

/** A connection past the per-address cap: a 429 and the connection closed, before any request is read. */
export function refuseConnection(socket: Socket, cap: number): void {
  const body = errorBody(
    429,
    'too_many_connections',
    `Too many open connections from this address (at most ${cap}); close some and retry.`,
  );
  socket.pause();
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), DRAIN_BEFORE_CLOSE_MS).unref();
}

/** `connect`: a CONNECT request (a proxy tunnel), which Node would end with a closed socket. */
export function answerConnect(_req: IncomingMessage, socket: Socket): void {
  const body = errorBody(
    405,
    'method_not_allowed',
    `Method CONNECT is not allowed; this API is read-only (${ALLOWED_METHODS.join(', ')}).`,
  );
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), DRAIN_BEFORE_CLOSE_MS).unref();
}

const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'headers_too_large',
    'The request line and headers are too large.',
  ],
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
  const [status, reason, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    'bad_request',
    'The request is not valid HTTP/1.1.',
  ];
  const body = errorBody(status, code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
