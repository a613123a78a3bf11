import { describe, expect, it } from 'vitest';
import { pathOf, pathStart, queryEnd, queryMark, searchOf } from '../../src/http/url-parts.js';

describe('url parts: the one reading of a target the cache and the app share', () => {
  it('splits an absolute URL into path and query, the fragment belonging to neither', () => {
    const cases: [url: string, path: string, search: string][] = [
      ['http://h/api/cheapest', '/api/cheapest', ''],
      ['http://h/api/cheapest?', '/api/cheapest', ''],
      ['http://h:8787/api/cheapest?limit=3&tier=mid', '/api/cheapest', 'limit=3&tier=mid'],
      ['http://h/api/cheapest?limit=3#top', '/api/cheapest', 'limit=3'],
      // A `?` after the `#` is the fragment's: no query.
      ['http://h/api/cheapest#x?limit=999', '/api/cheapest', ''],
      ['http://h/api/cheapest?a=1#x?limit=999', '/api/cheapest', 'a=1'],
      ['http://h/#?', '/', ''],
      ['http://h', '', ''],
    ];
    for (const [url, path, search] of cases) {
      expect(pathOf(url), url).toBe(path);
      expect(searchOf(url), url).toBe(search);
    }
  });

  it('reads a cache key (a URL without its origin) as it reads the URL', () => {
    expect(searchOf('/api/compare?input_tokens=5&models=a,b')).toBe('input_tokens=5&models=a,b');
    expect(searchOf('/api/compare')).toBe('');
    expect(searchOf('/api/compare#?x=1')).toBe('');
  });

  it('gives the offsets keyOf slices by', () => {
    const url = 'http://h/p?q=1#f?g';
    expect(pathStart(url)).toBe(8);
    expect(queryEnd(url, 8)).toBe(14);
    expect(queryMark(url, 8, 14)).toBe(10);
    expect(queryMark('http://h/p#f?g', 8, 10)).toBe(-1);
    expect(queryEnd('http://h/p', 8)).toBe(10);
    expect(pathStart('no-scheme')).toBe(-1);
  });
});
