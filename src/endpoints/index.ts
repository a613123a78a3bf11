/** The API's endpoints, in the order the docs list them: HTTP serves them, the CLI and MCP call them. */
import { badge } from './badge.js';
import { calculate } from './calculate.js';
import { changes } from './changes.js';
import { cheapest } from './cheapest.js';
import { compare } from './compare.js';
import type { Endpoint } from './endpoint.js';
import { health } from './health.js';
import { offers } from './offers.js';
import { pricing, pricingFile } from './pricing.js';
import { recommend } from './recommend.js';
import { tokenizers } from './tokenizers.js';

export { badge, calculate, changes, cheapest, compare, health, offers, pricing, pricingFile, recommend, tokenizers };

// Each endpoint's handler takes its own schema's output; as a list they are handled alike.
export const API_ENDPOINTS = [pricing, pricingFile, calculate, cheapest, compare, recommend, offers, tokenizers, changes, badge, health] as unknown as readonly Endpoint[];
