/** The response cache's bounds: kept from the second request, at most maxEntries, recently used kept longest. */
import { describe, expect, it } from 'vitest';
import { storeBody } from '../../src/http/precompressed.js';
import { ResponseCache } from '../../src/http/response-cache.js';
import { fixtureCatalogue } from '../fixtures/catalogue.js';

function cache(maxEntries: number) {
  return new ResponseCache({ catalogue: () => fixtureCatalogue, paths: new Map([['/p', { ignoreQuery: false }]]), keyByOrigin: false, maxEntries });
}
const body = (text: string) => storeBody(text, 'text/plain', false);

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
    expect(new TextDecoder().decode(c.get('a')?.body.identity.body)).toBe('kept');
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
    expect(c.get('a')?.body.identity.body).toEqual(new TextEncoder().encode('a'));
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
});
