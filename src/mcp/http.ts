/**
 * POST /mcp: the MCP server over streamable HTTP, stateless (a fresh server per request, JSON
 * answers, no sessions), on Web-standard Request/Response so Node and Workers serve it alike.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, type McpOptions } from './server.js';

export async function handleMcpRequest(request: Request, options: McpOptions): Promise<Response> {
  const server = createMcpServer(options);
  // No sessionIdGenerator: stateless mode.
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // The answer is complete (JSON, not a stream), so nothing outlives the request.
    await server.close();
  }
}
