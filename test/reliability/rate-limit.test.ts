/**
 * The optional per-client rate limit, on the service with a fake clock and a client address from
 * the runtime's bindings. A repeated request is answered from the cache after its first time, so
 * these count cached answers too.
 */
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/http/middleware/rate-limit/client-key.js';
import { MAX_TRACKED_CLIENTS, RequestWindow } from '../../src/http/middleware/rate-limit/window.js';
import { fixtureApp } from '../fixtures/catalogue.js';

function limitedApp(perMinute: number, clock: { now: number }) {
  const service = fixtureApp({
    rateLimit: { perMinute, clientIp: (env) => (env as { client?: string }).client, now: () => clock.now },
  });
  return {
    request: (path: string, client?: string) =>
      service.fetch(new Request(`http://localhost${path}`), client === undefined ? {} : { client }),
  };
}
const from = (client: string) => client;

describe('rate limit', () => {
  it('answers the request past the limit with a 429 JSON error and the seconds left in the minute', async () => {
    // 12:00:45.5 in some minute: 14.5 s of it remain, so Retry-After is 15.
    const clock = { now: 1_000 * 60_000 + 45_500 };
    const app = limitedApp(3, clock);
    for (let i = 0; i < 3; i++) expect((await app.request('/api/pricing', from('a'))).status).toBe(200);
    const res = await app.request('/api/pricing', from('a'));
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('15');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: { status: 429, code: 'rate_limited' } });
  });

  it('counts each client apart, starts afresh each minute and never limits the health check', async () => {
    const clock = { now: 5 * 60_000 };
    const app = limitedApp(1, clock);
    expect((await app.request('/api/pricing', from('a'))).status).toBe(200);
    expect((await app.request('/api/pricing', from('a'))).status).toBe(429);
    expect((await app.request('/api/pricing', from('b'))).status).toBe(200);
    expect((await app.request('/healthz', from('a'))).status).toBe(200);
    clock.now += 59_999;
    expect((await app.request('/api/pricing', from('a'))).status).toBe(429);
    clock.now += 1;
    expect((await app.request('/api/pricing', from('a'))).status).toBe(200);
  });

  it('lets through requests whose client the runtime cannot tell', async () => {
    const app = limitedApp(1, { now: 0 });
    for (let i = 0; i < 3; i++) expect((await app.request('/api/pricing')).status).toBe(200);
  });

  it('is off unless asked for', async () => {
    const app = fixtureApp();
    for (let i = 0; i < 200; i++) expect((await app.request('/healthz')).status).toBe(200);
  });

  it('refuses a limit that is not a whole number of 1 or more', () => {
    expect(() => fixtureApp({ rateLimit: { perMinute: 0, clientIp: () => 'a' } })).toThrow(/perMinute/);
  });
});

describe('RequestWindow', () => {
  it('holds at most maxClients counts by forgetting the least recently seen client, never refusing a first request', () => {
    const window = new RequestWindow(2, 3);
    for (const client of ['a', 'b', 'c']) expect(window.hit(client, 0)).toEqual({ allowed: true });
    expect(window.hit('a', 1)).toEqual({ allowed: true });
    // d is one too many: b, seen least recently, is forgotten; d and e get their own counts.
    expect(window.hit('d', 2)).toEqual({ allowed: true });
    expect(window.hit('e', 3)).toEqual({ allowed: true });
    expect(window.trackedClients).toBe(3);
    // a was seen recently, so its count of 2 is kept: its third request is refused.
    expect(window.hit('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(window.hit('a', 60_000)).toEqual({ allowed: true });
    expect(window.trackedClients).toBe(1);
  });

  it('after 100,060 distinct clients in one minute (the lock-out of issue 19), a fresh client is still let in, and 100,000 counts are held at most', () => {
    const window = new RequestWindow(60);
    let refused = 0;
    for (let i = 0; i < 100_060; i++)
      if (!window.hit(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 1000).allowed) refused += 1;
    expect(refused).toBe(0);
    expect(window.trackedClients).toBe(MAX_TRACKED_CLIENTS);
    for (let i = 0; i < 100; i++) expect(window.hit(`192.0.2.${i}`, 2000)).toEqual({ allowed: true });
    // One busy client keeps its count while the flood goes on around it.
    for (let i = 0; i < 60; i++) window.hit('198.51.100.7', 3000);
    for (let i = 0; i < 50_000; i++) window.hit(`172.16.${i >> 8}.${i & 255}`, 4000);
    expect(window.hit('198.51.100.7', 5000).allowed).toBe(false);
  });

  it('counts a weighted hit (an MCP batch) as that many requests', () => {
    const window = new RequestWindow(10);
    expect(window.hit('a', 0, 10)).toEqual({ allowed: true });
    expect(window.hit('a', 0).allowed).toBe(false);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses, and counts IPv6 ones by their /64 however they are written', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey(' 203.0.113.9:4431 ')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2:3:4:5:6]:443')).toBe('2001:db8:1:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address (as dual-stack sockets report IPv4 clients) as the IPv4 address', () => {
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(clientKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('keeps anything else as it is, cut to 64 characters', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('1:2:3')).toBe('1:2:3');
    expect(clientKey('x'.repeat(500))).toBe('x'.repeat(64));
  });
});
