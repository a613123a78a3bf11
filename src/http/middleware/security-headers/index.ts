/**
 * Headers every response carries, errors and 304s included: open CORS (the API is public and
 * read-only; /mcp excepted), nosniff, and a strict CSP on HTML pages.
 */
import type { MiddlewareHandler } from 'hono';

/**
 * Pages load their scripts, styles and images from this origin only (inline styles allowed, no
 * inline scripts, no plugins, no <base> rewriting); any site may frame them, since the widget and
 * pages are meant to be embedded.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

const ANY_TYPE: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };
const HTML: Readonly<Record<string, string>> = { ...ANY_TYPE, 'content-security-policy': CONTENT_SECURITY_POLICY };

/** The headers a response of this Content-Type gets (the Worker's static assets get them too: src/runtime/worker/). */
export function securityHeadersFor(type: string): Readonly<Record<string, string>> {
  return /^text\/html\b/i.test(type) ? HTML : ANY_TYPE;
}

/**
 * `closed`: a path with a CORS policy of its own (/mcp), whose answers get no `Access-Control-Allow-Origin: *`.
 * `complete`: whether a response already carries its security headers (the app's answers are made
 * with them), so that its headers are not read back here.
 */
export function securityHeaders(closed?: string, complete: (response: Response) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (complete(c.res)) return;
    const headers = c.res.headers;
    // A page that sets its own policy keeps it.
    for (const [name, value] of Object.entries(securityHeadersFor(headers.get('Content-Type') ?? ''))) {
      if (!headers.has(name) && !(name === 'access-control-allow-origin' && c.req.path === closed)) headers.set(name, value);
    }
  };
}
