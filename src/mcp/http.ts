/**
 * POST /mcp: the MCP server over streamable HTTP, stateless (a fresh server per request, JSON
 * answers, no sessions), on Web-standard Request/Response so Node and Workers serve it alike.
 * What one request may cost is bounded: its body, the messages in a batch (each counted by the
 * rate limit) and the bytes of the answer; browsers on other origins are refused.
 */
import { readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpContext } from '../http/app.js';
import { createMcpServer } from './server.js';
import { keepToolsList, keptToolsList } from './tools-list.js';

/** What one /mcp request may cost. */
export interface McpBounds {
  /** Bytes of a request body read; a larger one gets a 413 (default 64 KiB). */
  maxBodyBytes: number;
  /** JSON-RPC messages in one batch, each counted by the rate limit; more gets a 400 (default 10; the SDK's own bound is 100). */
  maxBatch: number;
  /** Bytes of one answer (a batch's answers together); more gets a 400 asking for fewer calls at once (default 1 MiB). */
  maxAnswerBytes: number;
}

const PREFLIGHT = {
  'access-control-allow-methods': 'POST, GET, DELETE',
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'access-control-max-age': '86400',
};

export async function handleMcpRequest(
  request: Request,
  context: McpContext,
  { allowedOrigins, maxBodyBytes, maxBatch, maxAnswerBytes }: McpBounds & { allowedOrigins: readonly string[] },
): Promise<Response> {
  // The MCP specification asks servers to validate Origin: a page elsewhere (or a DNS-rebound name)
  // could otherwise make its visitors' browsers call the server.
  const origin = request.headers.get('origin');
  if (origin !== null && !allowedOrigins.includes(origin)) {
    return rpcError(
      403,
      -32000,
      `Forbidden: pages from ${JSON.stringify(origin.slice(0, 100))} may not call /mcp (MCP_ALLOWED_ORIGINS).`,
    );
  }
  const cors: Record<string, string> = origin === null ? {} : { 'access-control-allow-origin': origin, vary: 'Origin' };
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...cors, ...PREFLIGHT } });

  let parsedBody: unknown;
  if (request.method === 'POST') {
    const body = await readRequestBody(request, maxBodyBytes);
    if (body.tooLarge)
      return rpcError(413, -32000, `Payload Too Large: a request body holds at most ${maxBodyBytes} bytes.`, cors);
    try {
      parsedBody = JSON.parse(body.text);
    } catch {
      return rpcError(400, -32700, 'Parse error: Invalid JSON', cors);
    }
    const calls = Array.isArray(parsedBody) ? parsedBody.length : 1;
    if (calls > maxBatch) {
      return rpcError(
        400,
        -32600,
        `Invalid Request: a batch holds at most ${maxBatch} messages; this one holds ${calls}.`,
        cors,
      );
    }
    // The rate limit counted the POST as one request; each further message in a batch counts too.
    context.charge(calls - 1);
    const list = keptToolsList(request, parsedBody, cors);
    if (list) return list;
  }

  const server = createMcpServer({ ask: context.ask });
  // No sessionIdGenerator: stateless mode.
  const transport = new WebStandardStreamableHTTPServerTransport({
    enableJsonResponse: true,
    maxRequestBodySize: maxBodyBytes,
  });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    // The answer is complete (JSON, not a stream), so nothing outlives the request.
    await server.close();
  }
  const answer = await response.arrayBuffer();
  keepToolsList(request, parsedBody, response.status, answer);
  if (answer.byteLength > maxAnswerBytes) {
    return rpcError(
      400,
      -32600,
      `The answers come to ${answer.byteLength} bytes; at most ${maxAnswerBytes} are sent at once. Send fewer calls per batch.`,
      cors,
    );
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  return new Response(response.status === 202 || response.status === 204 ? null : answer, {
    status: response.status,
    headers,
  });
}

/** A refusal as the SDK makes its own: a JSON-RPC error with no id. */
function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}
