/** The Node server's own refusals, made before or outside the app, in the API's JSON error envelope. */
import type { Socket } from 'node:net';
import { ApiError } from '../../endpoints/errors.js';
import { JSON_TYPE } from '../../endpoints/json.js';

/** The API's JSON error envelope (ApiError's) as text. */
export function errorBody(status: ApiError['status'], code: string, message: string): string {
  return JSON.stringify(new ApiError(status, code, message).toBody());
}

export const ERROR_HEADERS = { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function jsonErrorResponse(status: ApiError['status'], code: string, message: string): Response {
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
