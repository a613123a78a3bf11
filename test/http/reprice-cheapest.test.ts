// A re-pricing target at a model's cheapest vetted door (`<model-id>@cheapest`), on every surface
// that takes targets: POST /api/reprice, the MCP tool reprice_usage and the CLI's reprice (issue 56, item 3).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { run } from '../../src/cli/run.js';
import { exportWork } from '../../src/endpoints/reprice/index.js';
import { parseUsageText } from '../../src/core/usage/formats.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', 'data'));
const app = createService({ catalogue, baseUrl: 'https://prices.example', mcp: mcpRoute });

// Two days of Kimi K2.6: 100,000 input and 20,000 output tokens a day, as one request each.
const ROW = { input_tokens: 100_000, output_tokens: 20_000, requests: 1 };
const rows = [
  { date: '2026-11-01', model: 'moonshot-kimi-k2.6', ...ROW },
  { date: '2026-11-02', model: 'moonshot-kimi-k2.6', ...ROW },
];
const csv = `date,model,input_tokens,output_tokens,requests\n${rows.map((r) => `${r.date},${r.model},100000,20000,1`).join('\n')}\n`;

/** The doors /api/offers ranks for one such request, cheapest first (its own ranking, not the re-pricing's). */
async function offersForOneRow() {
  const res = await app.request(
    '/api/offers?model=moonshot-kimi-k2.6&input_tokens=100000&output_tokens=20000&requests=1&days=1',
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    offers: Array<{ door: string; makersDoor?: true; costs: { perRequest: number } }>;
    cannotRun: unknown[];
  };
}

const post = async (query: string, body: string) => {
  const res = await app.request(`/api/reprice${query}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/csv' },
  });
  return { status: res.status, body: (await res.json()) as any }; // any: tests read arbitrary fields
};

describe('POST /api/reprice with <model-id>@cheapest', () => {
  it('prices the export at the door /api/offers ranks first, and names it', async () => {
    const { offers, cannotRun } = await offersForOneRow();
    const cheapest = offers[0]!;
    // Every vetted door is a candidate: those that run the request, and those whose limits it passes.
    const vetted = offers.length + cannotRun.length;
    // The maker's door is not the cheapest: the pick is a door of its own.
    expect(cheapest.makersDoor).toBeUndefined();
    const { status, body } = await post('?format=csv&targets=moonshot-kimi-k2.6@cheapest,moonshot-kimi-k2.6', csv);
    expect(status).toBe(200);
    expect(body.targets[0]).toEqual({
      id: 'moonshot-kimi-k2.6@cheapest',
      door: cheapest.door,
      picked: `the cheapest for this export at today's prices of ${vetted} vetted doors (GET /api/offers lists them)`,
      pricedAt: 'today',
      mode: 'as each row',
      serviceTier: 'as each row',
    });
    expect(body.targets[1]).not.toHaveProperty('door');
    // Two rows, each the cost of one request at that door.
    expect(body.totals.targets['moonshot-kimi-k2.6@cheapest']).toBe(Number((2 * cheapest.costs.perRequest).toFixed(9)));
    // The same as naming the door.
    const named = await post(`?format=csv&targets=${cheapest.door}`, csv);
    expect(named.body.totals.targets[cheapest.door]).toBe(body.totals.targets['moonshot-kimi-k2.6@cheapest']);
  });

  it('takes an alias and any case; an unknown model is a 404 with suggestions; twice is a 400', async () => {
    const upper = await post('?format=csv&targets=MOONSHOT-KIMI-K2.6@Cheapest', csv);
    expect(upper.status).toBe(200);
    expect(upper.body.targets[0].id).toBe('moonshot-kimi-k2.6@cheapest');
    const unknown = await post('?format=csv&targets=moonshot-kimi-k9@cheapest', csv);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      param: 'targets',
      suggestions: expect.arrayContaining(['moonshot-kimi-k2.6']),
    });
    const twice = await post('?format=csv&targets=moonshot-kimi-k2.6@cheapest,moonshot-kimi-k2.6@CHEAPEST', csv);
    expect(twice.status).toBe(400);
  });

  it('charges a row once per candidate door besides its pricing as a target', async () => {
    const { offers, cannotRun } = await offersForOneRow();
    const parsed = parseUsageText(csv, 'csv');
    const params = (targets: string[]) => ({
      format: undefined,
      targets,
      target_mode: undefined,
      target_service_tier: undefined,
      detail: undefined,
    });
    const base = exportWork(parsed, params(['moonshot-kimi-k2.6']), catalogue);
    const picked = exportWork(parsed, params(['moonshot-kimi-k2.6@cheapest']), catalogue);
    // 2 rows × the vetted doors.
    expect(picked - base).toBe(2 * (offers.length + cannotRun.length));
  });
});

describe('the other surfaces', () => {
  const client = new Client({ name: 'reprice-cheapest', version: '1.0.0' });
  let dir: string;
  beforeAll(async () => {
    await client.connect(
      new StreamableHTTPClientTransport(new URL('https://prices.example/mcp'), {
        fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
      }),
    );
    dir = mkdtempSync(join(tmpdir(), 'reprice-cheapest-'));
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('MCP reprice_usage: the same answer as the HTTP one', async () => {
    const result = (await client.callTool({
      name: 'reprice_usage',
      arguments: { rows, targets: ['moonshot-kimi-k2.6@cheapest'] },
    })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(result.isError).toBe(false);
    const body = JSON.parse(result.content[0]?.text ?? '');
    const { offers } = await offersForOneRow();
    expect(body.targets[0]).toMatchObject({ id: 'moonshot-kimi-k2.6@cheapest', door: offers[0]!.door });
    const http = await app.request('/api/reprice?format=rows&targets=moonshot-kimi-k2.6@cheapest', {
      method: 'POST',
      body: JSON.stringify(rows),
    });
    expect(body).toEqual(await http.json());
  });

  it('CLI reprice: T1 names the door picked', async () => {
    const file = join(dir, 'usage.csv');
    writeFileSync(file, csv);
    let stdout = '';
    const code = await run(['reprice', file, '--targets', 'moonshot-kimi-k2.6@cheapest'], {
      out: (t) => void (stdout += t),
      err: () => {},
      env: {},
    });
    expect(code).toBe(0);
    const { offers } = await offersForOneRow();
    expect(stdout.replaceAll('\n', ' ')).toMatch(
      new RegExp(
        `T1 = moonshot-kimi-k2\\.6@cheapest: ${offers[0]!.door.replaceAll('.', '\\.')}, the cheapest for this export`,
      ),
    );
  });
});
