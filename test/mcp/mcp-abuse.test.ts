/**
 * /mcp against clients that would use it to amplify (issue 19: one 11 KB POST of 100 calls answered
 * 11 MB) or call it from another origin's page, on a real server over loopback: bounded batches and
 * answers, tool calls answered from the HTTP answer cache, each call counted by the rate limit, and
 * the Origin policy.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/http/service.js';
import { createMcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { startServer } from '../../src/runtime/node/server.js';
import { holdClockInsideAMinute, inProcessServers, quiet } from '../runtime/in-process.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const serve = inProcessServers();

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const post = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });

type RpcAnswer = {
  id: number;
  result?: { isError: boolean; content: { text: string }[] };
  error?: { code: number; message: string };
};

describe('/mcp batches and answers', () => {
  it('refuses the batch of 100 get_model_price calls with a 400, and answers a batch of 10 without a catalogue dump', async () => {
    const { base } = await serve();
    const hundred = await post(
      base,
      Array.from({ length: 100 }, (_, i) => call(i, 'get_model_price')),
    );
    expect(hundred.status).toBe(400);
    const refused = (await hundred.json()) as RpcAnswer;
    expect(refused.error).toMatchObject({ code: -32600 });
    expect(refused.error?.message).toMatch(/at most 10 messages; this one holds 100/);

    const ten = await post(
      base,
      Array.from({ length: 10 }, (_, i) => call(i, 'get_model_price')),
    );
    expect(ten.status).toBe(200);
    const text = await ten.text();
    // Ten tool errors naming the missing model, not ten copies of the 100 KB catalogue.
    expect(text.length).toBeLessThan(5_000);
    const answers = JSON.parse(text) as RpcAnswer[];
    expect(answers).toHaveLength(10);
    for (const a of answers) {
      expect(a.result?.isError).toBe(true);
      expect(JSON.parse(a.result?.content[0]?.text ?? '{}')).toMatchObject({
        error: { code: 'missing_parameter', param: 'model' },
      });
    }
  });

  it('refuses a body over 64 KiB with a 413', async () => {
    const { base } = await serve();
    const big = await post(base, [call(1, 'get_model_price', { model: 'x'.repeat(70_000) })]);
    expect(big.status).toBe(413);
    expect(((await big.json()) as RpcAnswer).error?.message).toMatch(/at most 65536 bytes/);
  });

  it('answers a batch whose answers together pass the answer bound with a 400 asking for fewer calls', async () => {
    const request = (service: Service, body: unknown) =>
      service.request('/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(body) });
    const one = await (
      await request(createService({ catalogue, mcp: createMcpRoute() }), [call(1, 'find_cheapest', { limit: 50 })])
    ).text();
    const service = createService({ catalogue, mcp: createMcpRoute({ maxAnswerBytes: 3 * one.length }) });
    expect(
      (
        await request(
          service,
          [1, 2].map((i) => call(i, 'find_cheapest', { limit: 50 })),
        )
      ).status,
    ).toBe(200);
    const res = await request(
      service,
      [1, 2, 3, 4, 5].map((i) => call(i, 'find_cheapest', { limit: 50 })),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as RpcAnswer).error?.message).toMatch(/Send fewer calls per batch/);
  });

  it('keeps answering a normal client while four connections send batches over and over', async () => {
    const { base } = await serve();
    const batch = Array.from({ length: 10 }, (_, i) => call(i, 'find_cheapest', { limit: 50 }));
    let batches = 0;
    const attack = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 25; i++) {
        const res = await post(base, batch);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        batches += 1;
      }
    });
    const normal: number[] = [];
    const client = (async () => {
      for (let i = 0; i < 20; i++) normal.push((await fetch(`${base}/api/pricing?model=openai-gpt-4o`)).status);
    })();
    await Promise.all([...attack, client]);
    expect(batches).toBe(100);
    expect(normal).toEqual(Array.from({ length: 20 }, () => 200));
  }, 30_000);
});

describe('tool calls and the answer cache', () => {
  it('answers calculate_cost as the GET /api/calculate it is, from the same cache entry', async () => {
    const { base, running } = await serve();
    const args = { models: ['openai-gpt-4o', 'openai-gpt-4o-mini'], input_tokens: 1234 };
    const texts: string[] = [];
    // Kept from its second request, whichever client (tool or HTTP) asks.
    for (let i = 0; i < 2; i++) {
      const answer = (await (await post(base, call(1, 'calculate_cost', args))).json()) as RpcAnswer;
      texts.push(answer.result?.content[0]?.text ?? '');
    }
    const url = `${base}/api/calculate?models=openai-gpt-4o,openai-gpt-4o-mini&input_tokens=1234`;
    const kept = running.service.cached({ method: 'GET', url, acceptEncoding: null, ifNoneMatch: null });
    expect(kept?.status).toBe(200);
    expect(new TextDecoder().decode(kept?.body ?? new Uint8Array())).toBe(texts[0]);
    expect(texts[1]).toBe(texts[0]);
    expect(await (await fetch(url)).text()).toBe(texts[0]);
  });
});

describe('/mcp and RATE_LIMIT', () => {
  it('counts every message of a batch: two batches of 10 use a limit of 20, the third POST is refused', async () => {
    const { base } = await serve({ RATE_LIMIT: '20' });
    holdClockInsideAMinute();
    const list = Array.from({ length: 10 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }));
    expect((await post(base, list)).status).toBe(200);
    expect((await post(base, list)).status).toBe(200);
    const third = await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })]);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await fetch(`${base}/api/pricing?model=openai-gpt-4o`)).status).toBe(429);
  });

  it('refuses a batch that would pass the limit as a whole', async () => {
    const { base } = await serve({ RATE_LIMIT: '5' });
    holdClockInsideAMinute();
    const res = await post(
      base,
      Array.from({ length: 10 }, (_, i) => call(i, 'get_model_price', { model: 'openai-gpt-4o' })),
    );
    expect(res.status).toBe(429);
  });
});

describe('/mcp from browsers (Origin)', () => {
  it('refuses pages from other origins, preflight and simple POST alike, before any work', async () => {
    const { base } = await serve();
    const preflight = await fetch(`${base}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    // Nothing tells the page it may read the refusal (the rest of the API's `*` is not /mcp's).
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A "simple" request, which browsers send without asking first.
    const simple = await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })], {
      origin: 'https://evil.example',
      'content-type': 'text/plain',
    });
    expect(simple.status).toBe(403);
    expect(((await simple.json()) as RpcAnswer).error?.message).toMatch(/may not call \/mcp/);
    const json = await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })], {
      origin: 'https://evil.example',
    });
    expect(json.status).toBe(403);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(json.headers.get('access-control-allow-origin')).toBeNull();
    // Agents and scripts send no Origin.
    const agent = await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })]);
    expect(agent.status).toBe(200);
    expect(agent.headers.get('access-control-allow-origin')).toBeNull();
    // The rest of the API stays open to every origin.
    const api = await fetch(`${base}/api/pricing?model=openai-gpt-4o`, { headers: { origin: 'https://evil.example' } });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves origins listed in MCP_ALLOWED_ORIGINS, with CORS headers naming them', async () => {
    const { base } = await serve({ MCP_ALLOWED_ORIGINS: 'https://app.example, http://localhost:5173' });
    const preflight = await fetch(`${base}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const res = await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })], {
      origin: 'http://localhost:5173',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(
      (
        await post(base, [call(1, 'get_model_price', { model: 'openai-gpt-4o' })], {
          origin: 'https://app.example.evil',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses an MCP_ALLOWED_ORIGINS entry that is not an origin', () => {
    expect(() => startServer({ PORT: '0', MCP_ALLOWED_ORIGINS: 'https://app.example/' }, quiet)).toThrow(
      /MCP_ALLOWED_ORIGINS/,
    );
  });
});
