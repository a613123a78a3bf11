/**
 * Issue 24: the answer cache keys a request by the target as the app reads it (the path decoded as
 * the router decodes it, the query only where the route reads one, the origin only where the answer
 * read it: the badge's snippets and the feeds), and compresses on a GET only: a
 * file's codings are made ahead, an answer's once per kept entry, and a HEAD or 304 never compresses.
 */
import { resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type Catalogue } from '../../src/core/catalogue/catalogue.js';
import { ENDPOINTS, PAGE_ROUTES } from '../../src/http/app.js';
import { requestKey } from '../../src/http/answer-cache/key.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
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

describe('origins (issue 58)', () => {
  // The answers whose links must be absolute to work elsewhere: the badge's snippets and the feeds.
  const perOrigin = [
    '/api/badge?model=alpha-nano&format=json',
    '/api/badge?model=alpha-nano&format=md',
    '/api/badge?model=alpha-nano&format=url',
    '/api/changes?format=atom',
    '/api/changes?format=jsonfeed',
  ];
  // Every route, with parameters that give a 200, and the per-origin answers.
  const targets = [
    ...ENDPOINTS.map((e) => e.path),
    '/api/pricing?model=alpha-nano',
    '/api/calculate?model=alpha-large',
    '/api/compare?models=alpha-mini,beta-flash',
    '/api/badge?model=alpha-nano',
    '/api/badge?model=alpha-nano&format=shields',
    '/api/changes',
    '/api/recommend?use_case=coding',
    '/data/pricing.json',
    ...PAGE_ROUTES.map((r) => r.path.replace(':id', 'beta-pro')),
    ...perOrigin,
  ];

  it("every answer is the same whatever the Host, but the badge's snippets and the feeds, which carry the asking origin", async () => {
    const uncached = fixtureApp({ assets, answerCache: false });
    for (const target of targets) {
      const one = await (await uncached.request(`http://one.example${target}`)).text();
      const two = await (await uncached.request(`http://two.example:8080${target}`)).text();
      if (perOrigin.includes(target)) {
        expect(one, target).toContain('http://one.example/');
        expect(two, target).toBe(one.replaceAll('http://one.example/', 'http://two.example:8080/'));
      } else {
        expect(two, target).toBe(one);
        expect(one, target).not.toContain('one.example');
      }
    }
  });

  it('the cache serves each Host what the app would make for it, whoever asked first', async () => {
    const app = fixtureApp({ assets });
    const uncached = fixtureApp({ assets, answerCache: false });
    for (const target of targets) {
      // Asked twice (a query is kept from its second request), then from another origin.
      await app.request(`http://first.example${target}`);
      await app.request(`http://first.example${target}`);
      const two = await (await app.request(`http://two.example${target}`)).text();
      expect(two, target).toBe(await (await uncached.request(`http://two.example${target}`)).text());
      expect(two, target).not.toContain('first.example');
    }
  });

  it('links read on the site are relative: meta, the OpenAPI server, the pages', async () => {
    const app = fixtureApp({ assets });
    const list = (await (await app.request('http://h.example/api/pricing')).json()) as {
      meta: { source: string; docs: string };
    };
    expect([list.meta.source, list.meta.docs]).toEqual(['/', '/docs']);
    const changes = (await (await app.request('http://h.example/api/changes?provider=alpha')).json()) as {
      meta: { feeds: { atom: string; jsonfeed: string } };
    };
    expect(changes.meta.feeds).toEqual({
      atom: '/api/changes?provider=alpha&format=atom',
      jsonfeed: '/api/changes?provider=alpha&format=jsonfeed',
    });
    const openapi = (await (await app.request('http://h.example/openapi.json')).json()) as { servers: unknown };
    expect(openapi.servers).toEqual([{ url: '/' }]);
    // A page's snippets to paste elsewhere leave the address to the page's script.
    const page = await (await app.request('http://h.example/models/beta-pro')).text();
    expect(page).toContain(
      '[![Beta Pro price](<span data-origin></span>/api/badge?model=beta-pro)](<span data-origin></span>/models/beta-pro)',
    );
    expect(page).toContain('endpoint?url=<span data-origin="encoded"></span>%2Fapi%2Fbadge%3Fmodel%3Dbeta-pro');
    expect(page).toContain('<script defer src="/assets/site.js">');
    const home = await (await app.request('http://h.example/')).text();
    expect(home).toContain('&lt;script async src="<span data-origin></span>/widget.js"&gt;');
  });

  const kept = (app: ReturnType<typeof fixtureApp>, url: string) =>
    app.cached({ method: 'GET', url, acceptEncoding: null, ifNoneMatch: null }) !== undefined;

  it('a run of unique Hosts keeps nothing and evicts nothing; each gets its own links', async () => {
    const app = fixtureApp({ assets, answerCache: { maxEntries: 20 } });
    const badge = '/api/badge?model=alpha-nano&format=md';
    for (const target of ['/api/pricing', badge, '/api/changes?format=atom', badge])
      await app.request(`http://prices.example${target}`);
    expect(kept(app, `http://prices.example${badge}`)).toBe(true);
    const [size, bytes] = [app.cache.size, app.cache.bytes];
    for (let i = 0; i < 500; i++) {
      const host = `h${i}.example:${1000 + i}`;
      expect(await (await app.request(`http://${host}${badge}`)).text()).toBe(
        `[![Alpha Nano price](http://${host}/api/badge?model=alpha-nano)](http://${host}/models/alpha-nano)`,
      );
      expect(await (await app.request(`http://${host}/api/changes?format=atom`)).text()).toContain(
        `href="http://${host}/api/changes?format=atom"`,
      );
      // Answered from the one entry every Host shares.
      expect(kept(app, `http://${host}/api/pricing`)).toBe(true);
    }
    expect([app.cache.size, app.cache.bytes]).toEqual([size, bytes]);
    expect(kept(app, `http://prices.example${badge}`)).toBe(true);
  });

  it("a Host's first request for a per-origin answer is not compressed; its second, kept, is", async () => {
    const { compressors, calls } = counting();
    // The real catalogue's feed (a few KB: compressible), as clients get it.
    const app = fixtureApp({
      compressors,
      catalogue: loadCatalogueFromDir(resolve(import.meta.dirname, '../../data')),
    });
    const br = { headers: { 'Accept-Encoding': 'br' } };
    for (let i = 0; i < 20; i++) {
      const res = await app.request(`http://h${i}.example/api/changes?format=atom`, br);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toContain(`href="http://h${i}.example/api/changes?format=atom"`);
    }
    expect(calls).toEqual([]);
    const again = await app.request('http://h0.example/api/changes?format=atom', br);
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await again.arrayBuffer()).toString()).toContain('href="http://h0.example/');
    expect(calls).toHaveLength(1);
  });

  it('unique Hosts each asking twice are kept within the bounds, the oldest out first', async () => {
    const app = fixtureApp({ assets, answerCache: { maxEntries: 20 } });
    const badge = '/api/badge?model=alpha-nano&format=url';
    for (let i = 0; i < 200; i++) {
      for (let n = 0; n < 2; n++) await app.request(`http://h${i}.example${badge}`);
      expect(app.cache.size).toBeLessThanOrEqual(20);
    }
    expect(app.cache.size).toBe(20);
    expect(kept(app, `http://h199.example${badge}`)).toBe(true);
    expect(kept(app, `http://h0.example${badge}`)).toBe(false);
  });

  it('with BASE_URL set, one entry whatever the Host, and every link on BASE_URL', async () => {
    const app = fixtureApp({ baseUrl: 'https://prices.example' });
    for (const target of ['/api/pricing', '/api/badge?model=alpha-nano&format=md', '/api/changes?format=atom']) {
      const before = app.cache.size;
      for (let i = 0; i < 20; i++) {
        const text = await (await app.request(`http://h${i}.example${target}`)).text();
        expect(text, target).toContain('https://prices.example/');
        expect(text, target).not.toContain(`h${i}.example`);
      }
      expect(app.cache.size, target).toBe(before + 1);
    }
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
