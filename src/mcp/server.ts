/** The MCP server: lists the tools and answers them by asking the service. Transport-free. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, type Ask } from './tools.js';

export interface McpOptions {
  /** Asks the service (its answer cache, then the app) for an API path and query, as an HTTP client would. */
  ask: Ask;
}

export const SERVER_INFO = { name: 'ai-model-pricing', version: '0.1.0' } as const;

export function createMcpServer(options: McpOptions): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Prices of AI language models (USD per 1M tokens) and what workloads cost on them. ' +
      'Model ids look like openai-gpt-4o; get_model_price suggests close ids for a wrong one.',
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) {
      const names = TOOLS.map((t) => t.name).join(', ');
      return {
        isError: true,
        content: [{ type: 'text', text: `Unknown tool ${JSON.stringify(request.params.name)}. Tools: ${names}.` }],
      };
    }
    const { json, isError } = await tool.call(request.params.arguments ?? {}, options.ask);
    return { isError, content: [{ type: 'text', text: json }] };
  });
  return server;
}
