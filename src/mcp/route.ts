/**
 * MCP over streamable HTTP at /mcp, as the runtimes mount it on the app. The SDK (and its
 * JSON-schema validator) is loaded on the first call: most of a deployment's requests never need it.
 */
import type { McpContext, McpRoute } from '../http/app.js';
import type { McpBounds } from './http.js';

export const MCP_BOUNDS: McpBounds = { maxBodyBytes: 64 * 1024, maxBatch: 10, maxAnswerBytes: 1024 * 1024 };

export interface McpRouteOptions extends Partial<McpBounds> {
  /**
   * Origins (as browsers send them: `https://app.example`) whose pages may call /mcp. A request
   * carrying any other Origin header is refused with a 403; requests without one (agents, curl) are
   * served. None by default.
   */
  allowedOrigins?: readonly string[];
}

export function createMcpRoute({ allowedOrigins = [], ...bounds }: McpRouteOptions = {}): McpRoute {
  const policy = { allowedOrigins, ...MCP_BOUNDS, ...bounds };
  return {
    path: '/mcp',
    async handle(request: Request, context: McpContext): Promise<Response> {
      const { handleMcpRequest } = await import('./http.js');
      return handleMcpRequest(request, context, policy);
    },
  };
}

/** /mcp with no origin allowed to call it from a browser. */
export const mcpRoute = createMcpRoute();
