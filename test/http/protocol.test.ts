import { hashBytes } from '../../src/http/etag.js';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '../../src/http/app.js';
import { fixedClock } from '../../src/lib/clock.js';
import { fixtureApp } from '../fixtures/catalogue.js';
import { expectError, getJson } from './helpers.js';

// At 00:00 UTC: an answer kept within the hour may be cached downstream for an hour (max-age) and
// served stale until midnight UTC (82,800 s from the end of the hour), never past it.
const app = fixtureApp({ clock: fixedClock('2026-11-28') });
const ANSWER_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=79200';
const FILES = new Set(['/widget.js']);
const cacheControlOf = (path: string) => (FILES.has(path) ? CACHE_CONTROL : ANSWER_CACHE_CONTROL);
const request = (path: string, init?: RequestInit) => app.request(`http://localhost${path}`, init);

/** One 200 path per endpoint (and per badge format). */
const OK_PATHS = [
  '/',
  '/healthz',
  '/data/pricing.json',
  '/api/pricing',
  '/api/pricing?provider=alpha&tier=budget',
  '/api/pricing?model=alpha-large',
  '/api/calculate?model=alpha-nano',
  '/api/calculate?models=alpha-nano,beta-pro',
  '/api/cheapest',
  '/api/compare?models=alpha-nano,beta-pro',
  '/api/recommend?use_case=coding',
  '/api/badge?model=alpha-nano',
  '/api/badge?model=alpha-nano&format=json',
  '/api/badge?model=alpha-nano&format=md',
  '/api/badge?model=alpha-nano&format=url',
  '/widget.js',
  // Pages on the full chain: hono's etag() makes their ETags (SHA-1 by Web Crypto).
  '/models/alpha-nano',
  '/docs',
];

const ERROR_PATHS: Array<[string, number]> = [
  ['/api/calculate', 400],
  ['/api/calculate?model=nope', 404],
  ['/api/cheapest?limit=99', 400],
  ['/api/nope', 404],
];

