/**
 * Issue 24: the answer cache keys a request by the target as the app reads it (the path decoded as
 * the router decodes it, the query only where the route reads one, the origin only where the answer
 * read it), keeps answers for a bounded number of origins, and compresses on a GET only: a
 * file's codings are made ahead, an answer's once per kept entry, and a HEAD or 304 never compresses.
 */
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type Catalogue } from '../../src/core/catalogue/catalogue.js';
import { ENDPOINTS, PAGE_ROUTES } from '../../src/http/app.js';
import { requestKey } from '../../src/http/answer-cache/key.js';
import { MAX_ORIGINS } from '../../src/http/service.js';
import { fixtureApp, fixtureCatalogue, fixtureFiles } from '../fixtures/catalogue.js';
import { countingCompressors as counting } from './helpers.js';

const docsJs = `/* docs */${'console.log("Swagger UI, large");\n'.repeat(2000)}`;
const assets = {
  docsJs,
  docsCss: `/* css */${'a{color:red}\n'.repeat(500)}`,
  widgetJs: docsJs.slice(0, 5000),
  siteJs: docsJs.slice(0, 3000),
};

describe('keys', () => {
  const none = () => false;
  it('decode the path as the router does, and keep the query only where the route reads it', () => {
    const ignores = (path: string) => path === '/assets/docs.js';
    expect(requestKey('http://h/assets/d%6Fcs.js?n=1', ignores)).toEqual({
      origin: 'http://h',
      target: '/assets/docs.js',
    });
    expect(requestKey('http://h/assets/%64%6F%63%73.js#x', ignores)?.target).toBe('/assets/docs.js');
    expect(requestKey('http://h/api/pric%69ng?tier=mid', none)?.target).toBe('/api/pricing?tier=mid');
    // What decodeURI leaves encoded (a slash, a `?`) and a malformed escape stay as sent, as the router reads them.
    expect(requestKey('http://h/models/a%2Fb', none)?.target).toBe('/models/a%2Fb');
    expect(requestKey('http://h/a%3Fb?x=1', none)?.target).toBe('/a%3Fb?x=1');
    expect(requestKey('http://h/a%zz', none)?.target).toBe('/a%zz');
  });

  it("keep a query's non-empty pairs sorted by name, one pair or many", () => {
    const target = (url: string) => requestKey(`http://h/api/x${url}`, none)?.target;
    expect(target('?tier=mid')).toBe('/api/x?tier=mid');
    expect(target('?tier=')).toBe('/api/x');
    expect(target('?tier')).toBe('/api/x');
    expect(target('?')).toBe('/api/x');
    expect(target('?tier=mid#top')).toBe('/api/x?tier=mid');
    expect(target('?b=2&a=1&c=')).toBe('/api/x?a=1&b=2');
    expect(target('?b=2&&a=1')).toBe('/api/x?a=1&b=2');
    expect(target('?=1')).toBe('/api/x?=1');
    // A name that is the start of another sorts first; pairs of one name keep their order.
    expect(target('?model_b=1&model=2&a=3&model=1')).toBe('/api/x?a=3&model=2&model=1&model_b=1');
  });

  it('sort any number of pairs as a plain sort by name does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'ab', 'b', 'model', 'models', 'z_1', 'Z'), fc.nat(99)), {
          maxLength: 40,
        }),
        (pairs) => {
          const query = pairs.map(([n, v]) => `${n}=${v}`);
          const byName = (x: string, y: string) => {
            const [a, b] = [x.slice(0, x.indexOf('=')), y.slice(0, y.indexOf('='))];
            return a < b ? -1 : a > b ? 1 : 0;
          };
          const expected = query.length === 0 ? '/api/x' : `/api/x?${[...query].sort(byName).join('&')}`;
          expect(requestKey(`http://h/api/x?${query.join('&')}`, none)?.target).toBe(expected);
        },
      ),
    );
  });

  it('are one for every spelling of a file, a query-free page or a query-free endpoint: one entry, the same bytes', async () => {
    const app = fixtureApp({ assets });
    const spellings: Record<string, string[]> = {
      '/assets/docs.js': [
        '/assets/d%6Fcs.js?n=1',
        '/assets/docs.js?n=2',
        '/%61ssets/docs.js',
        '/assets/docs%2Ejs?v=3#top',
      ],
      '/docs': ['/d%6Fcs?x=1', '/docs?y=2'],
      '/openapi.json': ['/openapi%2Ejson?n=1'],
      '/models/beta-pro': ['/models/beta%2Dpro?ref=x'],
    };
    for (const [path, others] of Object.entries(spellings)) {
      const expected = await (await app.request(path)).text();
      const before = app.cache.size;
      for (const other of others) expect(await (await app.request(other)).text(), other).toBe(expected);
      expect(app.cache.size, path).toBe(before);
    }
  });
});

