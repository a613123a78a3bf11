/**
 * The /docs page: Scalar's API reference (@scalar/hono-api-reference) of /openapi.json, with a
 * plain server-rendered reference inside its mount point, shown when Scalar's viewer script
 * (loaded from its CDN: the package ships no local copy) cannot load, e.g. offline.
 */
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import type { RequestContext } from '../../endpoints/endpoint.js';
import { escapeHtml } from '../../endpoints/present.js';
import type { DescribeApi } from '../openapi.js';

type JsonObject = Record<string, unknown>;

const SCALAR_CDN = 'https://cdn.jsdelivr.net';
// Scalar's viewer, pinned to one release and checked by Subresource Integrity, so an upstream
// release can neither change nor break the page (hash of dist/browser/standalone.js of the npm
// tarball of @scalar/api-reference 1.32.10, the line @scalar/hono-api-reference 0.9.9 targets).
const SCALAR_SCRIPT = `${SCALAR_CDN}/npm/@scalar/api-reference@1.32.10/dist/browser/standalone.js`;
const SCALAR_INTEGRITY = 'sha384-pju/lZ2p42g01eBM3UWqThkeLV3Nu5oGF20+SJB+w1YQ67SKw80bWrb1D69D2492';

let scalarHtml: Promise<string> | undefined;

/** Scalar's page for /openapi.json; the same for every request, so made once. */
function scalarPage(): Promise<string> {
  scalarHtml ??= (async () => {
    const page = new Hono().get('/', Scalar({ url: '/openapi.json', pageTitle: 'AI model pricing API reference', cdn: SCALAR_SCRIPT }));
    const res = await page.request('/');
    const html = await res.text();
    return html.replace(`<script src="${SCALAR_SCRIPT}">`, `<script src="${SCALAR_SCRIPT}" integrity="${SCALAR_INTEGRITY}" crossorigin="anonymous">`);
  })();
  return scalarHtml;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** A query string that works against the running service: the example model id(s) where needed. */
function exampleQuery(parameters: JsonObject[]): string {
  for (const name of ['model', 'models']) {
    const p = parameters.find((q) => q.name === name && q.in === 'query');
    if (p && typeof p.example === 'string') return `?${name}=${encodeURIComponent(p.example)}`;
  }
  return '';
}

/** The reference as plain HTML: every path, its parameters and a link that calls it. */
export function plainReference(document: JsonObject): string {
  const paths = document.paths as Record<string, { get: { summary: string; parameters: JsonObject[] } }>;
  const items = Object.entries(paths).map(([path, { get }]) => {
    const params = get.parameters
      .map((p) => {
        const schema = (p.schema ?? {}) as JsonObject;
        const extra = [
          schema.default !== undefined ? `default ${String(schema.default)}` : '',
          Array.isArray(schema.enum) ? `one of ${schema.enum.join(', ')}` : '',
        ].filter(Boolean).join('; ');
        return `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}): ${escapeHtml(String(p.description ?? ''))}${extra ? ` <i>${escapeHtml(extra)}</i>` : ''}</li>`;
      })
      .join('');
    const tryIt = path.includes('{') ? '' : ` <a href="${escapeHtml(path + exampleQuery(get.parameters))}">try it</a>`;
    return `<section><h2><code>GET ${escapeHtml(path)}</code></h2><p>${escapeHtml(get.summary)}.${tryIt}</p>${params ? `<ul>${params}</ul>` : ''}</section>`;
  });
  return `<main id="main"><h1>AI model pricing API</h1>
<p>Free, read-only, no key. Every error is JSON: <code>{"error":{"status","code","message","param","suggestions"}}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). <a href="/">Back to the site</a>.</p>
${items.join('\n')}</main>`;
}

export async function docsPage(ctx: RequestContext, describe: DescribeApi): Promise<{ html: string; csp: string }> {
  const document = describe(ctx);
  let html = await scalarPage();
  html = html
    .replace('<div id="app"></div>', () => `<div id="app">${plainReference(document)}</div>`)
    .replace('</head>', '<link rel="stylesheet" href="/assets/site.css">\n</head>')
    .replace('<html>', '<html lang="en">');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const hashes = await Promise.all(inline.map(async (code) => `'sha256-${await sha256Base64(code)}'`));
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${SCALAR_CDN} ${hashes.join(' ')}`,
    // Scalar's viewer injects its styles and loads its fonts at run time.
    "style-src 'self' 'unsafe-inline' https://fonts.scalar.com",
    "font-src 'self' data: https://fonts.scalar.com",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return { html, csp };
}
