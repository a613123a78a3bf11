/**
 * Zod schemas of the JSON bodies the endpoints answer with: the OpenAPI document is generated from
 * them, and tests parse real responses with them so the document cannot drift from the API.
 */
import * as z from 'zod';
import { summaryFields, requestedId } from './common.js';
import { priceChangeSchema } from './schedule.js';

// The answers of each endpoint family are in responses/; the OpenAPI document and tests import them from here.
export { cheapestResponseSchema, recommendResponseSchema } from './advice.js';
export { appliedPricesSchema } from './applied-prices.js';
export { calculateResponseSchema, compareResponseSchema } from './calculate.js';
export { catalogueSchema, modelRecordSchema, oneModelSchema } from '../pricing/response.js';

export const errorBodySchema = z
  .object({
    error: z.object({
      status: z.number().int().meta({ description: 'The HTTP status, repeated.' }),
      code: z.string().meta({
        description: 'Stable machine code: invalid_parameter, missing_parameter, unknown_parameter, duplicate_parameter, model_not_found, not_found, method_not_allowed, ...',
      }),
      message: z.string().meta({ description: 'A sentence naming the input and what is allowed.' }),
      param: z.string().optional().meta({ description: 'The query parameter at fault.' }),
      suggestions: z.array(z.string()).optional().meta({ description: 'Closest valid values (model ids, parameter names).' }),
    }),
  })
  .meta({ description: 'The one error envelope of the API.' });

export const badgeJsonResponseSchema = z.object({
  embed: z.object({ markdown: z.string(), html: z.string(), rst: z.string() }),
  badge_url: z.string(),
  pricing: z.object({
    ...summaryFields,
    input: z.number(),
    output: z.number(),
    context: z.string(),
    verified: z.string(),
    message: z.string().meta({ description: 'The badge text, e.g. "$1.25 / $10 per 1M" (with " · rises 100% on 2027-01-01" when the prices change within twelve months).' }),
    priceChange: priceChangeSchema,
    requestedId,
  }),
});

export const shieldsResponseSchema = z
  .object({
    schemaVersion: z.literal(1),
    label: z.string(),
    message: z.string(),
    color: z.string(),
    style: z.string(),
  })
  .meta({ description: "shields.io's endpoint-badge JSON: https://img.shields.io/endpoint?url=<this URL>." });

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  models: z.number().int(),
  lastUpdated: z.string(),
});
export { offersResponseSchema } from '../offers/response.js';
export { repriceResponseSchema } from '../reprice/response.js';
