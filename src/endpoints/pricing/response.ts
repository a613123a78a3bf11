/** The catalogue's answers: the model list (/api/pricing) and one model (model=). */
import * as z from 'zod';
import { LONG_CONTEXT_RULES, modelSchema, TIERS } from '../../core/schema/catalogue-schema.js';
import { priceChangeSchema } from '../responses/schedule.js';
import { benchmarkResultSchema, hintFields, requestedId } from '../responses/common.js';

export const modelRecordSchema = modelSchema
  .extend({
    provider: z.string().meta({ description: 'Provider display name.' }),
    providerSlug: z.string().meta({ description: 'Provider slug, as the provider filter takes it.' }),
    longContextRule: z.enum(LONG_CONTEXT_RULES).optional().meta({
      description:
        'On models with longContext: whether its prices apply above the threshold or from it on (at), per the provider.',
    }),
    priceChange: priceChangeSchema,
    offers: z
      .union([
        z.number().int(),
        z.array(
          z.looseObject({
            seller: z.string(),
            kind: z.string(),
            door: z.string(),
            source: z.string(),
            date: z.string(),
          }),
        ),
      ])
      .optional()
      .meta({
        description:
          "Doors to the model (data/offers/): their number in lists, each seller's door (prices, source, date, why kept out) in the one-model answer.",
      }),
    benchmarks: z.array(benchmarkResultSchema).optional().meta({
      description:
        'In the one-model answer (model=): the benchmark results behind the scores, with their dates and sources (docs/quality.md).',
    }),
    tokenizer: z
      .object({
        id: z.string().meta({
          description: 'The measured tokenizer its tokens are counted with (GET /api/tokenizers); o200k where unknown.',
        }),
        exactness: z.enum(['exact', 'family', 'unknown']).meta({
          description:
            "exact: the model's own tokenizer; family: an earlier one of its line (its own is not public); unknown: none is public or the public one is known to differ, counted as o200k.",
        }),
        family: z
          .string()
          .meta({ description: 'The line of models the rule is for (data/tokenizers/tokenizers.json).' }),
        note: z.string().optional().meta({ description: 'Why it is not exact, where it is not.' }),
      })
      .optional()
      .meta({
        description:
          'Which tokenizer the model counts tokens with, and how exact that is: what counted_with and text_kind convert a workload into.',
      }),
    scores: z.record(z.string(), z.union([z.number().int().min(0).max(100), z.literal('unrated')])).meta({
      description:
        "0-100 scores derived from the benchmarks, overall and per use case; 'unrated' where no benchmark rates the model.",
    }),
  })
  .meta({ description: 'A model record: prices are USD per 1M tokens.' });

const metaSchema = z.object({
  count: z.number().int().meta({ description: 'Number of models in models.' }),
  providers: z.array(z.string()),
  tiers: z.array(z.enum(TIERS)),
  lastUpdated: z.string().meta({ description: 'Date of the newest price check, YYYY-MM-DD.' }),
  source: z.string().meta({ description: "Address of the service's site." }),
  docs: z.string().meta({ description: 'Address of the documentation page.' }),
});

export const catalogueSchema = z.object({
  models: z.array(modelRecordSchema),
  meta: metaSchema,
  hint: z.object(hintFields).optional().meta({ description: 'Only when provider and tier together match no model.' }),
});

export const oneModelSchema = z.object({ model: modelRecordSchema, requestedId, source: z.string(), docs: z.string() });
