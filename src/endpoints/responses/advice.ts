/** The answers of cheapest and recommend: ranked models, who was left out, and a hint when none is left. */
import * as z from 'zod';
import { TIERS } from '../../core/schema/catalogue-schema.js';
import { STATUS_FILTERS } from '../params.js';
import { appliedPricesSchema } from './applied-prices.js';
import { benchmarkResultSchema, hintFields, usd } from './common.js';
import { sellersEchoSchema } from './doors.js';
import { scheduleFields } from './schedule.js';
import { costsSchema, excludedSchema, fitHintSchema, rankedFields, workloadSchema } from './workload.js';

/** What a ranked answer says it is ordered by: never the yearly cost. */
const rankedBy = z.enum(['costs.monthly', 'score', 'scorePerDollar']).meta({
  description:
    'The field the items are ordered by: costs.monthly (cheapest first, at the prices of pricedOn), score or scorePerDollar (best first; recommend by its sort). costs.yearly follows the price schedule over the twelve months from pricedOn and does not set the order: a change within them can make a lower-ranked item cheaper over the year.',
});

// Echoed by both rankings.
const fallbackEcho = z
  .enum(['none', 'standard'])
  .optional()
  .meta({ description: 'Only with a service_tier other than standard.' });

/** How both rankings end: the sellers asked, what was left out, and when no model is left, the nearest one (or why none fits). */
const rankingEnd = <T extends z.ZodType>(nearest: T) => ({
  sellers: sellersEchoSchema,
  excluded: excludedSchema,
  hint: z
    .union([z.object({ ...hintFields, nearest }), fitHintSchema])
    .optional()
    .meta({ description: 'Only when no model is left.' }),
});

export const cheapestResponseSchema = z.object({
  pricedOn: scheduleFields.pricedOn,
  rankedBy,
  workload: workloadSchema,
  filters: z.object({
    budget: z.number().nullable(),
    use_case: z.string().nullable(),
    quality: z.string().nullable(),
    tier: z.enum(TIERS).nullable(),
    min_quality: z.number().int().nullable(),
    min_context: z.number().int().nullable(),
    include_free_tier: z.boolean(),
    service_tier_fallback: fallbackEcho,
    status: z.enum(STATUS_FILTERS),
    limit: z.number().int(),
  }),
  recommendations: z.array(
    z.object({ rank: z.number().int(), ...rankedFields, costs: costsSchema, appliedPrices: appliedPricesSchema }),
  ),
  ...rankingEnd(
    z
      .object({ ...rankedFields, costs: costsSchema, appliedPrices: appliedPricesSchema })
      .meta({ description: 'The cheapest model that can run it without those filters.' }),
  ),
});

const recommendationSchema = z.object({
  rank: z.number().int(),
  ...rankedFields,
  score: z.number().int().meta({ description: 'The 0-100 score the model was ranked by.' }),
  scoreOf: z.string().meta({ description: 'The use case the score is for, or overall.' }),
  scoreFromOverall: z
    .literal(true)
    .optional()
    .meta({ description: 'No benchmark of the use case: the overall score stands in.' }),
  scoreBasis: z
    .object({
      results: z.number().int().meta({ description: 'Results of its own for the use case (0 for a stand-in).' }),
      newest: z.string().meta({ description: 'The newest date of the results the score rests on.' }),
      standIn: z.boolean().meta({ description: 'The overall score stands in: no result for the use case.' }),
    })
    .meta({
      description:
        'How much evidence the score rests on; by default (evidence=tiers) a ranking by score puts two or more results first, then one, then stand-ins.',
    }),
  scoreEvidence: z
    .array(benchmarkResultSchema.extend({ normalised: z.number(), weight: z.number() }))
    .meta({ description: 'The results behind the score, heaviest first.' }),
  scorePerDollar: z.number().nullable().meta({
    description:
      "Score per dollar of the workload's monthly cost at the prices of pricedOn (sort=value and the frontier rank by that cost; a scheduled change is named in priceChange); null when it costs nothing.",
  }),
  quality: z.number().int(),
  context: z.string(),
  costPerRequest: usd('Cost of one request, USD.'),
  costs: costsSchema,
  appliedPrices: appliedPricesSchema,
  reason: z.string(),
});

export const recommendResponseSchema = z.object({
  criteria: z.object({
    use_case: z.string().nullable(),
    budget: z.string().nullable().meta({ description: 'The tier (the same as tier).' }),
    tier: z.string().nullable(),
    quality: z.number().int().nullable().meta({ description: 'The minimum quality score (the same as min_quality).' }),
    min_quality: z.number().int().nullable(),
    min_score: z.number().int().nullable(),
    sort: z.enum(['score', 'value', 'cost']),
    evidence: z.enum(['tiers', 'any']),
    frontier: z.boolean(),
    max_cost: z.number().nullable(),
    min_context: z.number().int().nullable(),
    include_free_tier: z.boolean(),
    service_tier_fallback: fallbackEcho,
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    status: z.enum(STATUS_FILTERS),
    limit: z.number().int(),
    off_peak_share: z.number().int().optional(),
    at: z.string().optional(),
  }),
  workload: workloadSchema,
  pricedOn: scheduleFields.pricedOn,
  rankedBy,
  recommendations: z.array(recommendationSchema),
  ...rankingEnd(recommendationSchema.meta({ description: 'The best model that can run it without those filters.' })),
});
