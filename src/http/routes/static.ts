/** The site's home page and the files it and embedding pages load: widget, site script, stylesheet, API reference. */
import * as z from 'zod';
import { endpoint, TextReply } from '../../endpoints/endpoint.js';
import { sitePage } from '../pages/site.js';
import { SITE_CSS } from '../pages/site-css.js';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

function script(source: string | undefined, name: string): TextReply {
  return source === undefined
    ? new TextReply(`console.error("ai-model-pricing: ${name} not built (run npm run build)");`, JS, 404)
    : new TextReply(source, JS);
}

function stylesheet(source: string | undefined, name: string): TextReply {
  return source === undefined ? new TextReply(`/* ${name} not built (run npm run build) */`, CSS, 404) : new TextReply(source, CSS);
}

export const widget = endpoint({
  path: '/widget.js',
  summary: 'The embeddable widget script',
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, { assets }) => script(assets.widgetJs, 'widget bundle'),
});

export const siteScript = endpoint({
  path: '/assets/site.js',
  summary: "The site's script: sortable, filterable table and workload calculator",
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, { assets }) => script(assets.siteJs, 'site bundle'),
});

export const siteStyles = endpoint({
  path: '/assets/site.css',
  summary: "The site's stylesheet",
  query: z.object({}),
  ignoreQuery: true,
  handle: () => new TextReply(SITE_CSS, CSS),
});

export const docsScript = endpoint({
  path: '/assets/docs.js',
  summary: "The API reference's script: Swagger UI (swagger-ui-dist) on /openapi.json",
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, { assets }) => script(assets.docsJs, 'API reference script'),
});

export const docsStyles = endpoint({
  path: '/assets/docs.css',
  summary: "The API reference's stylesheet (Swagger UI's)",
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, { assets }) => stylesheet(assets.docsCss, 'API reference stylesheet'),
});

export const home = endpoint({
  path: '/',
  summary: "The service's site: catalogue, workload calculator, price-against-quality chart",
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, ctx) => new TextReply(sitePage(ctx), 'text/html; charset=utf-8'),
});
