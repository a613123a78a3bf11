/** The API's endpoints, in the order the docs list them: the one list HTTP routes, OpenAPI, MCP tools and CLI commands are made from. */
import { badge } from './badge.js';
import { calculate } from './calculate.js';
import { changes } from './changes.js';
import { cheapest } from './cheapest.js';
import { compare } from './compare.js';
import type { AnyEndpoint } from './endpoint.js';
import { health } from './health.js';
import { offers } from './offers.js';
import { pricing, pricingFile } from './pricing.js';
import { recommend } from './recommend.js';
import { repriceEndpoint } from './reprice.js';
import { tokenizers } from './tokenizers.js';

export { badge, calculate, changes, cheapest, compare, health, offers, pricing, pricingFile, recommend, repriceEndpoint, tokenizers };

// Each endpoint's handler takes its own schema's output (and body); as a list they are handled alike.
export const API_ENDPOINTS = [pricing, pricingFile, calculate, cheapest, compare, recommend, offers, tokenizers, changes, badge, health, repriceEndpoint] as unknown as readonly AnyEndpoint[];
