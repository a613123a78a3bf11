/** The Node server over real sockets: size bounds, bodies on GET, Node's own refusals, slow clients. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/runtime/node/log.js';
import { startServer, type RunningServer } from '../../src/runtime/node/server.js';
import { open, parseResponse, rawRequest, readUntilClosed } from './raw-http.js';

const quiet: Logger = { notice: () => undefined, error: () => undefined };
let running: RunningServer;
let port: number;

beforeAll(async () => {
  // Short timeouts so that slow clients are cut within the test; the defaults are documented in the README.
  // The slow-loris test opens 200 connections from one address (the per-address cap is tested in connections.test.ts).
  running = startServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      HEADERS_TIMEOUT_MS: '600',
      REQUEST_TIMEOUT_MS: '1200',
      KEEP_ALIVE_TIMEOUT_MS: '500',
      MAX_CONNECTIONS_PER_ADDRESS: '256',
    },
    quiet,
  );
  port = ((await running.listening) as AddressInfo).port;
});
afterAll(async () => {
  await running.drain();
});

const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

function errorCode(body: string): unknown {
  return (JSON.parse(body) as { error: { code: unknown } }).error.code;
}

describe('sizes', () => {
  it('answers a URL longer than 8,192 bytes with a 414 JSON error', async () => {
    const res = await rawRequest(port, get(`/api/pricing?model=${'a'.repeat(9000)}`));
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorCode(res.body)).toBe('uri_too_long');
  });

  it('serves a URL just under the bound', async () => {
    const res = await rawRequest(port, get(`/api/pricing?model=${'a'.repeat(8000)}`));
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('model_not_found');
  });

  it('answers headers over 16 KiB with a 431 JSON error from Node itself', async () => {
    const res = await rawRequest(port, get('/healthz', `X-Big: ${'b'.repeat(17 * 1024)}\r\n`));
    expect(res.status).toBe(431);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(errorCode(res.body)).toBe('headers_too_large');
  });

  it('answers a URL longer than the header bound with a 431, not a crash', async () => {
    const res = await rawRequest(port, get(`/api/pricing?model=${'a'.repeat(20_000)}`));
    expect(res.status).toBe(431);
  });
});

describe('malformed requests', () => {
  it('answers garbage that is not HTTP with a 400 JSON error', async () => {
    const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad_request');
  });

  it('answers a Host header no URL can hold with a 400 JSON error', async () => {
    const res = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: a b<c>\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorCode(res.body)).toBe('bad_request');
  });

  it('reads the Host name case-insensitively (RFC 9110, 4.2.3): Localhost:8787 is served, its origin lower-cased', async () => {
    for (const host of ['Localhost:8787', 'LOCALHOST', 'Example.COM:80']) {
      const res = await rawRequest(
        port,
        `GET /api/pricing?model=nope HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, host).toBe(404);
      expect(errorCode(res.body)).toBe('model_not_found');
      const health = await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(health.status, host).toBe(200);
    }
    const feed = await rawRequest(port, 'GET /api/changes?format=atom HTTP/1.0\r\nHost: Localhost:8787\r\n\r\n');
    expect(feed.status).toBe(200);
    expect(feed.body).toContain('href="http://localhost:8787/api/changes?format=atom"');
    expect(feed.body).not.toContain('Localhost');
  });

  it('answers an HTTP/1.1 request without Host with a 400 JSON error, and serves HTTP/1.0 without one', async () => {
    const missing = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(missing.status).toBe(400);
    expect(errorCode(missing.body)).toBe('bad_request');
    const old = await rawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('answers a request with two Host headers with a 400 JSON error (RFC 9112, 3.2)', async () => {
    for (const hosts of ['Host: localhost\r\nHost: evil.example', 'host: localhost\r\nHOST: localhost']) {
      const res = await rawRequest(
        port,
        `GET /api/pricing?model=openai-gpt-4o HTTP/1.1\r\n${hosts}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toMatchObject({
        error: { status: 400, code: 'bad_request', message: 'A request may carry one Host header only.' },
      });
    }
    const old = await rawRequest(port, 'GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n');
    expect(old.status).toBe(400);
  });

  it('answers an Expect other than 100-continue with a 417 JSON error, and serves one with 100-continue', async () => {
    const res = await rawRequest(port, get('/healthz', 'Expect: bogus\r\n'));
    expect(res.status).toBe(417);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ error: { status: 417, code: 'expectation_failed' } });
    const socket = await open(port);
    const text = readUntilClosed(socket);
    socket.write(get('/healthz', 'Expect: 100-continue\r\n'));
    const answers = await text;
    expect(answers).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
  });

  it.each(['100-continue-bogus', '100-continue, foo', 'foo 100-continue', '100-continue;x=1', 'x100-continue'])(
    'matches Expect exactly: %j gets a 417 JSON error and no 100 Continue (Node would send one for all but the last)',
    async (expectation) => {
      const socket = await open(port);
      const text = readUntilClosed(socket);
      socket.write(get('/healthz', `Expect: ${expectation}\r\n`));
      const answer = await text;
      expect(answer).not.toContain('100 Continue');
      const res = parseResponse(answer);
      expect(res.status).toBe(417);
      expect(JSON.parse(res.body)).toMatchObject({ error: { status: 417, code: 'expectation_failed' } });
    },
  );

  it.each(['100-continue', '100-Continue', '100-CONTINUE'])(
    'serves Expect: %j, in any case, with 100 Continue then the answer',
    async (expectation) => {
      const socket = await open(port);
      const text = readUntilClosed(socket);
      socket.write(get('/healthz', `Expect: ${expectation}\r\n`));
      const answer = await text;
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
      expect(JSON.parse(parseResponse(answer.slice(answer.indexOf('HTTP/1.1 200'))).body)).toMatchObject({
        status: 'ok',
      });
    },
  );

  it('answers CONNECT with a 405 JSON error instead of a closed socket', async () => {
    const res = await rawRequest(port, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorCode(res.body)).toBe('method_not_allowed');
  });

  it('answers a POST with a body with a 405 JSON error', async () => {
    const res = await rawRequest(
      port,
      'POST /api/pricing HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello',
    );
    expect(res.status).toBe(405);
    expect(errorCode(res.body)).toBe('method_not_allowed');
  });
});

describe('304 Not Modified', () => {
  it('carries no Content-Type, whether the answer is kept yet or not', async () => {
    // An id spelled as no other test asks it, so that its answer is not kept yet.
    const target = '/api/pricing?model=OpenAI-GPT-4o-mini';
    const first = await rawRequest(port, get(target));
    const etag = first.headers.etag;
    expect(etag).toBeDefined();
    // The first conditional request goes through the app (the answer is kept from its second request), the next from the cache.
    for (let i = 0; i < 3; i++) {
      const res = await rawRequest(port, get(target, `If-None-Match: ${etag}\r\n`));
      expect(res.status).toBe(304);
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers.etag).toBe(etag);
      expect(res.body).toBe('');
    }
  });
});

describe('a body on GET', () => {
  it('is never read: the answer comes at once and the connection closes, though 100 MB were announced', async () => {
    const socket = await open(port);
    const closed = readUntilClosed(socket);
    // Keep-alive is asked for, and only 1 KB of the announced body is ever sent.
    socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000000\r\n\r\n${'x'.repeat(1024)}`);
    const res = parseResponse(await closed);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });
});

describe('slow clients', () => {
  it('keeps serving a normal client while 200 slow-loris connections trickle headers, then cuts them', async () => {
    const slow = await Promise.all(Array.from({ length: 200 }, () => open(port)));
    const closedBy = slow.map((s) => readUntilClosed(s));
    for (const s of slow) s.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    // One more header byte now and then, as slow-loris does, never the blank line that ends them.
    const trickle = setInterval(() => {
      for (const s of slow) if (!s.destroyed) s.write('X');
    }, 100);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/pricing?model=openai-gpt-4o-mini`, {
        headers: { Connection: 'close' },
      });
      expect([200, 404]).toContain(res.status);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      // The server, not the client, ends every slow connection (headersTimeout), with a 408.
      const answers = await Promise.all(closedBy);
      expect(answers.map((text) => parseResponse(text).status)).toEqual(slow.map(() => 408));
    } finally {
      clearInterval(trickle);
      for (const s of slow) s.destroy();
    }
  });

  it('closes a connection that opens and never sends a byte', async () => {
    const socket = await open(port);
    const text = await readUntilClosed(socket);
    // Nothing was asked, so the server may close silently or with a 408; either way it closes.
    expect(text === '' || parseResponse(text).status === 408).toBe(true);
  });
});

describe('the Host while BASE_URL is unset (issues 37, 58)', () => {
  it("junk Hosts asked first choose no one's links: each Host's feed carries its own, the rest is shared", async () => {
    const ask = async (host: string, target: string) => {
      const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(res.status, `${host}${target}`).toBe(200);
      return res.body;
    };
    const kept = (host: string, target: string) =>
      running.service.cached({
        method: 'GET',
        url: `http://${host}${target}`,
        acceptEncoding: null,
        ifNoneMatch: null,
      }) !== undefined;
    const atom = '/api/changes?format=atom';
    for (let i = 1; i <= 8; i++)
      for (let n = 0; n < 3; n++) expect(await ask(`junk${i}.example`, atom)).toContain(`http://junk${i}.example/`);
    const pricing = await ask('prices.example', '/api/pricing?provider=openai');
    expect(pricing).toContain('"source":"/"');
    expect(pricing).not.toContain('junk');
    for (let n = 0; n < 2; n++) {
      const feed = await ask('prices.example', atom);
      expect(feed).toContain('href="http://prices.example/api/changes?format=atom"');
      expect(feed).not.toContain('junk');
    }
    expect(kept('prices.example', atom)).toBe(true);
    expect(running.reload().ok).toBe(true);
    expect(await ask('other.example', atom)).toContain('href="http://other.example/api/changes?format=atom"');
  });
});
