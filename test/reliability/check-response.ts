/** What every answer must look like, whatever the request: the reliability contract as one check. */
import { expect } from 'vitest';

/** 2xx, 301 (a path with a trailing slash), 304, or a client error the docs name; never a 5xx. */
export const ALLOWED_STATUSES = new Set([301, 304, 400, 404, 405, 413, 414, 429, 431]);

/** Site pages whose errors are HTML pages (with the CSP), not JSON. */
export const PAGE_PREFIXES = ['/models/'];

export function isAllowedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || ALLOWED_STATUSES.has(status);
}

/** Asserts the contract and returns the body text (empty for HEAD and 304). */
export async function checkResponse(res: Response, path: string, method = 'GET'): Promise<string> {
  const body = await res.text();
  const type = res.headers.get('Content-Type') ?? '';
  expect(isAllowedStatus(res.status), `status ${res.status} for ${method} ${path}: ${body.slice(0, 200)}`).toBe(true);
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  if (/^text\/html\b/.test(type)) expect(res.headers.get('Content-Security-Policy')).toMatch(/default-src 'self'/);
  if (res.status === 301) {
    // Only to the same path on this origin without its trailing slashes (all of them: one hop), never elsewhere.
    const from = new URL(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`);
    const to = new URL(res.headers.get('Location') ?? '', 'http://localhost');
    expect(to.origin).toBe('http://localhost');
    expect(from.pathname).toMatch(/.\/$/);
    expect(to.pathname).toBe(from.pathname.replace(/\/+$/, '') || '/');
    expect(res.headers.get('Content-Type')).toBeNull();
    return body;
  }
  if (method === 'HEAD' || res.status === 304) return body;

  if (res.status >= 400) {
    // The badge may answer its errors as an SVG image, so that a broken <img> still shows why.
    if (path.startsWith('/api/badge') && /^image\/svg\+xml\b/.test(type)) {
      expect(body.trimStart().startsWith('<svg')).toBe(true);
      return body;
    }
    // A site page for a model that does not exist is a page too: an HTML 404 a browser can show.
    // The path as the server routes it: dot segments resolved (`/../models/x` is `/models/x`).
    const routed = pathAsRouted(path);
    if (PAGE_PREFIXES.some((prefix) => routed.startsWith(prefix)) && /^text\/html\b/.test(type)) {
      expect(res.status).toBe(404);
      return body;
    }
    expect(type, `error content type for ${path}`).toMatch(/^application\/json\b/);
    const parsed = JSON.parse(body) as { error?: { code?: unknown; status?: unknown } };
    expect(typeof parsed.error?.code, `error.code in ${body.slice(0, 200)}`).toBe('string');
    expect(parsed.error?.status).toBe(res.status);
    return body;
  }
  if (/^application\/json\b/.test(type)) expect(() => JSON.parse(body) as unknown).not.toThrow();
  return body;
}

/** A request path as the URL parser leaves it for routing (dot segments, plain or encoded, resolved). */
function pathAsRouted(path: string): string {
  try {
    return new URL(path, 'http://localhost').pathname;
  } catch {
    return path;
  }
}
