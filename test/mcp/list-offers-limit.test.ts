// list_offers takes a limit (issue 56, item 5), declared once on /api/offers: the MCP tool, the
// HTTP route and the CLI's offers all have it, and it cuts the lists, not the counts.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { run } from '../../src/cli/run.js';

const app = createService({
  catalogue: loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data')),
  baseUrl: 'https://prices.example',
  mcp: mcpRoute,
});
type Offers = {
  counts: { doors: number; ranked: number; cannotRun: number; keptOut: number };
  offers: Array<{ door: string }>;
  cannotRun: unknown[];
  keptOut: Array<{ door: string }>;
};

describe('list_offers limit', () => {
  const client = new Client({ name: 'list-offers-limit', version: '1.0.0' });
  beforeAll(() =>
    client.connect(
      new StreamableHTTPClientTransport(new URL('https://prices.example/mcp'), {
        fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
      }),
    ),
  );
  afterAll(() => client.close());

  it('MCP: three of Kimi K2.6’s doors, the cheapest, with every door still counted; the answer HTTP gives', async () => {
    const all = (await (await app.request('/api/offers?model=moonshot-kimi-k2.6')).json()) as Offers;
    expect(all.offers.length).toBeGreaterThan(3);
    expect(all.keptOut.length).toBeGreaterThan(3);
    const result = (await client.callTool({
      name: 'list_offers',
      arguments: { model: 'moonshot-kimi-k2.6', limit: 3 },
    })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(result.isError).toBe(false);
    const text = result.content[0]?.text ?? '';
    const limited = JSON.parse(text) as Offers;
    expect(limited.offers.map((o) => o.door)).toEqual(all.offers.slice(0, 3).map((o) => o.door));
    expect(limited.keptOut.map((o) => o.door)).toEqual(all.keptOut.slice(0, 3).map((o) => o.door));
    expect(limited.cannotRun.length).toBeLessThanOrEqual(3);
    expect(limited.counts).toEqual(all.counts);
    expect(text.length).toBeLessThan(JSON.stringify(all).length / 2);
    expect(limited).toEqual(await (await app.request('/api/offers?model=moonshot-kimi-k2.6&limit=3')).json());
  });

  it('HTTP refuses a limit out of range, naming it; the CLI takes --limit', async () => {
    for (const bad of ['0', '101', 'x']) {
      const res = await app.request(`/api/offers?model=moonshot-kimi-k2.6&limit=${bad}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe('limit');
    }
    let stdout = '';
    const code = await run(['offers', 'moonshot-kimi-k2.6', '--limit', '2', '--json'], {
      out: (t) => void (stdout += t),
      err: () => {},
      env: {},
    });
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as Offers).offers).toHaveLength(2);
  });
});
