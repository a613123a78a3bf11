/**
 * Cloudflare Workers entry: the same service as on Node, with the catalogue built into the script
 * (there is no file system at the edge). The site's files are not in the script: Workers Static
 * Assets serves them before the script runs (wrangler.toml's [assets], laid out
 * at build time), and badge-maker's font tables are read from there.
 */
import { getPath } from 'hono/utils/url';
import { buildCatalogue } from '../core/catalogue/catalogue.js';
import { badge } from '../endpoints/badge/index.js';
import { createService } from '../http/service.js';
import { mcpRoute } from '../mcp/route.js';
import { loadFonts, type AssetFetcher } from './worker/fonts.js';
import { benchmarkFile, doorData, makerFiles } from './worker/data.js';
import { attachDoorData } from '../core/offers/book.js';
import { TOKENIZER_TABLE } from '../endpoints/tokenizer-data.js';

const catalogue = buildCatalogue(makerFiles, benchmarkFile, TOKENIZER_TABLE);
attachDoorData(catalogue, doorData);

const service = createService({ catalogue, mcp: mcpRoute });

/** The Worker's bindings (wrangler.toml). */
interface Env {
  ASSETS: AssetFetcher;
}

export default {
  fetch: async (request: Request, env: Env) => {
    // A badge is the one answer that measures text: the isolate's first request for one (by its
    // path as the router reads it) reads the tables.
    // Unread, the badge answers the app's 500 (its measure throws), with the reason logged here.
    if (getPath(request) === badge.path) await loadFonts(env.ASSETS).catch((err: unknown) => console.error(err));
    return service.fetch(request, env);
  },
};
