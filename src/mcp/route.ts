/**
 * MCP over streamable HTTP at /mcp, as the runtimes mount it on the app. The SDK (and its
 * JSON-schema validator) is loaded on the first call: most of a deployment's requests never need it.
 */
import type { Catalogue } from '../core/catalogue.js';

export const mcpRoute = {
  path: '/mcp',
  async handle(request: Request, options: { catalogue: () => Catalogue; baseUrl: string }): Promise<Response> {
    const { handleMcpRequest } = await import('./http.js');
    return handleMcpRequest(request, options);
  },
};
