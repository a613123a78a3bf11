/** The answer cache's key for a request URL: what makes two requests ask for the same answer. */

/** URLs longer than this are not kept (no real query is this long; the app still answers them). */
export const MAX_KEY_LENGTH = 2048;

/**
 * The key of an absolute URL: its path (after the origin when answers embed it) and its query's
 * non-empty pairs as sent, sorted by name; undefined when the URL is too long or has no path.
 * Every endpoint reads an empty value as absent and refuses a name given twice, so a query in
 * another order, or with empty pairs, asks for the same answer. Two spellings of one query (say
 * `%20` and `+`) only make two entries.
 */
export function cacheKey(url: string, byOrigin: boolean): string | undefined {
  if (url.length > MAX_KEY_LENGTH) return undefined;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash === -1) return undefined;
  const hash = url.indexOf('#', slash);
  const end = hash === -1 ? url.length : hash;
  const mark = url.indexOf('?', slash);
  const head = url.slice(byOrigin ? 0 : slash, mark === -1 || mark > end ? end : mark);
  if (mark === -1 || mark > end) return head;
  const pairs = url.slice(mark + 1, end).split('&').filter(hasValue).sort(byName);
  return pairs.length === 0 ? head : `${head}?${pairs.join('&')}`;
}

/** The key of the same path with no query: for answers that are the same whatever the query. */
export function withoutQuery(key: string): string {
  const mark = key.indexOf('?');
  return mark === -1 ? key : key.slice(0, mark);
}

/** The path of a key or URL (for the rate limit's exempt paths). */
export function pathOfKey(key: string): string {
  const start = key.startsWith('/') ? 0 : key.indexOf('/', key.indexOf('//') + 2);
  const mark = key.indexOf('?', start);
  return key.slice(start, mark === -1 ? undefined : mark);
}

function hasValue(pair: string): boolean {
  const eq = pair.indexOf('=');
  return eq !== -1 && eq < pair.length - 1;
}

function byName(x: string, y: string): number {
  const a = x.slice(0, x.indexOf('='));
  const b = y.slice(0, y.indexOf('='));
  return a < b ? -1 : a > b ? 1 : 0;
}
