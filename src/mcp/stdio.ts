/** `ai-model-pricing mcp`: the MCP server on stdin/stdout, for agents that spawn their tools. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Clock } from '../lib/clock.js';
import { createService } from '../http/service.js';
import { createMcpServer } from './server.js';

export interface StdioOptions {
  catalogue: () => Catalogue;
  /** Public address of the HTTP service, used in the answers' links. */
  baseUrl: string;
  /** The clock answers read today from (default: the system's). */
  clock?: Clock;
}

export async function serveMcpStdio({ catalogue, baseUrl, clock }: StdioOptions): Promise<void> {
  // The tools ask the same service as HTTP clients do, in process.
  const service = createService({ catalogue, baseUrl, ...(clock ? { clock } : {}) });
  const ask = (target: string, init?: RequestInit) => service.fetch(new Request(new URL(target, baseUrl), init));
  await createMcpServer({ ask }).connect(new StdioServerTransport());
}
