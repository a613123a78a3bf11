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

const ANY_TYPE: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};
const HTML: Readonly<Record<string, string>> = { ...ANY_TYPE, 'content-security-policy': CONTENT_SECURITY_POLICY };

/** The headers a response of this Content-Type gets (the Worker's static assets get them too: src/runtime/worker/). */
export function securityHeadersFor(type: string): Readonly<Record<string, string>> {
  return /^text\/html\b/i.test(type) ? HTML : ANY_TYPE;
}

/** The security headers of an answer of this type, on a path with its own CORS policy (`closed`) or not. */
export function securityHeadersOn(type: string, closed: boolean): Readonly<Record<string, string>> {
  const all = securityHeadersFor(type);
  if (!closed) return all;
  const { 'access-control-allow-origin': _open, ...rest } = all;
  return rest;
}

/**
 * A response again with the security headers of its type added (those it sets itself kept): for
 * every answer the app gives that was not made with them, its errors, redirects, preflights and
 * /mcp's answers included. `closed`: a path with a CORS policy of its own (/mcp), whose answers
 * get no `Access-Control-Allow-Origin: *`. An answer of an endpoint or page is made with them
 * (the app's send, with securityHeadersOn): one Response, its headers written once.
 *
 * A response is made anew with its final headers rather than changed in place: the Node
 * adapter's Response drops changes made through `headers` once its body is read (as the Node
 * runtime reads it).
 */
export function withSecurityHeaders(res: Response, closed: boolean): Response {
  const headers = new Headers(res.headers);
  // A page that sets its own policy keeps it.
  for (const [name, value] of Object.entries(securityHeadersOn(headers.get('content-type') ?? '', closed)))
    if (!headers.has(name)) headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
