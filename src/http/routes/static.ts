/**
 * The site's home page and its files (widget, site script and stylesheet, API reference). The
 * files are one table, SITE_FILES: the app serves them from it on Node, and the Worker's build
 * lays the same bytes out at the same paths for Workers Static Assets (src/runtime/worker/).
 */
import * as z from 'zod';
import {
  endpoint,
  TextReply,
  textMedia,
  type AssetName,
  type Assets,
  type Endpoint,
  type ResponseDoc,
} from '../../endpoints/endpoint.js';
import { sitePage } from '../pages/site.js';
import { SITE_CSS } from '../pages/site-css.js';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** A file: the same bytes at its path for the life of the process, whatever the query, origin or catalogue. */
export interface SiteFile {
  path: string;
  summary: string;
  type: string;
  /** What the OpenAPI document says the file is. */
  answer: ResponseDoc;
  /** Its text: a built bundle, or a 404 that says so when it is not built. */
  reply(assets: Assets): TextReply;
}

/** A built bundle, with the codings made of it ahead. */
function built(
  path: string,
  summary: string,
  asset: AssetName,
  type: string,
  name: string,
  description: string,
): SiteFile {
  const missing =
    type === JS
      ? `console.error("ai-model-pricing: ${name} not built (run npm run build)");`
      : `/* ${name} not built (run npm run build) */`;
  return {
    path,
    summary,
    type,
    // A bundle not built is a 404 that says so.
    answer: {
      description,
      content: { [type.split(';')[0]!]: textMedia(type === JS ? 'JavaScript.' : 'CSS.') },
      errors: [404],
    },
    reply: (assets) => {
      const source = assets[asset];
      return source === undefined
        ? new TextReply(missing, type, 404)
        : new TextReply(source, type, 200, assets.coded?.[asset] ?? {});
    },
  };
}

const widgetFile = built(
  '/widget.js',
  'The embeddable widget script',
  'widgetJs',
  JS,
  'widget bundle',
  'The widget script (load it with <script async src>).',
);
const siteScriptFile = built(
  '/assets/site.js',
  "The site's script: sortable, filterable table and workload calculator",
  'siteJs',
  JS,
  'site bundle',
  "The site's script.",
);
const repriceScriptFile = built(
  '/assets/reprice.js',
  "The /reprice page's script: reads a usage export in the browser and sends its rows",
  'repriceJs',
  JS,
  'reprice bundle',
  "The /reprice page's script.",
);
const siteStylesFile: SiteFile = {
  path: '/assets/site.css',
  summary: "The site's stylesheet",
  type: CSS,
  answer: { description: "The site's stylesheet.", content: { 'text/css': textMedia('CSS.') } },
  reply: () => new TextReply(SITE_CSS, CSS, 200, {}),
};
const docsScriptFile = built(
  '/assets/docs.js',
  "The API reference's script: Swagger UI (swagger-ui-dist) on /openapi.json",
  'docsJs',
  JS,
  'API reference script',
  "The API reference's script (Swagger UI).",
);
const docsStylesFile = built(
  '/assets/docs.css',
  "The API reference's stylesheet (Swagger UI's)",
  'docsCss',
  CSS,
  'API reference stylesheet',
  "The API reference's stylesheet.",
);

/** Every file the site serves. */
export const SITE_FILES: readonly SiteFile[] = [
  widgetFile,
  siteScriptFile,
  repriceScriptFile,
  siteStylesFile,
  docsScriptFile,
  docsStylesFile,
];

/** A file as an endpoint: the same answer whatever the query string holds. */
function fileEndpoint(file: SiteFile): Endpoint {
  return endpoint({
    path: file.path,
    summary: file.summary,
    query: z.object({}),
    ignoreQuery: true,
    response: file.answer,
    handle: (_p, ctx) => file.reply(ctx.assets),
  });
}

export const widget = fileEndpoint(widgetFile);
export const siteScript = fileEndpoint(siteScriptFile);
export const repriceScript = fileEndpoint(repriceScriptFile);
export const siteStyles = fileEndpoint(siteStylesFile);
export const docsScript = fileEndpoint(docsScriptFile);
export const docsStyles = fileEndpoint(docsStylesFile);

export const home = endpoint({
  path: '/',
  summary: "The service's site: catalogue, workload calculator, price-against-quality chart",
  query: z.object({}),
  ignoreQuery: true,
  response: {
    description: 'The site: catalogue, calculator and chart.',
    content: { 'text/html': textMedia('HTML page.') },
  },
  handle: (_p, ctx) => new TextReply(sitePage(ctx), 'text/html; charset=utf-8'),
});