describe('origins', () => {
  // Every route, with parameters that give a 200.
  const targets = [
    ...ENDPOINTS.map((e) => e.path),
    '/api/pricing?model=alpha-nano',
    '/api/calculate?model=alpha-large',
    '/api/compare?models=alpha-mini,beta-flash',
    '/api/badge?model=alpha-nano',
    '/api/changes?format=atom',
    '/api/recommend?use_case=coding',
    ...PAGE_ROUTES.map((r) => r.path.replace(':id', 'beta-pro')),
  ];

  it('an answer cached for one origin is served to another only when it is the same for both: every route', async () => {
    const app = fixtureApp({ assets });
    const uncached = fixtureApp({ assets, answerCache: false });
    let shared = 0;
    for (const target of targets) {
      const one = await (await app.request(`http://one.example${target}`)).text();
      // Asked twice: kept (a query is kept from its second request), then asked from another origin.
      await app.request(`http://one.example${target}`);
      const two = await (await app.request(`http://two.example${target}`)).text();
      expect(two, target).toBe(await (await uncached.request(`http://two.example${target}`)).text());
      if (!one.includes('one.example')) {
        shared++;
        expect(two, target).toBe(one);
      }
    }
    // Files, /docs and /healthz among them: some answers are the same for every origin.
    expect(shared).toBeGreaterThanOrEqual(5);
  });

  const kept = (app: ReturnType<typeof fixtureApp>, url: string) =>
    app.cached({ method: 'GET', url, acceptEncoding: null, ifNoneMatch: null }) !== undefined;

  it(`eight junk Hosts asked first do not keep the real Host's answers out of the cache (issue 37)`, async () => {
    const app = fixtureApp({ assets });
    for (let i = 1; i <= MAX_ORIGINS; i++) await app.request(`http://junk${i}.example/api/changes?format=atom`);
    await app.request('http://prices.example/api/pricing');
    // Asked more often than the least-asked junk name, the real one takes its place and is kept.
    await app.request('http://prices.example/api/pricing');
    expect(kept(app, 'http://prices.example/api/pricing')).toBe(true);
    // Junk names asked once each, however many, never take the place of a name in use.
    for (let i = 0; i < 200; i++) await app.request(`http://more${i}.example/api/pricing`);
    expect(kept(app, 'http://prices.example/api/pricing')).toBe(true);
    // The answer kept is the real Host's own.
    const body = (await (await app.request('http://prices.example/api/pricing')).json()) as {
      meta: { source: string };
    };
    expect(body.meta.source).toBe('http://prices.example/');
  });

  it('resetOrigins (SIGHUP) gives the places anew: names asked after it are kept from their first miss', async () => {
    const app = fixtureApp({ assets });
    for (let i = 1; i <= MAX_ORIGINS; i++)
      for (let n = 0; n < 5; n++) await app.request(`http://junk${i}.example/api/changes?format=atom`);
    await app.request('http://prices.example/api/pricing');
    expect(kept(app, 'http://prices.example/api/pricing')).toBe(false);
    app.resetOrigins();
    await app.request('http://prices.example/api/pricing');
    expect(kept(app, 'http://prices.example/api/pricing')).toBe(true);
  });

  it(`keeps answers that embed the origin for ${MAX_ORIGINS} origins only; others asked as often are answered, not kept`, async () => {
    const app = fixtureApp({ assets });
    for (let i = 0; i < 100; i++) {
      const body = (await (await app.request(`http://h${i}.example/api/pricing`)).json()) as {
        meta: { source: string };
      };
      expect(body.meta.source).toBe(`http://h${i}.example/`);
      expect((await app.request(`http://h${i}.example/assets/docs.js`)).status).toBe(200);
    }
    // One entry for each of the first origins' /api/pricing, one for the file whatever the Host.
    expect(app.cache.size).toBe(MAX_ORIGINS + 1);
    const late = (await (await app.request('http://h99.example/api/pricing')).json()) as { meta: { source: string } };
    expect(late.meta.source).toBe('http://h99.example/');
  });

  it('with BASE_URL set, one entry whatever the Host', async () => {
    const app = fixtureApp({ baseUrl: 'https://prices.example' });
    for (let i = 0; i < 20; i++) await app.request(`http://h${i}.example/api/pricing`);
    expect(app.cache.size).toBe(1);
  });
});

