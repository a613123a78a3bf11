/**
 * The README a newcomer reads first: the two commands open it, it stays short, it names no
 * document the reader cannot open, and its list of MCP tools is the one the server offers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessServers } from '../runtime/in-process.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const serve = inProcessServers();

/** The tool names of the README's MCP section: the first cell of each row of its table. */
function readmeTools(): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('MCP')) ?? '';
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] ?? '');
}

describe('README.md', () => {
  it('opens with the two commands and stays under 300 lines', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm install && npm start\b/m);
    expect(firstBlock).toMatch(/^npm test\b/m);
    expect(readme.split('\n').length).toBeLessThan(300);
  });

  it('points to no spec the reader never sees', () => {
    expect(readme).not.toMatch(/\bspec('s)?\b/i);
  });

  it('lists every MCP tool the server offers, and no other', async () => {
    const { base } = await serve();
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const { result } = (await res.json()) as { result: { tools: Array<{ name: string }> } };
    const served = result.tools.map((t) => t.name).sort();
    expect(served.length).toBeGreaterThan(0);
    expect(readmeTools().sort()).toEqual(served);
  });
});
