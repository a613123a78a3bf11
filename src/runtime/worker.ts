/**
 * Cloudflare Workers entry: the same service as on Node, with the catalogue and the browser
 * bundles built into the script (wrangler.toml builds them first; there is no file system at the edge).
 */
import { buildCatalogue } from '../core/catalogue.js';
import { createService } from '../http/service.js';
import { mcpRoute } from '../mcp/route.js';
import { assets } from 'ai-model-pricing:assets';
import alibaba from '../../data/alibaba.json';
import amazon from '../../data/amazon.json';
import anthropic from '../../data/anthropic.json';
import cohere from '../../data/cohere.json';
import deepseek from '../../data/deepseek.json';
import google from '../../data/google.json';
import mistral from '../../data/mistral.json';
import openai from '../../data/openai.json';
import together from '../../data/together.json';
import xai from '../../data/xai.json';
import benchmarks from '../../data/quality/benchmarks.json';

// Same files in the same (sorted) order as load-catalogue.ts reads data/; the contract tests
// compare the whole catalogue the Worker serves with the one Node serves.
const files = { alibaba, amazon, anthropic, cohere, deepseek, google, mistral, openai, together, xai };

const catalogue = buildCatalogue(Object.entries(files).map(([name, data]) => ({ file: `data/${name}.json`, data })), {
  file: 'data/quality/benchmarks.json',
  data: benchmarks,
});

const service = createService({ catalogue, assets, mcp: mcpRoute });

export default { fetch: (request: Request, env: unknown) => service.fetch(request, env) };
