/** The MCP server: lists the tools and runs them against the catalogue in force. Transport-free. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Catalogue } from '../core/catalogue.js';
import type { RequestContext } from '../endpoints/endpoint.js';
import { TOOLS } from './tools.js';

export interface McpOptions {
  /** The catalogue in force (read on every call, so a reload takes effect). */
  catalogue: () => Catalogue;
  /** Public address of the HTTP service, used in the answers' source and docs links. */
  baseUrl: string;
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
  server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) {
      const names = TOOLS.map((t) => t.name).join(', ');
      return { isError: true, content: [{ type: 'text', text: `Unknown tool ${JSON.stringify(request.params.name)}. Tools: ${names}.` }] };
    }
    const ctx: RequestContext = { catalogue: options.catalogue(), baseUrl: options.baseUrl, assets: {} };
    const { json, isError } = tool.call(request.params.arguments ?? {}, ctx);
    return { isError, content: [{ type: 'text', text: json }] };
  });
  return server;
}
