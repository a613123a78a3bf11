/**
 * A GET or HEAD of a served path with trailing slashes (`/api/pricing/?tier=mid`, `/docs//`) is
 * redirected (301), in one step, to the path without them, query kept; any other path ending in
 * a slash (`/assets/`) is left to the routes, whose 404 it gets. (Hono's trimTrailingSlash
 * redirects any 404 ending in a slash, one slash a hop: 8,000 slashes would take 8,000 redirects.)
 */
import type { Context } from 'hono';

export interface TrailingSlashOptions {
  /** Whether the app serves a GET of this (decoded) path. */
  isRoute(path: string): boolean;
  /** The public address the Location is on; the request's origin when unset. */
  baseUrl?: string;
}

/** The 301 to the path without its trailing slashes, for a GET or HEAD of a served path that has some; undefined otherwise. */
export function trailingSlashRedirect(c: Context, { isRoute, baseUrl }: TrailingSlashOptions): Response | undefined {
  const path = c.req.path;
  if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || path.length < 2 || !path.endsWith('/')) return undefined;
  const trimmed = withoutTrailingSlashes(path);
  if (!isRoute(trimmed)) return undefined;
  // The Location is absolute: a relative `//host` would be read as another site's address.
  const url = new URL(c.req.url);
  const location = `${baseUrl ?? url.origin}${withoutTrailingSlashes(url.pathname)}${url.search}`;
  // A redirect has no body: a length of 0, no Content-Type.
  return c.body(null, 301, { location, 'cache-control': 'no-store', 'content-length': '0' });
}

/**
 * The path without its trailing slashes (`/` when nothing else is left), in one pass: a regex such
 * as /\/+$/ retries at every slash of a long run and costs time in the square of its length.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return end === 1 && path.charCodeAt(0) === 47 ? '/' : path.slice(0, end);
}
