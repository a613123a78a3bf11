/**
 * The Node server writes endpoint answers itself (from the response cache or the endpoint's
 * handler) when the request target is plain; every answer must equal, header for header and byte
 * for byte, what the app gives through @hono/node-server with no cache at all. Odd targets and
 * hosts (encoded dots, quotes, upper-case hosts, user info) must fall back to the same answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, directAnswers } from '../../src/http/app.js';
import { nodeCompressors } from '../../src/runtime/node-compression.js';
import { startServer, type Logger, type RunningServer } from '../../src/runtime/node.js';
import { rawRequest, type RawResponse } from '../runtime/raw-http.js';

const quiet: Logger = { notice: () => undefined, error: () => undefined };
let running: RunningServer;
let reference: Server;
let port: number;
let referencePort: number;
let ids: string[];

beforeAll(async () => {
  running = startServer({ PORT: '0', HOST: '127.0.0.1' }, quiet);
  port = ((await running.listening) as AddressInfo).port;
  const app = createApp({ catalogue: running.catalogue, compressors: nodeCompressors(), responseCache: false });
  reference = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  referencePort = (reference.address() as AddressInfo).port;
  ids = running.catalogue().models.map((m) => m.id);
});
afterAll(async () => {
  reference.close();
  await running.drain();
});

function request(method: string, target: string, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `${method} ${target} HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`;
}

function comparable(res: RawResponse) {
  const { date: _date, connection: _connection, ...headers } = res.headers;
  return { status: res.status, headers, body: Buffer.from(res.body, 'latin1').toString('base64') };
}

describe('direct answers on the Node server', () => {
  it('equal the uncached app through @hono/node-server, first time and repeated', async () => {
    const [a = '', b = ''] = ids;
    const targets = [
      '/api/pricing', '/data/pricing.json', '/healthz', '/api/changes', '/',
      `/api/calculate?model=${a}&input_tokens=5000`, `/api/calculate?models=${a},${b}`, `/api/calculate?models=${a}%2C${b}`,
      '/api/cheapest?use_case=coding&limit=3', '/api/cheapest?limit=3&use_case=coding&budget=',
      `/api/compare?models=${a},${b}`, '/api/recommend?use_case=chat', `/api/badge?model=${a}`,
      // Bad input: answered directly too, with the chain's JSON error and headers.
      '/api/cheapest?limit=999', '/api/calculate?model=nope', `/api/compare?models=${a}`, '/api/cheapest?junk=1', '/api/recommend?use_case=nope',
      `/api/calculate?model=${a}&input_tokens=-1`, '/api/pricing?as_of=2026-13-01', '/api/pricing?model=nope', '/api/badge?model=nope',
      '/api/cheapest?input_tokens=1&input_tokens=2', `/api/calculate?model=${a}&models=${b}`,
      // Odd targets: the listener answers them.
      "/api/pricing?provider='x'", '/api/./pricing', '/api/%2e%2e/healthz',
      '/api/pricing?tier=a%20b', '/api/pricing/', '/API/PRICING', '/healthz?x=1', '/nope',
    ];
    const hosts = ['localhost', 'LocalHost', 'localhost:80', 'example.com:8080'];
    const headerSets: Record<string, string>[] = [{}, { 'Accept-Encoding': 'gzip, br' }, { 'If-None-Match': '"nope"' }];
    for (const host of hosts) {
      for (const target of targets) {
        for (const extra of headerSets) {
          for (const method of ['GET', 'HEAD']) {
            const raw = request(method, target, { Host: host, ...extra });
            const expected = comparable(await rawRequest(referencePort, raw));
            // 1st: computed; 2nd: computed and kept (errors too); 3rd: from the cache.
            for (let i = 0; i < 3; i++) {
              expect(comparable(await rawRequest(port, raw)), `${method} ${host} ${target} ${JSON.stringify(extra)} #${i + 1}`).toEqual(expected);
            }
          }
        }
      }
    }
  });

  it('answers bad input itself, without the chain: the JSON error naming the parameter', () => {
    const direct = directAnswers(createApp({ catalogue: running.catalogue, compressors: nodeCompressors() }));
    const ask = (method: string, target: string) => direct?.({ method, url: `http://localhost${target}`, acceptEncoding: null, ifNoneMatch: null });
    const bad = ask('GET', '/api/cheapest?limit=999');
    expect(bad?.status).toBe(400);
    expect(bad?.headers['cache-control']).toBe('no-store');
    const { error } = JSON.parse(Buffer.from(bad?.body ?? new Uint8Array()).toString('utf8')) as { error: { code: string; param: string } };
    expect(error).toMatchObject({ code: 'invalid_parameter', param: 'limit' });
    expect(bad?.headers['content-length']).toBe(String(bad?.body?.byteLength));
    const missing = ask('HEAD', '/api/calculate?model=nope');
    expect(missing?.status).toBe(404);
    expect(missing?.body).toBeNull();
    // A 4xx a handler gives as its reply rather than throws (the badge's SVG) is left to the chain.
    expect(ask('GET', '/api/badge?model=nope')).toBeUndefined();
  });

  it('gives the errors the chain gives through app.fetch too (the Worker\'s way in)', async () => {
    const [a = ''] = ids;
    const direct = createApp({ catalogue: running.catalogue, compressors: nodeCompressors() });
    const chain = createApp({ catalogue: running.catalogue, compressors: nodeCompressors(), responseCache: false });
    const targets = ['/api/cheapest?limit=999', '/api/calculate?model=nope', `/api/compare?models=${a}`, '/api/recommend?use_case=nope', '/api/pricing?as_of=2026-13-01'];
    for (const target of targets) {
      for (const method of ['GET', 'HEAD']) {
        const read = async (app: typeof direct) => {
          const res = await app.fetch(new Request(`http://localhost${target}`, { method }));
          const body = await res.text();
          const headers = Object.fromEntries(res.headers);
          // Direct answers state their length; a Response from the chain leaves it to the runtime.
          if (headers['content-length'] !== undefined) expect(headers['content-length']).toBe(String(Buffer.byteLength(body)));
          delete headers['content-length'];
          return { status: res.status, headers, body };
        };
        const expected = await read(chain);
        expect(expected.status).toBeGreaterThanOrEqual(400);
        // Computed, computed and kept, then from the cache.
        for (let i = 0; i < 3; i++) expect(await read(direct), `${method} ${target} #${i + 1}`).toEqual(expected);
      }
    }
  });

  it('refuses a Host with user info, as the listener does', async () => {
    const res = await rawRequest(port, request('GET', '/api/pricing', { Host: 'user@localhost' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers If-None-Match with the same 304 as the app', async () => {
    const first = await rawRequest(port, request('GET', '/api/pricing', { Host: 'localhost' }));
    const tag = first.headers.etag ?? '';
    const raw = request('GET', '/api/pricing', { Host: 'localhost', 'If-None-Match': tag });
    const expected = comparable(await rawRequest(referencePort, raw));
    expect(expected.status).toBe(304);
    // Twice: the second 304 is written with the headers the first one made.
    for (let i = 0; i < 2; i++) expect(comparable(await rawRequest(port, raw))).toEqual(expected);
  });
});