describe('compression', () => {
  it('a HEAD or a 304 never compresses; the GET that first asks for a coding does, once', async () => {
    const { compressors, calls } = counting();
    const app = fixtureApp({ compressors });
    const plain = await app.request('/api/pricing');
    const text = await plain.text();
    const brTag = `${(plain.headers.get('etag') as string).slice(0, -1)}-br"`;
    for (let i = 0; i < 3; i++) {
      const head = await app.request('/api/pricing', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-encoding')).toBe('br');
      expect(head.headers.get('etag')).toBe(brTag);
      // Its length is known once the coding is made, not before.
      expect(head.headers.get('content-length')).toBeNull();
      const notModified = await app.request('/api/pricing', {
        headers: { 'Accept-Encoding': 'br', 'If-None-Match': brTag },
      });
      expect(notModified.status).toBe(304);
    }
    expect(calls).toEqual([]);
    const get = await app.request('/api/pricing', { headers: { 'Accept-Encoding': 'br' } });
    const bytes = Buffer.from(await get.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(text);
    const head = await app.request('/api/pricing', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    await app.request('/api/pricing', { headers: { 'Accept-Encoding': 'br' } });
    expect(calls).toEqual([`br ${Buffer.byteLength(text)}`]);
  });

  it("a file's codings made ahead are sent as they are, never made again, and kept through a catalogue swap", async () => {
    const { compressors, calls } = counting();
    const br = brotliCompressSync(docsJs);
    const gzip = gzipSync(docsJs);
    let current: Catalogue = fixtureCatalogue;
    const app = fixtureApp({
      compressors,
      catalogue: () => current,
      assets: { docsJs, coded: { docsJs: { br, gzip } } },
    });
    for (let i = 0; i < 3; i++) {
      const res = await app.request(`/assets/d%6Fcs.js?n=${i}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(Buffer.from(await res.arrayBuffer()).equals(br)).toBe(true);
      const gz = await app.request('/assets/docs.js', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(Buffer.from(await gz.arrayBuffer()).equals(gzip)).toBe(true);
      expect(await (await app.request('/assets/docs.js')).text()).toBe(docsJs);
      current = buildCatalogue(fixtureFiles.slice(0, 1 + (i % 2)));
    }
    expect(calls).toEqual([]);
    // Files are held apart from the bounded entries.
    expect(app.cache.bytes).toBe(0);
  });

  it('an answer below 1 KB is sent as is', async () => {
    const { compressors, calls } = counting();
    const app = fixtureApp({ compressors });
    const res = await app.request('/healthz', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.byteLength(await res.text())).toBeLessThan(1024);
    expect(calls).toEqual([]);
  });
});
