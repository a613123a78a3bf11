/** The response schema of /api/offers (OpenAPI and the tests hold real answers to it). */
import * as z from 'zod';
import { SELLER_KINDS } from '../../core/offers/door-schema.js';
import { KEPT_OUT } from '../../core/offers/vetting.js';
import { REGION_LEFT_OUT } from '../../core/offers/regional.js';
import { appliedPricesSchema } from '../responses/applied-prices.js';
import { calculateResponseSchema } from '../responses/calculate.js';
import { doorCaveatFields } from '../responses/doors.js';
import { priceFields } from '../../core/schema/price-schemas.js';
import { PRICE_FIELDS } from '../../core/schema/units.js';

const single = calculateResponseSchema.options[0].shape;
const costs = single.costs;
const prices = z.object(priceFields(PRICE_FIELDS, z.number()));

const doorFields = {
  seller: z.string().meta({ description: "The seller's slug (data/offers/sellers.json)." }),
  sellerName: z.string(),
  kind: z.enum(SELLER_KINDS),
  door: z.string().meta({ description: 'The id that names this door wherever a model id goes: <model-id>@<seller>.' }),
  sellerModelId: z.string().meta({ description: "The id the seller's API takes." }),
  variant: z.string().optional().meta({
    description:
      "The serving variant this door sells (tee, fast, turbo, highspeed, lightning, flex, a quantisation such as fp8): its own price for another service, never the plain model's; kept out of rankings as `variant`.",
  }),
  makersDoor: z.literal(true).optional().meta({
    description:
      "The catalogue record's own door: the maker's, Together's for its Llama records, or the door the record names as its price's (referenceDoor) where the maker sells none.",
  }),
  prices: prices
    .optional()
    .meta({ description: 'USD per 1M tokens at this seller; absent when no source gives one (unknown, not free).' }),
  contextTokens: z.number().int().optional(),
  maxOutputTokens: z.number().int().optional(),
  batch: prices.optional(),
  serviceTiers: z.object({ flex: prices.optional(), priority: prices.optional() }).optional(),
  modalities: z
    .object({ input: z.array(z.string()), output: z.array(z.string()) })
    .optional()
    .meta({
      description:
        "What this seller's entry takes and gives, where a source says; absent: unknown at this door (never the maker's).",
    }),
  source: z.string().meta({ description: 'Where the price was read, with the source snapshot.' }),
  sourceUrl: z
    .string()
    .optional()
    .meta({ description: "The seller's page the source cites (else the seller's own page): never the maker's." }),
  date: z
    .string()
    .meta({ description: 'The day the source listed the price (YYYY-MM-DD): listed on, not the day it changed.' }),
  effectiveFrom: z
    .string()
    .optional()
    .meta({ description: 'The day the price took effect, only where a source dates the change.' }),
  ...doorCaveatFields,
  alsoListedBy: z.array(z.string()).optional().meta({
    description: 'Other sources that list this door, merged field by field where the price source lacks a field.',
  }),
  disagreements: z
    .array(z.string())
    .optional()
    .meta({ description: "Where the sources for this door disagree (the door keeps the newest source's value)." }),
  unitErrors: z
    .array(
      z.object({ source: z.string(), date: z.string(), input: z.number(), output: z.number(), reason: z.string() }),
    )
    .optional()
    .meta({
      description:
        'Prices a source lists for this door that are unit errors, caught before merging, with why; the door keeps the sources that agree.',
    }),
};

export const offersResponseSchema = z.object({
  model: z.string(),
  requestedId: single.requestedId,
  name: z.string(),
  pricedOn: z.string().meta({ description: 'The day yearly runs twelve months from (today, UTC).' }),
  rankedBy: z.literal('costs.monthly').meta({
    description:
      "The offers are ordered by the monthly cost, cheapest first; costs.yearly (the maker's price schedule at its own door, monthly × 12 at a door with none) does not set the order.",
  }),
  workload: single.workload,
  tokens: single.tokens,
  counts: z.object({
    doors: z.number().int(),
    ranked: z.number().int(),
    cannotRun: z.number().int(),
    keptOut: z.number().int(),
  }),
  offers: z
    .array(z.object({ rank: z.number().int(), ...doorFields, costs, appliedPrices: appliedPricesSchema }))
    .meta({ description: 'Vetted doors that can run the workload, cheapest first.' }),
  cannotRun: z.array(
    z.object({
      ...doorFields,
      reason: z.enum(['context_window', 'max_output']),
      reasonText: z.string(),
      costs,
      appliedPrices: appliedPricesSchema,
    }),
  ),
  keptOut: z
    .array(z.object({ ...doorFields, reason: z.enum([...KEPT_OUT, ...REGION_LEFT_OUT]), reasonText: z.string() }))
    .meta({
      description:
        'Doors rankings leave out, each with its reason; with region, also the doors not known to serve it (region_unknown, not_in_region).',
    }),
});
