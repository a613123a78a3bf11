/**
 * Every /mcp answer carries the security headers the rest of the API does (docs/operations.md:
 * nosniff on every answer), its refusals included, over a real server; and none carries the API's
 * open CORS (`*`): /mcp answers only the origins it allows.
 */
import { describe, expect, it } from 'vitest';
import { inProcessServers } from '../runtime/in-process.js';

const serve = inProcessServers();
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('/mcp security headers', () => {
  it('are on its 200, 204, 403, 413, and 400 answers alike', async () => {
    const { base } = await serve({ MCP_ALLOWED_ORIGINS: 'https://app.example' });
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body });
    const answers: Array<[number, Response]> = [
      [200, await post(JSON.stringify(call))],
      [
        204,
        await fetch(`${base}/mcp`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
        }),
      ],
      [403, await post(JSON.stringify(call), { origin: 'https://evil.example' })],
      [413, await post(JSON.stringify({ ...call, pad: 'x'.repeat(70_000) }))],
      [400, await post('{not json')],
      [400, await post(JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ ...call, id: i }))))],
    ];
    for (const [status, res] of answers) {
      expect(res.status).toBe(status);
      expect(res.headers.get('x-content-type-options'), `${status}`).toBe('nosniff');
      expect(res.headers.get('access-control-allow-origin'), `${status}`).not.toBe('*');
      await res.arrayBuffer();
    }
  });
});

describe('/mcp tools/list', () => {
  it('answers every lone tools/list alike (the SDK answer of the first, kept), with the call id, and leaves calls the SDK refuses to it', async () => {
    const { base } = await serve();
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
    const first = await (await post({ ...call, id: 1 })).text();
    const second = await post({ ...call, id: 'two' });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await second.text();
    expect(text).toBe(first.replace('"id":1', '"id":"two"'));
    expect((JSON.parse(text) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(3);
    expect((await post({ ...call, id: 3 }, { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await post({ ...call, id: 4 }, { accept: 'application/json' })).status).toBe(406);
  });
});
