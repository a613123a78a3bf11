/**
 * Cloudflare Workers entry: the same service as on Node, with the catalogue built into the script
 * (there is no file system at the edge). The site's files are not in the script: Workers Static
 * Assets serves them before the script runs (wrangler.toml's [assets], laid out by
 * worker/static-assets.ts), and badge-maker's font tables are read from there.
 */
import { getPath } from 'hono/utils/url';
import { buildCatalogue } from '../core/catalogue/catalogue.js';
import { badge } from '../endpoints/badge/index.js';
import { createService } from '../http/service.js';
import { mcpRoute } from '../mcp/route.js';
import { loadFonts, type AssetFetcher } from './worker/fonts.js';
import { doorData } from './worker/doors.js';
import { attachDoorData } from '../core/offers/book.js';
import { TOKENIZER_TABLE } from '../endpoints/tokenizer-data.js';
import alibaba from '../../data/alibaba.json';
import amazon from '../../data/amazon.json';
import anthropic from '../../data/anthropic.json';
import cohere from '../../data/cohere.json';
import deepseek from '../../data/deepseek.json';
import google from '../../data/google.json';
import minimax from '../../data/minimax.json';
import mistral from '../../data/mistral.json';
import moonshot from '../../data/moonshot.json';
import nvidia from '../../data/nvidia.json';
import openai from '../../data/openai.json';
import together from '../../data/together.json';
import xai from '../../data/xai.json';
import zhipu from '../../data/zhipu.json';
import benchmarks from '../../data/quality/benchmarks.json';

// Same files in the same (sorted) order as load-catalogue.ts reads data/; the contract tests
// compare the whole catalogue the Worker serves with the one Node serves.
const files = {
  alibaba,
  amazon,
  anthropic,
  cohere,
  deepseek,
  google,
  minimax,
  mistral,
  moonshot,
  nvidia,
  openai,
  together,
  xai,
  zhipu,
};

const catalogue = buildCatalogue(
  Object.entries(files).map(([name, data]) => ({ file: `data/${name}.json`, data })),
  {
    file: 'data/quality/benchmarks.json',
    data: benchmarks,
  },
  TOKENIZER_TABLE,
);
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
