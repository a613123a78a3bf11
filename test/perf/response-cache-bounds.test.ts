/** The response cache's bounds: kept from the second request, at most maxEntries, recently used kept longest. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/errors.js';
import { storeBody } from '../../src/http/precompressed.js';
import { ResponseCache, type CacheEntry, type ErrorEntry } from '../../src/http/response-cache.js';
import { fixtureCatalogue } from '../fixtures/catalogue.js';

function cache(maxEntries: number) {
  return new ResponseCache({ catalogue: () => fixtureCatalogue, paths: new Map([['/p', { ignoreQuery: false }]]), keyByOrigin: false, maxEntries });
}
const body = (text: string) => storeBody(text, 'text/plain', false);
/** The identity bytes of a kept answer (undefined for none, or for a kept error). */
const bodyOf = (entry: CacheEntry | ErrorEntry | undefined) => (entry && 'body' in entry ? entry.body.identity.body : undefined);

describe('response cache bounds', () => {
  it('keeps an answer only from its second request', () => {
    const c = cache(10);
    c.set('a', fixtureCatalogue, body('1'), 'x');
    expect(c.get('a')).toBeUndefined();
    c.set('a', fixtureCatalogue, body('1'), 'x');
    expect(c.get('a')).toBeDefined();
  });

  it('keeps a copy of the bytes of its own, not a view of the slab later answers are encoded into', () => {
    const c = cache(10);
    c.set('a', fixtureCatalogue, body('kept'), 'x');
    const kept = c.set('a', fixtureCatalogue, body('kept'), 'x').body.identity.body;
    expect(kept.buffer.byteLength).toBe(kept.byteLength);
    expect(new TextDecoder().decode(bodyOf(c.get('a')))).toBe('kept');
  });

  it('keeps answers from their second request under any entry bound, unbounded included', () => {
    for (const maxEntries of [0, 1, 1e9, Infinity]) {
      const c = cache(maxEntries);
      expect(c.set('a', fixtureCatalogue, body('1'), 'x').counted, String(maxEntries)).toBe(-1);
      if (maxEntries > 0) {
        c.set('a', fixtureCatalogue, body('1'), 'x');
        expect(c.get('a'), String(maxEntries)).toBeDefined();
      }
    }
  });

  it('remembers a first request across many others, and forgets it once kept', () => {
    const c = cache(100);
    c.set('a', fixtureCatalogue, body('1'), 'x');
    for (let i = 0; i < 50; i++) c.set(`other-${i}`, fixtureCatalogue, body('2'), 'x');
    c.set('a', fixtureCatalogue, body('1'), 'x');
    expect(c.get('a')).toBeDefined();
  });

  it('drops the least recently used entry first, and never holds more than maxEntries', () => {
    const c = cache(2);
    const keep = (key: string) => {
      c.set(key, fixtureCatalogue, body(key), 'x');
      c.set(key, fixtureCatalogue, body(key), 'x');
    };
    keep('a');
    keep('b');
    expect(c.get('a')).toBeDefined(); // a used since b was stored: b goes first
    keep('c');
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(bodyOf(c.get('a'))).toEqual(new TextEncoder().encode('a'));
    expect(c.get('c')).toBeDefined();
  });

  it('empties when the catalogue changes', () => {
    let current = fixtureCatalogue;
    const c = new ResponseCache({ catalogue: () => current, paths: new Map(), keyByOrigin: false });
    c.set('a', current, body('1'), 'x');
    c.set('a', current, body('1'), 'x');
    expect(c.size).toBe(1);
    current = { ...fixtureCatalogue };
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps a client error from its second request as a GET and a HEAD answer, whatever the conditional headers', () => {
    const c = cache(10);
    const error = new ApiError(400, 'invalid_parameter', 'limit must be at most 50.', { param: 'limit' });
    const get = { status: 400 as const, headers: { 'content-length': '3' }, body: new Uint8Array([1, 2, 3]) };
    const head = { status: 400 as const, headers: {}, body: null };
    let made = 0;
    const answers = () => {
      made++;
      return { get, head };
    };
    c.setError('e', fixtureCatalogue, error, answers);
    expect(c.get('e')).toBeUndefined();
    expect(made).toBe(0);
    c.setError('e', fixtureCatalogue, error, answers);
    expect(made).toBe(1);
    const entry = c.get('e');
    expect(entry && 'error' in entry ? entry.error : undefined).toBe(error);
    if (!entry) return;
    expect(c.answer(entry, { method: 'GET', acceptEncoding: 'br', ifNoneMatch: '*' })).toBe(get);
    expect(c.answer(entry, { method: 'HEAD', acceptEncoding: null, ifNoneMatch: null })).toBe(head);
    // Counted by its bytes against the bound (10 + 4 × 10 > 40), and dropped like any entry.
    const tight = new ResponseCache({ catalogue: () => fixtureCatalogue, paths: new Map(), keyByOrigin: false, maxBytes: 40 });
    const sized = (bytes: number) => () => ({ get: { ...get, body: new Uint8Array(bytes) }, head });
    for (let i = 0; i < 2; i++) tight.setError('e', fixtureCatalogue, error, sized(10));
    expect(tight.size).toBe(1);
    for (const key of ['b', 'c', 'd', 'f']) for (let i = 0; i < 2; i++) tight.set(key, fixtureCatalogue, body('0123456789'), 'x');
    expect(tight.size).toBe(4);
    expect(tight.get('e')).toBeUndefined();
    expect(tight.get('b')).toBeDefined();
    // Too large to keep (over a quarter of the bound), as an answer would be.
    for (let i = 0; i < 2; i++) tight.setError('big', fixtureCatalogue, error, sized(11));
    expect(tight.get('big')).toBeUndefined();
  });

  it('keeps no client error computed from a catalogue no longer in force', () => {
    let current = fixtureCatalogue;
    const c = new ResponseCache({ catalogue: () => current, paths: new Map(), keyByOrigin: false });
    const error = new ApiError(404, 'model_not_found', 'No model "x".');
    const answers = () => ({ get: { status: 404 as const, headers: {}, body: new Uint8Array(1) }, head: { status: 404 as const, headers: {}, body: null } });
    const old = current;
    c.setError('e', old, error, answers);
    current = { ...fixtureCatalogue };
    c.setError('e', old, error, answers);
    c.setError('e', old, error, answers);
    expect(c.get('e')).toBeUndefined();
    c.setError('e', current, error, answers);
    c.setError('e', current, error, answers);
    expect(c.get('e')).toBeDefined();
    current = { ...fixtureCatalogue };
    expect(c.get('e')).toBeUndefined();
  });
});
