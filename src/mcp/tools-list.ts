/**
 * `tools/list` made once: its result is the same for every call (the tools and their schemas are
 * fixed), but the SDK builds a server and turns every tool's zod schema into JSON Schema for each
 * POST (about 4 ms). A lone `tools/list` call the SDK would accept is answered from the result it
 * gave the first time.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

let kept: unknown;

/** The call's id, when the body is a lone `tools/list` call (no cursor) that the SDK would accept; undefined otherwise. */
function loneToolsList(request: Request, body: unknown): string | number | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { jsonrpc, method, id, params } = body as Record<string, unknown>;
  if (jsonrpc !== '2.0' || method !== 'tools/list' || (typeof id !== 'string' && typeof id !== 'number'))
    return undefined;
  if (
    params !== undefined &&
    (typeof params !== 'object' || params === null || Object.keys(params).some((k) => k !== '_meta'))
  )
    return undefined;
  // The SDK's own checks of the headers (webStandardStreamableHttp.js): a call it would refuse goes to it.
  const accept = request.headers.get('accept') ?? '';
  const version = request.headers.get('mcp-protocol-version');
  const type = request.headers.get('content-type') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  if (!/^application\/json\s*(?:;|$)/i.test(type)) return undefined;
  return id;
}

/** The kept answer to a lone tools/list call, or undefined (not one, or not made yet). */
export function keptToolsList(request: Request, body: unknown, headers: Record<string, string>): Response | undefined {
  if (kept === undefined) return undefined;
  const id = loneToolsList(request, body);
  if (id === undefined) return undefined;
  return new Response(JSON.stringify({ result: kept, jsonrpc: '2.0', id }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Keeps the result of the SDK's answer to a lone tools/list call. */
export function keepToolsList(request: Request, body: unknown, status: number, answer: ArrayBuffer): void {
  if (kept !== undefined || status !== 200 || loneToolsList(request, body) === undefined) return;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(answer)) as { result?: unknown };
    if (parsed.result !== undefined) kept = parsed.result;
  } catch {
    // Not JSON: nothing to keep.
  }
}