describe('every 200', () => {
  it.each(OK_PATHS)('%s carries CORS, nosniff, Cache-Control and an ETag', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe(cacheControlOf(path));
    expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
  });

  it.each(['/models/alpha-nano', '/docs', '/api/pricing'])(
    '%s has the hash of its body and type as its ETag',
    async (path) => {
      const res = await request(path);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(res.headers.get('etag')).toBe(`"${hashBytes(body, res.headers.get('content-type') ?? '')}"`);
    },
  );

  it('Cache-Control fits monthly data: public, cached for a while, no longer than a day', () => {
    expect(CACHE_CONTROL).toMatch(/^public\b/);
    const maxAge = Number(/max-age=(\d+)/.exec(CACHE_CONTROL)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(300);
    expect(maxAge).toBeLessThanOrEqual(86_400);
  });

  it.each(OK_PATHS)('%s answers If-None-Match with its ETag by a 304 without a body', async (path) => {
    const first = await request(path);
    const etag = first.headers.get('etag') ?? '';
    const again = await request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(again.headers.get('cache-control')).toBe(cacheControlOf(path));
  });

  it('gives the same ETag for the same body and another for another body', async () => {
    const a = (await request('/api/calculate?model=alpha-nano')).headers.get('etag');
    const b = (await request('/api/calculate?model=ALPHA-NANO&mode=standard')).headers.get('etag');
    const c = (await request('/api/calculate?model=alpha-nano&mode=batch')).headers.get('etag');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('answers 200 when If-None-Match names another ETag, 304 when a list holds it', async () => {
    const etag = (await request('/api/pricing')).headers.get('etag') ?? '';
    expect((await request('/api/pricing', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    expect((await request('/api/pricing', { headers: { 'If-None-Match': `"other", ${etag}` } })).status).toBe(304);
    // weak comparison, as RFC 9110 asks for If-None-Match, and the wildcard
    expect(
      (await request('/api/pricing', { headers: { 'If-None-Match': `W/${etag.replace(/^W\//, '')}` } })).status,
    ).toBe(304);
    expect((await request('/api/pricing', { headers: { 'If-None-Match': '*' } })).status).toBe(304);
    // a different query is a different body
    expect((await request('/api/pricing?tier=mid', { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });
});

describe('HEAD', () => {
  it.each(OK_PATHS)('%s: same status and headers as GET, no body', async (path) => {
    const get = await request(path);
    const head = await request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const h of ['content-type', 'etag', 'cache-control', 'access-control-allow-origin']) {
      expect(head.headers.get(h), h).toBe(get.headers.get(h));
    }
  });

  it('answers errors with their status and no body', async () => {
    const res = await request('/api/nope', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
    expect((await request('/api/calculate', { method: 'HEAD' })).status).toBe(400);
  });
});

describe('OPTIONS', () => {
  it.each(['/api/pricing', '/api/calculate', '/api/badge', '/widget.js'])(
    '%s answers a CORS preflight',
    async (path) => {
      const res = await request(path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://someone.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toMatch(/GET/);
      expect(res.headers.get('access-control-allow-methods')).toMatch(/HEAD/);
    },
  );
});

describe('other methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s gets 405 with Allow, everywhere', async (method) => {
    for (const path of [
      '/api/pricing',
      '/api/calculate?model=alpha-nano',
      '/data/pricing.json',
      '/healthz',
      '/widget.js',
      '/api/nope',
    ]) {
      const res = await request(path, { method, ...(method === 'DELETE' ? {} : { body: '{}' }) });
      expect(res.status, `${method} ${path}`).toBe(405);
      const allow = (res.headers.get('allow') ?? '').split(/,\s*/);
      expect(allow).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']));
      expect(allow).not.toContain(method);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as { error: { status: number; code: string; message: string } };
      expect(body.error).toMatchObject({ status: 405, code: 'method_not_allowed' });
      expect(body.error.message).toContain(method);
    }
  });
});

describe('unknown paths', () => {
  it.each(['/api/nope', '/api', '/api/pricing/alpha-large', '/data/other.json', '/API/PRICING'])(
    '%s is a 404 JSON error',
    async (path) => {
      const error = await expectError(path, 404, 'not_found');
      expect(error.param).toBeUndefined();
    },
  );
});

describe('errors', () => {
  it.each(ERROR_PATHS)(
    '%s: the envelope {error: {status, code, message, param?, suggestions?}} and headers',
    async (path, status) => {
      const res = await request(path);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toMatch(/no-store|no-cache|max-age=0/);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body)).toEqual(['error']);
      const { error } = body;
      expect(Object.keys(error).every((k) => ['status', 'code', 'message', 'param', 'suggestions'].includes(k))).toBe(
        true,
      );
      expect(error.status).toBe(status);
      expect(error.code).toMatch(/^[a-z_]+$/);
      expect(typeof error.message).toBe('string');
      if ('param' in error) expect(typeof error.param).toBe('string');
      if ('suggestions' in error) expect(Array.isArray(error.suggestions)).toBe(true);
    },
  );

  it('echo client input safely, cut short', async () => {
    const long = 'x'.repeat(500);
    const error = await expectError(`/api/calculate?model=${long}`, 404, 'model_not_found', 'model');
    expect(error.message.length).toBeLessThan(200);
    const tag = await expectError('/api/calculate?model=%3Cscript%3E', 404, 'model_not_found');
    expect(tag.message).toContain('"<script>"'); // quoted text inside JSON, never served as HTML
  });
});

describe('query strings', () => {
  it('are decoded as URLSearchParams decodes them', async () => {
    // %2C is a comma, %2D a hyphen, + a space (trimmed around list items)
    const list = await getJson('/api/calculate?models=alpha-nano%2Cbeta%2Dpro');
    expect(list.body.results.map((r: { id: string }) => r.id)).toEqual(['alpha-nano', 'beta-pro']);
    const spaced = await getJson('/api/pricing?provider=alpha,+beta');
    expect(spaced.body.meta.count).toBe(6);
    const encodedName = await getJson('/api/calculate?model=alpha-nano&input%5Ftokens=1000');
    expect(encodedName.body.workload.input_tokens).toBe(1000);
  });

  it('skip empty pairs and treat a bare name as an empty value', async () => {
    expect((await getJson('/api/calculate?&&model=alpha-nano&&')).status).toBe(200);
    await expectError('/api/calculate?model', 400, 'missing_parameter', 'model');
    const { body } = await getJson('/api/cheapest?limit&budget');
    expect(body.filters).toMatchObject({ budget: null, limit: 5 });
  });

  it('malformed percent-encoding is a client error or read leniently, never a 5xx', async () => {
    for (const q of ['model=%E0%A4%A', 'model=%', 'mo%del=alpha-nano', 'model=alpha-nano&days=%33%30']) {
      const res = await request(`/api/calculate?${q}`);
      expect(res.status, q).toBeLessThan(500);
    }
    const days = await getJson('/api/calculate?model=alpha-nano&days=%33%30'); // "30"
    expect(days.body.workload.days).toBe(30);
  });
});

describe('BASE_URL and the request origin', () => {
  it('meta.source and meta.docs are relative when BASE_URL is unset, whatever the Host', async () => {
    const res = await fixtureApp().request('https://api.example.org:8443/api/pricing');
    const body = (await res.json()) as { meta: { source: string; docs: string } };
    expect(body.meta.source).toBe('/');
    expect(body.meta.docs).toBe('/docs');
  });

  it('BASE_URL (trailing slash or not) wins over the request origin everywhere', async () => {
    for (const baseUrl of ['https://prices.example.com', 'https://prices.example.com/']) {
      const app = fixtureApp({ baseUrl });
      const list = await getJson('/api/pricing', app);
      expect(list.body.meta.source).toBe('https://prices.example.com/');
      expect(list.body.meta.docs).toBe('https://prices.example.com/docs');
      const file = await getJson('/data/pricing.json', app);
      expect(file.body.meta.source).toBe('https://prices.example.com/');
      const one = await getJson('/api/pricing?model=beta-pro', app);
      expect([one.body.source, one.body.docs]).toEqual([
        'https://prices.example.com/',
        'https://prices.example.com/docs',
      ]);
      const badge = await getJson('/api/badge?model=beta-pro&format=json', app);
      expect(badge.body.badge_url).toBe('https://prices.example.com/api/badge?model=beta-pro');
      const openapi = await getJson('/openapi.json', app);
      expect(openapi.body.servers).toEqual([{ url: 'https://prices.example.com' }]);
      const page = await (await app.request('http://localhost/models/beta-pro')).text();
      expect(page).toContain('[![Beta Pro price](https://prices.example.com/api/badge?model=beta-pro)]');
      expect(page).not.toContain('data-origin');
      const feed = await (await app.request('http://localhost/api/changes?format=jsonfeed')).json();
      expect((feed as { feed_url: string }).feed_url).toBe('https://prices.example.com/api/changes?format=jsonfeed');
    }
  });

  it('a BASE_URL with a path keeps it', async () => {
    const app = fixtureApp({ baseUrl: 'https://example.com/prices/' });
    const { body } = await getJson('/api/pricing', app);
    expect(body.meta.source).toBe('https://example.com/prices/');
    expect(body.meta.docs).toBe('https://example.com/prices/docs');
  });
});

describe('the catalogue as a function', () => {
  it('serves whatever catalogue the function returns at request time', async () => {
    const { fixtureCatalogue } = await import('../fixtures/catalogue.js');
    let calls = 0;
    const app = fixtureApp({
      catalogue: () => {
        calls++;
        return fixtureCatalogue;
      },
    });
    const { body } = await getJson('/healthz', app);
    expect(body.models).toBe(6);
    expect(calls).toBeGreaterThan(0);
  });
});
