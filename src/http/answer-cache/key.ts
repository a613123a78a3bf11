/** The answer cache's key for a request URL: what makes two requests ask for the same answer. */
import { getPath } from 'hono/utils/url';
import { queryOf } from '../url.js';

/** URLs longer than this are not kept (no real query is this long; the app still answers them). */
export const MAX_KEY_LENGTH = 2048;

/** A request as the cache keys it. */
export interface RequestKey {
  /** The path as the app's router reads it, then the query when the route reads one (see requestKey). */
  target: string;
  /** `scheme://host[:port]` as the request gave it: part of the key only for answers that embed it. */
  origin: string;
}

/**
 * The key of an absolute URL; undefined when the URL is too long or has no path.
 * - The path is percent-decoded as Hono's router decodes it (its own getPath), so
 *   `/assets/d%6Fcs.js` and `/assets/docs.js`, one route and one answer, share a key.
 * - The query is left out where the route ignores it (`ignoresQuery`: files and pages). Elsewhere
 *   its non-empty pairs are kept as sent, sorted by name: every endpoint reads an empty value as
 *   absent and refuses a name given twice, so a query in another order, or with empty pairs, asks
 *   for the same answer. Two spellings of one query (say `%20` and `+`) only make two entries.
 */
export function requestKey(url: string, ignoresQuery: (path: string) => boolean): RequestKey | undefined {
  if (url.length > MAX_KEY_LENGTH) return undefined;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash === -1) return undefined;
  // getPath reads nothing of a Request but its url.
  const path = getPath({ url } as Request);
  const origin = url.slice(0, slash);
  return { origin, target: ignoresQuery(path) ? path : path + sortedQuery(url) };
}

/** `?` and the query's non-empty pairs sorted by name, or '' when it has none. */
function sortedQuery(url: string): string {
  const query = queryOf(url);
  if (query === '') return '';
  // One pair (most queries) is in order already: nothing to split or sort on a hit.
  if (!query.includes('&')) return hasValue(query) ? `?${query}` : '';
  const pairs = query.split('&').filter(hasValue);
  pairs.sort(byName);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** The path of a key (for the rate limit's exempt paths). */
export function pathOfKey(key: string): string {
  const start = key.startsWith('/') ? 0 : key.indexOf('/', key.indexOf('//') + 2);
  const mark = key.indexOf('?', start);
  return key.slice(start, mark === -1 ? undefined : mark);
}

function hasValue(pair: string): boolean {
  const eq = pair.indexOf('=');
  return eq !== -1 && eq < pair.length - 1;
}

/** Two pairs compared by name (up to their `=`), as strings compare, without slicing the names out. */
function byName(x: string, y: string): number {
  const endX = x.indexOf('=');
  const endY = y.indexOf('=');
  for (let i = 0; i < endX && i < endY; i++) {
    const d = x.charCodeAt(i) - y.charCodeAt(i);
    if (d !== 0) return d;
  }
  return endX - endY;
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units (keys asked once are held as these). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
