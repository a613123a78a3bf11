/** `ai-model-pricing mcp`: the MCP server on stdin/stdout, for agents that spawn their tools. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpOptions } from './server.js';

export async function serveMcpStdio(options: McpOptions): Promise<void> {
  await createMcpServer(options).connect(new StdioServerTransport());
}
