/**
 * Where the parts of an absolute URL are, found with indexOf and no URL object: the reading of a
 * target that the response cache's keys and the app's direct path share (`searchOf` reads a cache
 * key too: its query is spelled as in a URL). A fragment ends the query, so a `?` inside it starts
 * nothing.
 */

/** Where an absolute URL's path starts (its first `/` after the scheme's `//`), or -1. */
export function pathStart(url: string): number {
  return url.indexOf('/', url.indexOf('//') + 2);
}

/** Where the path and query end at or after `from`: the fragment's `#`, or the length. */
export function queryEnd(url: string, from = 0): number {
  const hash = url.indexOf('#', from);
  return hash === -1 ? url.length : hash;
}

/** The `?` that starts the query, at or after `from` and before `end` (see queryEnd), or -1. */
export function queryMark(url: string, from: number, end: number): number {
  const mark = url.indexOf('?', from);
  return mark > end ? -1 : mark;
}

/** The query of a URL or cache key, without its `?` ('' for none). */
export function searchOf(url: string): string {
  const end = queryEnd(url);
  const mark = queryMark(url, 0, end);
  return mark === -1 ? '' : url.slice(mark + 1, end);
}

/** The path of an absolute URL: no origin, query or fragment ('' when it has no path). */
export function pathOf(url: string): string {
  const start = pathStart(url);
  if (start === -1) return '';
  const end = queryEnd(url, start);
  const mark = queryMark(url, start, end);
  return url.slice(start, mark === -1 ? end : mark);
}
