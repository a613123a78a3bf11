/**
 * The /docs page: Swagger UI's interactive reference of /openapi.json, served from this service's
 * own files (/assets/docs.js and /assets/docs.css, built from swagger-ui-dist), under the site's
 * CSP: nothing is loaded from another host. The page carries a plain server-rendered reference in
 * Swagger UI's mount point, which the script replaces; without the script it is the reference.
 */
import type { RequestContext } from '../../endpoints/endpoint.js';
import { escapeHtml } from '../../lib/escape.js';
import type { DescribeApi } from '../openapi.js';
import { SITE_HEADER } from '../pages/html.js';

type JsonObject = Record<string, unknown>;

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
  type Operation = { summary: string; parameters: JsonObject[] };
  const paths = document.paths as Record<string, { get?: Operation; post?: Operation }>;
  const items = Object.entries(paths).map(([path, ops]) => {
    // Every path is a GET but one (POST /api/reprice), which has no link to try.
    const method = ops.get ? 'GET' : 'POST';
    const get = (ops.get ?? ops.post) as Operation;
    const params = get.parameters
      .map((p) => {
        const schema = (p.schema ?? {}) as JsonObject;
        const extra = [
          schema.default !== undefined ? `default ${String(schema.default)}` : '',
          Array.isArray(schema.enum) ? `one of ${schema.enum.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        return `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}): ${escapeHtml(String(p.description ?? ''))}${extra ? ` <i>${escapeHtml(extra)}</i>` : ''}</li>`;
      })
      .join('');
    const tryIt =
      path.includes('{') || method === 'POST'
        ? ''
        : ` <a href="${escapeHtml(path + exampleQuery(get.parameters))}">try it</a>`;
    return `<section><h2><code>${method} ${escapeHtml(path)}</code></h2><p>${escapeHtml(get.summary)}.${tryIt}</p>${params ? `<ul>${params}</ul>` : ''}</section>`;
  });
  return `<main id="main"><h1>AI model pricing API</h1>
<p>Free, read-only, no key. Every error is JSON: <code>{"error":{"status","code","message","param","suggestions"}}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). <a href="/">Back to the site</a>.</p>
${items.join('\n')}</main>`;
}

export async function docsPage(ctx: RequestContext, describe: DescribeApi): Promise<string> {
  const reference = plainReference(await describe(ctx));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>AI model pricing API reference</title>
<meta name="description" content="Reference of the free, read-only JSON API of AI model prices: every path, its parameters and answers.">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/docs.css">
<script defer src="/assets/docs.js"></script>
</head>
<body>
<a class="skip" href="#app">Skip to content</a>
${SITE_HEADER}
<div id="app">${reference}</div>
</body>
</html>`;
}
