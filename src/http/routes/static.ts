/** The site's home page and the files it and embedding pages load: widget, site script, stylesheet, API reference. */
import * as z from 'zod';
import { endpoint, TextReply, type AssetName, type Assets, type RequestContext } from '../../endpoints/endpoint.js';
import { sitePage } from '../pages/site.js';
import { SITE_CSS } from '../pages/site-css.js';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** A built file, with the codings made of it ahead; a 404 that says so when it is not built. */
function built(assets: Assets, asset: AssetName, type: string, missing: (name: string) => string, name: string): TextReply {
  const source = assets[asset];
  return source === undefined ? new TextReply(missing(name), type, 404) : new TextReply(source, type, 200, assets.coded?.[asset] ?? {});
}

const script = (assets: Assets, asset: AssetName, name: string) =>
  built(assets, asset, JS, (n) => `console.error("ai-model-pricing: ${n} not built (run npm run build)");`, name);

const stylesheet = (assets: Assets, asset: AssetName, name: string) =>
  built(assets, asset, CSS, (n) => `/* ${n} not built (run npm run build) */`, name);

/** A file the service serves whatever the query string holds. */
function file(path: string, summary: string, reply: (ctx: RequestContext) => TextReply) {
  return endpoint({ path, summary, query: z.object({}), ignoreQuery: true, handle: (_p, ctx) => reply(ctx) });
}

export const widget = file('/widget.js', 'The embeddable widget script', ({ assets }) => script(assets, 'widgetJs', 'widget bundle'));

export const siteScript = file('/assets/site.js', "The site's script: sortable, filterable table and workload calculator", ({ assets }) =>
  script(assets, 'siteJs', 'site bundle'));

export const siteStyles = file('/assets/site.css', "The site's stylesheet", () => new TextReply(SITE_CSS, CSS, 200, {}));

export const docsScript = file('/assets/docs.js', "The API reference's script: Swagger UI (swagger-ui-dist) on /openapi.json", ({ assets }) =>
  script(assets, 'docsJs', 'API reference script'));

export const docsStyles = file('/assets/docs.css', "The API reference's stylesheet (Swagger UI's)", ({ assets }) =>
  stylesheet(assets, 'docsCss', 'API reference stylesheet'));

export const home = file('/', "The service's site: catalogue, workload calculator, price-against-quality chart", (ctx) =>
  new TextReply(sitePage(ctx), 'text/html; charset=utf-8'));
