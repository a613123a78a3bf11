/**
 * Headers every response carries, errors and 304s included: open CORS (the API is public and
 * read-only; /mcp excepted), nosniff, and a strict CSP on HTML pages.
 */

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
 * Gives a response the app did not make with its security headers (an error, a redirect, a
 * preflight, MCP's answers: send() makes every other one with them) those it lacks. `closed`: the
 * request's path has a CORS policy of its own (/mcp), so its answers get no `Access-Control-Allow-Origin: *`.
 */
export function withSecurityHeaders(response: Response, closed: boolean): Response {
  const headers = response.headers;
  // A page that sets its own policy keeps it.
  for (const [name, value] of Object.entries(securityHeadersFor(headers.get('Content-Type') ?? ''))) {
    if (!headers.has(name) && !(name === 'access-control-allow-origin' && closed)) headers.set(name, value);
  }
  return response;
}
