/**
 * The optional per-client rate limit, on the service with a fake clock and a client address from
 * the runtime's bindings. A repeated request is answered from the cache after its first time, so
 * these count cached answers too.
 */
import { describe, expect, it } from 'vitest';
import { RequestWindow } from '../../src/http/middleware/rate-limit/window.js';
import { fixtureApp } from '../fixtures/catalogue.js';

function limitedApp(perMinute: number, clock: { now: number }) {
  const service = fixtureApp({ rateLimit: { perMinute, clientIp: (env) => (env as { client?: string }).client, now: () => clock.now } });
  return { request: (path: string, client?: string) => service.fetch(new Request(`http://localhost${path}`), client === undefined ? {} : { client }) };
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
  it('holds at most maxClients counts: later clients share one, and a new minute forgets them all', () => {
    const window = new RequestWindow(2, 3);
    for (const client of ['a', 'b', 'c']) expect(window.hit(client, 0)).toEqual({ allowed: true });
    // d and e are past the bound: they share one count of 2.
    expect(window.hit('d', 0)).toEqual({ allowed: true });
    expect(window.hit('e', 0)).toEqual({ allowed: true });
    expect(window.hit('d', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(window.trackedClients).toBe(4);
    expect(window.hit('a', 60_000)).toEqual({ allowed: true });
    expect(window.trackedClients).toBe(1);
  });
});
