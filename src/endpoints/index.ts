/** The API's endpoints, in the order the docs list them: the one list HTTP routes, OpenAPI, MCP tools and CLI commands are made from. */
import { badge } from './badge/index.js';
import { calculate } from './calculate/index.js';
import { changes } from './changes/index.js';
import { cheapest } from './cheapest/index.js';
import { compare } from './compare/index.js';
import type { AnyEndpoint } from './endpoint.js';
import { health } from './health/index.js';
import { offers } from './offers/index.js';
import { pricing, pricingFile } from './pricing/index.js';
import { recommend } from './recommend/index.js';
import { repriceEndpoint } from './reprice/index.js';
import { tokenizers } from './tokenizers/index.js';

export {
  badge,
  calculate,
  changes,
  cheapest,
  compare,
  health,
  offers,
  pricing,
  pricingFile,
  recommend,
  repriceEndpoint,
  tokenizers,
};

// Each endpoint's handler takes its own schema's output (and body); as a list they are handled alike.
export const API_ENDPOINTS = [
  pricing,
  pricingFile,
  calculate,
  cheapest,
  compare,
  recommend,
  offers,
  tokenizers,
  changes,
  badge,
  health,
  repriceEndpoint,
] as unknown as readonly AnyEndpoint[];
