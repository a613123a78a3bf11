/**
 * Property over real sockets: whatever bytes arrive as the request line and headers, the Node
 * server answers with an allowed status and a JSON error body, and keeps serving afterwards.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Logger } from '../../src/runtime/node/log.js';
import { startServer, type RunningServer } from '../../src/runtime/node/server.js';
import { isAllowedStatus } from '../reliability/check-response.js';
import { NASTY_VALUES } from '../reliability/arbitraries.js';
import { rawRequest } from './raw-http.js';

const quiet: Logger = { notice: () => undefined, error: () => undefined };
let running: RunningServer;
let port: number;

beforeAll(async () => {
  running = startServer(
    { PORT: '0', HOST: '127.0.0.1', HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '2000' },
    quiet,
  );
  port = ((await running.listening) as AddressInfo).port;
});
afterAll(async () => {
  await running.drain();
});

// Bytes as a client may really send them: latin1 strings, so every byte value 0-255 can appear.
const bytes = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 255 }), { maxLength }).map((a) => String.fromCharCode(...a));
const token = fc.oneof(
  { weight: 4, arbitrary: fc.constant('GET') },
  fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'get', 'G ET', 'PRI', 'CONNECT', 'TRACE', ''),
  bytes(8),
);
const target = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('/api/pricing?model=', '/api/cheapest?limit=', '/api/badge?model='),
        fc.constantFrom(...NASTY_VALUES),
      )
      .map(([a, b]) => a + encodeURIComponent(b.replace(/[\uD800-\uDFFF]/g, ''))),
  },
  fc.constantFrom(
    '/healthz',
    '/api/pricing',
    '*',
    'http://evil.example/api/pricing',
    '//x',
    '/api/pricing?model=a\\b',
    '/%',
    '/\u00e9',
  ),
  fc
    .tuple(
      fc.constantFrom('/api/pricing?model=', '/api/calculate?model=alpha&input_tokens=', '/'),
      fc.oneof(fc.constantFrom(...NASTY_VALUES), bytes(30)),
    )
    .map(([a, b]) => a + b),
  bytes(60),
);
const version = fc.oneof(
  { weight: 4, arbitrary: fc.constant('HTTP/1.1') },
  fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', ''),
);
const header = fc.oneof(
  fc.constantFrom(
    'Host: localhost',
    'Host:',
    'Host: a b',
    'Host: localhost\r\nHost: other',
    'Content-Length: -1',
    'Content-Length: 5',
    'Transfer-Encoding: chunked',
    'Transfer-Encoding: gzip, chunked',
    'Content-Length: 1\r\nTransfer-Encoding: chunked',
    'X: \u00ff',
    'Bad Header',
    ': x',
    'Accept-Encoding: gzip',
    'Accept-Encoding: br;q=1e309, gzip;q=NaN',
    'Accept-Encoding: *',
    'If-None-Match: *',
    'Range: bytes=0-1',
    'Expect: bogus',
  ),
  fc.tuple(bytes(10), bytes(20)).map(([n, v]) => `${n}: ${v}`),
);

const seen = new Set<number>();

it('answers 1,000 arbitrary requests on the wire within the contract', async () => {
  await fc.assert(
    fc.asyncProperty(
      token,
      target,
      version,
      fc.boolean(),
      fc.array(header, { maxLength: 3 }),
      async (method, path, ver, hostFirst, headers) => {
        const head = [
          `${method} ${path} ${ver}`,
          ...(hostFirst ? ['Host: localhost'] : []),
          ...headers,
          'Connection: close',
        ].join('\r\n');
        const res = await rawRequest(port, `${head}\r\n\r\n`);
        seen.add(res.status);
        // Nothing at all is allowed too: a peer that speaks no HTTP may just be hung up on.
        if (Number.isNaN(res.status)) return;
        expect(
          isAllowedStatus(res.status) || res.status === 408 || res.status === 417,
          `${res.status} for ${JSON.stringify(head)}`,
        ).toBe(true);
        if (res.status >= 400 && method !== 'HEAD') {
          const type = res.headers['content-type'] ?? '';
          // The badge's documented exception: its errors may be SVG images.
          if (path.startsWith('/api/badge') && type.startsWith('image/svg+xml')) return;
          expect(type, `${res.status} for ${JSON.stringify(head)}`).toMatch(/^application\/json\b/);
          if (res.headers['transfer-encoding'] !== 'chunked') {
            expect(typeof (JSON.parse(res.body) as { error: { code: unknown } }).error.code).toBe('string');
          }
        }
      },
    ),
    { numRuns: 1000, timeout: 10_000 },
  );
  // The generator reaches the app (200, 404) as well as Node's parser (400).
  expect(
    [200, 400, 404].every((s) => seen.has(s)),
    `statuses seen: ${[...seen].join(', ')}`,
  ).toBe(true);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
}, 60_000);
