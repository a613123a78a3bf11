/**
 * The answer cache in front of the app changes no answer: with and without it, the same status,
 * headers and bytes; it keeps answers by their normalised request target within its bounds, empties
 * on a catalogue swap, answers If-None-Match and HEAD, serves br and gzip variants of large bodies,
 * and leaves errors to the app. (No timings here: speed is measured by npm run bench.)
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type Catalogue } from '../../src/core/catalogue/catalogue.js';
import { ApiError } from '../../src/lib/errors.js';
import { parseQuery } from '../../src/endpoints/params.js';
import { cheapestQuery } from '../../src/endpoints/cheapest/index.js';
import { AnswerCache } from '../../src/http/answer-cache/index.js';
import { requestKey } from '../../src/http/answer-cache/key.js';
import { nodeCompressors } from '../../src/runtime/node/compression.js';
import { fixtureApp, fixtureCatalogue, fixtureFiles } from '../fixtures/catalogue.js';
import { countingCompressors as counting } from './helpers.js';

const REQUESTS = [
  '/api/pricing',
  '/api/pricing?provider=alpha&tier=budget',
  '/api/pricing?tier=budget&provider=alpha',
  '/api/pricing?model=alpha-large',
  '/data/pricing.json',
  '/data/pricing.json?cache-bust=1',
  '/api/calculate?model=alpha-large&input_tokens=250000&mode=batch',
  '/api/calculate?models=alpha-nano%2Cbeta-pro&days=31',
  '/api/cheapest?use_case=coding&limit=3',
  '/api/cheapest?limit=3&use_case=coding&budget=',
  '/api/compare?models=alpha-mini,beta-flash',
  '/api/recommend?use_case=long_context&min_context=200K',
  '/api/badge?model=alpha-nano',
  '/api/badge?model=alpha-nano&format=json',
  '/healthz',
  '/widget.js',
  '/',
];

const HEADER_SETS: Record<string, string>[] = [
  {},
  { 'Accept-Encoding': 'gzip, deflate, br' },
  { 'Accept-Encoding': 'gzip' },
];

async function snapshot(res: Response) {
  return {
    status: res.status,
    headers: [...res.headers].sort(),
    body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  };
}

describe('response cache', () => {
  it('answers every request with the same status, headers and bytes as the uncached path, first time and repeated', async () => {
    const compressors = nodeCompressors();
    const cached = fixtureApp({ compressors });
    const uncached = fixtureApp({ compressors, answerCache: false });
    for (const headers of HEADER_SETS) {
      for (const path of REQUESTS) {
        const expected = await snapshot(await uncached.request(`http://localhost${path}`, { headers }));
        expect(expected.status, path).toBe(200);
        // 1st: computed by the app and kept; 2nd and 3rd: answered from the cache.
        for (let i = 0; i < 3; i++) {
          expect(
            await snapshot(await cached.request(`http://localhost${path}`, { headers })),
            `${path} #${i + 1}`,
          ).toEqual(expected);
        }
      }
    }
  });

  it('leaves errors to the app: a bad query repeated gets the same 4xx each time, never kept', async () => {
    const app = fixtureApp();
    const paths = [
      '/api/cheapest?limit=99',
      '/api/calculate?model=nope',
      '/api/pricing?foo=1&tier=budget',
      '/api/pricing?tier=budget&tier=mid',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const first = await snapshot(await app.request(path, { method }));
        expect(first.status).toBeGreaterThanOrEqual(400);
        expect(first.headers).toContainEqual(['cache-control', 'no-store']);
        for (let i = 0; i < 2; i++)
          expect(await snapshot(await app.request(path, { method })), `${method} ${path}`).toEqual(first);
      }
    }
    expect(app.cache.size).toBe(0);
  });

  it('answers a kept GET or HEAD itself, and leaves other methods and unknown targets to the app', async () => {
    const app = fixtureApp();
    const ask = (target: string, method = 'GET') =>
      app.cached({ method, url: `http://localhost${target}`, acceptEncoding: null, ifNoneMatch: null });
    expect(ask('/api/cheapest?limit=2')).toBeUndefined();
    const fresh = await app.request('/api/cheapest?limit=2');
    // Kept from its second request ("cache on second hit"): a one-off query is never kept.
    expect(ask('/api/cheapest?limit=2')).toBeUndefined();
    await app.request('/api/cheapest?limit=2');
    const kept = ask('/api/cheapest?limit=2');
    expect(kept?.status).toBe(200);
    expect(Buffer.from(kept?.body ?? []).toString('utf8')).toBe(await fresh.text());
    expect(ask('/api/cheapest?limit=2', 'HEAD')?.body).toBeNull();
    expect(ask('/api/cheapest?limit=2', 'POST')).toBeUndefined();
    expect(ask('/api/cheapest?limit=3')).toBeUndefined();
  });

  it('reads a URL too long to be kept as the app reads any other', async () => {
    const app = fixtureApp();
    // Past the 2,048 characters a key may have (but within the URL limit): computed each time.
    const padding = '&'.repeat(2100);
    for (let i = 0; i < 2; i++)
      expect((await app.request(`http://localhost/api/cheapest?limit=2${padding}`)).status).toBe(200);
    expect(app.cache.size).toBe(0);
    // A fragment is no part of the query, even one holding a `?`, at any length.
    for (const padding of ['', '&'.repeat(2100)]) {
      expect((await app.request(`http://localhost/api/cheapest#x?limit=999${padding}`)).status).toBe(200);
    }
  });

  it('serves the same answer for the same parameters in any order, and different answers for different values', async () => {
    const app = fixtureApp();
    const a = await (await app.request('http://localhost/api/cheapest?use_case=coding&limit=2')).text();
    const b = await (await app.request('http://localhost/api/cheapest?limit=2&use_case=coding')).text();
    const c = await (await app.request('http://localhost/api/cheapest?limit=3&use_case=coding')).text();
    expect(b).toBe(a);
    expect(JSON.parse(c).recommendations).toHaveLength(3);
    expect(JSON.parse(a).recommendations).toHaveLength(2);
  });

  it('keys answers by origin when they embed it (no baseUrl)', async () => {
    const app = fixtureApp();
    const target = '/api/badge?model=alpha-nano&format=url';
    for (let n = 0; n < 2; n++) {
      expect(await (await app.request(`http://one.example${target}`)).text()).toBe(
        'http://one.example/api/badge?model=alpha-nano',
      );
      expect(await (await app.request(`http://two.example${target}`)).text()).toBe(
        'http://two.example/api/badge?model=alpha-nano',
      );
    }
  });

  it('is dropped when the catalogue object changes (reload)', async () => {
    let current: Catalogue = fixtureCatalogue;
    const app = fixtureApp({ catalogue: () => current });
    const before = await (await app.request('http://localhost/healthz')).json();
    await app.request('http://localhost/healthz');
    await app.request('http://localhost/healthz');
    expect(before.models).toBe(6);
    // The same files less beta-classic: a new catalogue object with 5 models.
    const [alpha, beta] = fixtureFiles as [(typeof fixtureFiles)[0], (typeof fixtureFiles)[0]];
    const betaData = beta.data as { models: { id: string }[] };
    current = buildCatalogue([
      alpha,
      { ...beta, data: { ...betaData, models: betaData.models.filter((m) => m.id !== 'beta-classic') } },
    ]);
    const after = await (await app.request('http://localhost/healthz')).json();
    expect(after.models).toBe(5);
  });
});

describe('bounds', () => {
  const body = (n: number) => new Uint8Array(n);
  const headers = { 'content-type': 'application/json', etag: '"x"' };
  /** Stores an answer twice: answers are kept from their second request. */
  const keep = (cache: AnswerCache, key: string, size: number, catalogue = fixtureCatalogue) => {
    cache.store(key, catalogue, headers, body(size));
    return cache.store(key, catalogue, headers, body(size));
  };

  it('keeps an answer to a query from its second request, and forgets keys asked once when they pile up', () => {
    const cache = new AnswerCache({ catalogue: () => fixtureCatalogue, maxEntries: 2 });
    cache.store('/a?q=1', fixtureCatalogue, headers, body(10));
    expect(cache.get('/a?q=1')).toBeUndefined();
    cache.store('/a?q=1', fixtureCatalogue, headers, body(10));
    expect(cache.get('/a?q=1')).toBeDefined();
    // Keys asked once are remembered up to 4 × maxEntries of them, then forgotten together.
    cache.store('/b?q=1', fixtureCatalogue, headers, body(10));
    for (let i = 0; i < 8; i++) cache.store(`/once?q=${i}`, fixtureCatalogue, headers, body(10));
    cache.store('/b?q=1', fixtureCatalogue, headers, body(10));
    expect(cache.get('/b?q=1')).toBeUndefined();
  });

  it('keeps an answer without a query (a file, a page) from its first request', () => {
    const cache = new AnswerCache({ catalogue: () => fixtureCatalogue });
    cache.store('/widget.js', fixtureCatalogue, headers, body(10));
    expect(cache.get('/widget.js')).toBeDefined();
  });

  it('drops the oldest entry not asked for since it was kept, and never holds more than maxEntries', () => {
    const cache = new AnswerCache({ catalogue: () => fixtureCatalogue, maxEntries: 3 });
    for (const key of ['/a', '/b', '/c']) keep(cache, key, 10);
    cache.get('/a'); // asked for: spared once
    keep(cache, '/d', 10);
    expect(cache.size).toBe(3);
    expect(cache.get('/b')).toBeUndefined();
    for (const key of ['/a', '/c', '/d']) expect(cache.get(key), key).toBeDefined();
  });

  it('gives an entry asked for a second chance: the oldest entry not asked for since eviction last passed it goes', () => {
    const cache = new AnswerCache({ catalogue: () => fixtureCatalogue, maxEntries: 3 });
    // Keys without a query: each kept from its one store.
    const store = (key: string) => cache.store(key, fixtureCatalogue, headers, body(10));
    for (const key of ['/a', '/b', '/c']) store(key);
    cache.get('/a');
    cache.get('/c');
    store('/d'); // /a passed over (to the back, unmarked), /b goes
    store('/e'); // /c passed over, /d (never asked for) goes before /a
    expect(['/a', '/b', '/c', '/d', '/e'].filter((key) => cache.get(key) !== undefined)).toEqual(['/a', '/c', '/e']);
  });

  it('holds at most maxBytes of bodies, compressed variants included, and keeps no body over a quarter of it', () => {
    const cache = new AnswerCache({
      catalogue: () => fixtureCatalogue,
      maxBytes: 4800,
      compressors: { br: () => body(500) },
    });
    keep(cache, '/big', 1201);
    expect(cache.get('/big')).toBeUndefined();
    for (let i = 0; i < 10; i++) keep(cache, `/k${i}`, 1100);
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(4400);
    // A br variant of the newest entry adds 500 bytes: the oldest entry goes to make room.
    const newest = cache.get('/k9');
    if (!newest) throw new Error('the newest entry was dropped');
    expect(
      cache.answer(newest, { method: 'GET', acceptEncoding: 'br', ifNoneMatch: null }).headers['content-encoding'],
    ).toBe('br');
    expect(cache.bytes).toBe(3800);
    expect(cache.get('/k6')).toBeUndefined();
    expect(cache.get('/k9')).toBeDefined();
  });

  it('keeps nothing with no entries allowed, and nothing computed from a catalogue no longer in force', () => {
    const none = new AnswerCache({ catalogue: () => fixtureCatalogue, maxEntries: 0 });
    keep(none, '/a', 10);
    expect(none.size).toBe(0);
    const other = buildCatalogue(fixtureFiles.slice(0, 1));
    const cache = new AnswerCache({ catalogue: () => fixtureCatalogue });
    keep(cache, '/a', 10, other);
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('ETags', () => {
  it('are strong, the same for every request on one catalogue version, and new when the answer changes', async () => {
    let current: Catalogue = fixtureCatalogue;
    const app = fixtureApp({ catalogue: () => current });
    const tags = new Set<string | null>();
    for (let i = 0; i < 4; i++) tags.add((await app.request('http://localhost/data/pricing.json')).headers.get('etag'));
    // Another app on the same catalogue computes the same tag: it names the bytes, not the process.
    tags.add((await fixtureApp().request('http://localhost/data/pricing.json')).headers.get('etag'));
    expect(tags.size).toBe(1);
    const [tag] = [...tags];
    expect(tag).toMatch(/^"[0-9a-f]{16}"$/);
    current = buildCatalogue(fixtureFiles.slice(0, 1));
    expect((await app.request('http://localhost/data/pricing.json')).headers.get('etag')).not.toBe(tag);
  });

  it('answer If-None-Match with a bodiless 304 carrying the ETag, on first and repeated requests', async () => {
    const app = fixtureApp({ compressors: nodeCompressors() });
    const first = await app.request('http://localhost/api/pricing');
    const tag = first.headers.get('etag') ?? '';
    for (let i = 0; i < 3; i++) {
      const res = await app.request('http://localhost/api/pricing', {
        headers: { 'If-None-Match': `"other", W/${tag}` },
      });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(tag);
      expect(res.headers.get('cache-control')).toMatch(/max-age/);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe('');
    }
    const stale = await app.request('http://localhost/api/pricing', {
      headers: { 'If-None-Match': '"0000000000000000"' },
    });
    expect(stale.status).toBe(200);
    // A compressed variant has a tag of its own, and the client's copy of it revalidates too.
    const br = await app.request('http://localhost/api/pricing', { headers: { 'Accept-Encoding': 'br' } });
    const brTag = br.headers.get('etag') ?? '';
    expect(brTag).toBe(`${tag.slice(0, -1)}-br"`);
    const again = await app.request('http://localhost/api/pricing', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': brTag },
    });
    expect(again.status).toBe(304);
  });

  it('HEAD sends the GET headers without a body', async () => {
    const app = fixtureApp();
    const get = await app.request('http://localhost/api/cheapest');
    for (let i = 0; i < 3; i++) {
      const head = await app.request('http://localhost/api/cheapest', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
      expect(await head.text()).toBe('');
    }
  });
});

describe('pre-compressed answers', () => {
  const app = fixtureApp({ compressors: nodeCompressors() });

  for (const path of ['/data/pricing.json', '/api/pricing']) {
    it(`${path}: br, gzip and identity decompress to the same JSON, with Vary: Accept-Encoding`, async () => {
      const identity = await app.request(`http://localhost${path}`);
      const text = await identity.text();
      expect(identity.headers.get('content-encoding')).toBeNull();
      expect(identity.headers.get('vary')).toBe('Accept-Encoding');
      for (let i = 0; i < 2; i++) {
        const br = await app.request(`http://localhost${path}`, {
          headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        });
        expect(br.headers.get('content-encoding')).toBe('br');
        expect(br.headers.get('vary')).toBe('Accept-Encoding');
        const brBytes = Buffer.from(await br.arrayBuffer());
        expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
        expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(text);

        const gz = await app.request(`http://localhost${path}`, { headers: { 'Accept-Encoding': 'gzip;q=1, br;q=0' } });
        expect(gz.headers.get('content-encoding')).toBe('gzip');
        expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(text);

        const none = await app.request(`http://localhost${path}`, {
          headers: { 'Accept-Encoding': 'identity, *;q=0' },
        });
        expect(none.headers.get('content-encoding')).toBeNull();
        expect(await none.text()).toBe(text);
      }
      expect(JSON.parse(text).meta.count).toBe(6);
    });
  }

  it('are not offered without compressors (a runtime whose edge compresses) nor on small answers', async () => {
    const plain = fixtureApp();
    const res = await plain.request('http://localhost/data/pricing.json', {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    const small = await app.request('http://localhost/api/badge?model=alpha-nano&format=json', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    const cheapest = await app.request('http://localhost/api/cheapest?limit=1', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(cheapest.headers.get('content-encoding')).toBeNull();
  });
});

describe('the URL limit', () => {
  it('is not bypassed by a long URL whose key is that of a kept answer', async () => {
    const app = fixtureApp({ maxUrlBytes: 100 });
    for (let i = 0; i < 3; i++) expect((await app.request('http://localhost/api/cheapest')).status).toBe(200);
    const padded = `/api/cheapest?${'budget=&'.repeat(20)}`;
    expect((await app.request(`http://localhost${padded}`)).status).toBe(414);
  });
});

describe('cache keys', () => {
  const keyOf = (url: string) => requestKey(url, () => false)?.target;
  // What /api/cheapest reads of a query, by its own parser and schema: the parameters, or a refusal
  // (errors are never kept, so which 4xx it would be does not matter).
  const meaning = (query: string) => {
    try {
      return JSON.stringify(parseQuery(new URLSearchParams(query), cheapestQuery), (_, v: unknown) =>
        typeof v === 'bigint' ? `${v}n` : v,
      );
    } catch (err) {
      if (err instanceof ApiError) return 'refused';
      throw err;
    }
  };
  // Real parameter names, some also spelt percent-encoded; values valid, invalid, encoded or empty.
  const pair = fc.tuple(
    fc.constantFrom('limit', 'li%6Dit', 'use_case', 'use%5Fcase', 'budget', 'x+y', ''),
    fc.constantFrom('1', '2', '', '%31', 'coding', 'c%6Fding', '3+', '=', '%'),
    fc.boolean(),
  );
  const text = (pairs: ReadonlyArray<readonly [string, string, boolean]>) =>
    pairs.map(([n, v, eq]) => (eq || v !== '' ? `${n}=${v}` : n)).join('&');
  // Another spelling of a name, or another value: what a second query may change of the first.
  const respell: Record<string, string> = {
    limit: 'li%6Dit',
    'li%6Dit': 'limit',
    use_case: 'use%5Fcase',
    'use%5Fcase': 'use_case',
  };

  it('are equal only for queries an endpoint reads alike', () => {
    let equalKeys = 0;
    fc.assert(
      fc.property(
        fc.array(pair, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat()),
        fc.nat(),
        fc.constantFrom('reorder', 'respell', 'revalue', 'drop'),
        (pairs, order, at, edit) => {
          const i = at % pairs.length;
          const [n, v, eq] = pairs[i] as readonly [string, string, boolean];
          const changed: Array<readonly [string, string, boolean]> = [...pairs];
          if (edit === 'respell') changed[i] = [respell[n] ?? n, v, eq];
          if (edit === 'revalue') changed[i] = [n, v === '1' ? '2' : '1', eq];
          if (edit === 'drop') changed.splice(i, 1);
          const other = changed
            .map((p, j) => ({ p, k: order[j] ?? 0, j }))
            .sort((x, y) => x.k - y.k || x.j - y.j)
            .map(({ p }) => p);
          const [q1, q2] = [text(pairs), text(other)];
          if (keyOf(`http://h/p?${q1}`) === keyOf(`http://h/p?${q2}`)) {
            equalKeys++;
            expect(meaning(q2)).toBe(meaning(q1));
          }
        },
      ),
      { numRuns: 5000 },
    );
    // The implication above was put to the test, not skipped for want of equal keys.
    expect(equalKeys).toBeGreaterThan(500);
  });

  it('are the same for the same pairs in another order (a repeated name keeping its order) and with empty pairs added', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 5 }), fc.array(fc.nat()), (pairs, order) => {
        const filled = pairs.filter(([, v]) => v !== '');
        // Sorted by the random order, stably; then each name's pairs put back in their first order.
        const shuffled = filled
          .map((p, i) => ({ p, k: order[i] ?? 0, i }))
          .sort((x, y) => x.k - y.k || x.i - y.i)
          .map(({ p }) => p);
        const byName = new Map<string, Array<readonly [string, string, boolean]>>();
        for (const p of filled) byName.set(p[0], [...(byName.get(p[0]) ?? []), p]);
        const reordered = shuffled.map((p) => byName.get(p[0])?.shift() ?? p);
        const withEmpties = `&${text(reordered).replaceAll('&', '&&a=&')}&b`;
        expect(keyOf(`http://h/p?${withEmpties}`)).toBe(keyOf(`http://h/p?${text(filled)}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('are the URL itself from the path on for a query already in order, and the path alone for no query', () => {
    expect(keyOf('http://h/p?a=1&b=2#frag')).toBe('/p?a=1&b=2');
    expect(keyOf('http://h/p?b=2&a=1&c=')).toBe('/p?a=1&b=2');
    // Names in the order < gives them: a name before the longer names it begins, whatever follows it.
    expect(keyOf('http://h/p?a1=1&a-b=3&a=2&A=4&a%2B=5')).toBe('/p?A=4&a=2&a%2B=5&a-b=3&a1=1');
    expect(keyOf('http://h/p')).toBe('/p');
    expect(keyOf(`http://h/p?a=${'1'.repeat(2100)}`)).toBeUndefined();
    expect(requestKey('http://h:8787/p?b=2&a=1', () => false)).toEqual({
      origin: 'http://h:8787',
      target: '/p?a=1&b=2',
    });
  });
});

describe('compression of files, pages and answers: once each, by Accept-Encoding', () => {
  const widgetJs = `/* widget */${'console.log("a widget of some size");\n'.repeat(100)}`;
  const docsJs = `/* docs */${'console.log("Swagger UI, large");\n'.repeat(1000)}`;

  it.each(['/widget.js', '/assets/site.js', '/assets/docs.js', '/assets/site.css', '/', '/models/beta-pro', '/docs'])(
    '%s: br and gzip by Accept-Encoding, with Vary, each made on its first request and never again',
    async (path) => {
      const { compressors, calls } = counting();
      const assets = { widgetJs, siteJs: widgetJs, docsJs, docsCss: widgetJs };
      const app = fixtureApp({ compressors, assets });
      const identity = Buffer.from(
        await (await fixtureApp({ assets, answerCache: false }).request(path)).arrayBuffer(),
      );
      expect(identity.byteLength).toBeGreaterThan(1024);
      for (let i = 0; i < 3; i++) {
        for (const [accept, coding, decode] of [
          ['br, gzip', 'br', brotliDecompressSync],
          ['gzip', 'gzip', gunzipSync],
        ] as const) {
          const res = await app.request(path, { headers: { 'Accept-Encoding': accept } });
          expect(res.headers.get('content-encoding')).toBe(coding);
          expect(res.headers.get('vary')).toBe('Accept-Encoding');
          expect(decode(Buffer.from(await res.arrayBuffer()))).toEqual(identity);
        }
      }
      expect(calls).toEqual([`br ${identity.byteLength}`, `gzip ${identity.byteLength}`]);
    },
  );

  it('a file asked for with a query (a cache-buster) is the same entry, compressed once', async () => {
    const { compressors, calls } = counting();
    const app = fixtureApp({ compressors, assets: { docsJs } });
    for (const path of ['/assets/docs.js?v=1', '/assets/docs.js?v=2', '/assets/docs.js']) {
      expect((await app.request(path, { headers: { 'Accept-Encoding': 'br' } })).headers.get('content-encoding')).toBe(
        'br',
      );
    }
    expect(calls).toHaveLength(1);
    expect(app.cache.size).toBe(1);
  });
});
