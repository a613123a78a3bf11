/** Headers that make every response safe to render: nosniff always, a strict CSP on HTML pages. */
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

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    const type = headers.get('Content-Type') ?? '';
    if (/^text\/html\b/i.test(type) && !headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
  };
}
