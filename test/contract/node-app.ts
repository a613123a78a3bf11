/** The app as the Node runtime builds it, in-process, with the real catalogue (data/). */
import { join } from 'node:path';
import type { Assets } from '../../src/endpoints/endpoint.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import type { ContractFetch } from './contract-suite.js';

const root = join(import.meta.dirname, '..', '..');

/** The browser bundles, built in memory as `npm run build` and the Worker build make them. */
export const webAssets = (): Promise<Assets> => bundleWeb();

export function nodeFetch(assets: Assets): ContractFetch {
  const app = createService({ catalogue: loadCatalogueFromDir(join(root, 'data')), assets, mcp: mcpRoute });
  return (path, init) => Promise.resolve(app.request(path, init));
}
