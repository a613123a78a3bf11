/**
 * Zod schemas of the JSON bodies the endpoints answer with: the OpenAPI document is generated from
 * them, and tests parse real responses with them so the document cannot drift from the API.
 */
import * as z from 'zod';
import { LONG_CONTEXT_RULES, MODEL_STATUSES, modelSchema, TIERS } from '../core/schema/catalogue-schema.js';
import { CACHE_TTLS, MODES, SERVICE_TIERS } from '../core/pricing/cost.js';
import type { Warning } from '../core/pricing/warnings.js';

/** USD amounts print as exact decimals in the JSON text, so a client reads them as numbers. */
const usd = (description: string) => z.number().nonnegative().meta({ description });

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

const benchmarkResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.string(),
  scale: z.string().meta({ description: 'The scale of value: 0-100, 0-1, Elo, tokens/s, % solved, ...' }),
  value: z.number().nullable().meta({ description: "Null when the source's terms keep its number out; derived then holds its 0-100 value." }),
  derived: z.number().optional(),
  date: z.string(),
  source: z.string(),
  url: z.string(),
});

export const modelRecordSchema = modelSchema
  .extend({
    provider: z.string().meta({ description: 'Provider display name.' }),
    providerSlug: z.string().meta({ description: 'Provider slug, as the provider filter takes it.' }),
    longContextRule: z.enum(LONG_CONTEXT_RULES).optional().meta({
      description: 'On models with longContext: whether its prices apply above the threshold or from it on (at), per the provider.',
    }),
    benchmarks: z.array(benchmarkResultSchema).optional().meta({ description: 'In the one-model answer (model=): the benchmark results behind the scores, with their dates and sources (docs/quality.md).' }),
    scores: z
      .record(z.string(), z.union([z.number().int().min(0).max(100), z.literal('unrated')]))
      .meta({ description: "0-100 scores derived from the benchmarks, overall and per use case; 'unrated' where no benchmark rates the model." }),
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

/** Why a filtered list came back empty, and what would return results (only on an empty list). */
const hintFields = {
  param: z.string().meta({ description: 'The filter that removed the last candidates.' }),
  message: z.string().meta({ description: 'A sentence: the filters given, and what returns results without them.' }),
  without: z.array(z.string()).meta({ description: 'The filters left out to find `nearest` (`param` first).' }),
};

export const catalogueSchema = z.object({
  models: z.array(modelRecordSchema),
  meta: metaSchema,
  hint: z.object(hintFields).optional().meta({ description: 'Only when provider and tier together match no model.' }),
});


const costsSchema = z
  .object({
    perRequest: usd('Cost of one request.'),
    daily: usd('perRequest × requests per day.'),
    monthly: usd('daily × days per month.'),
    yearly: usd('monthly × 12.'),
  })
  .meta({ description: 'Costs in USD, exact to 1e-9 (rounded half up once).' });

const summaryFields = {
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  tier: z.enum(TIERS),
};

/** A model in a result list also says whether it is current or legacy (older, still sold). */
const listedFields = {
  ...summaryFields,
  status: z.enum(MODEL_STATUSES).meta({ description: 'current, or legacy: an older model still sold.' }),
};

const requestedId = z.string().optional().meta({ description: 'The alias the request named this model by, when it used one (id is the model it resolves to).' });

export const oneModelSchema = z.object({ model: modelRecordSchema, requestedId, source: z.string(), docs: z.string() });

const price = (description: string) => z.number().nonnegative().meta({ description: `${description}, USD per 1M tokens.` });

export const appliedPricesSchema = z
  .object({
    band: z.string().meta({ description: 'standard, or the long-context band that applied: "above 200K" or "from 272K" (per the provider\'s rule).' }),
    input: price('Input price'),
    output: price('Output price'),
    cachedInput: price('Cached-input price, when cache reads were billed').optional(),
    cacheWrite: price('Cache-write price, when cache writes were billed').optional(),
    cacheTtl: z.enum(CACHE_TTLS).optional().meta({ description: 'The cache lifetime cacheWrite is for.' }),
    cacheWriteAsInput: z.literal(true).optional().meta({ description: 'The model publishes no write price for cacheTtl, so writes were billed at the input price.' }),
    period: z.enum(['peak', 'off-peak', 'mixed']).optional().meta({ description: 'For models with off-peak prices: which prices billed the requests (peak unless at or off_peak_share says otherwise).' }),
    day: z.enum(['weekday', 'weekend']).optional().meta({ description: 'For models with weekend off-peak prices priced with at: weekend when the weekend prices applied, else weekday.' }),
    dayAssumed: z.literal(true).optional().meta({ description: 'at was a time of day without a date, taken to be on a weekday.' }),
    offPeak: z
      .object({ input: price('Off-peak input price'), output: price('Off-peak output price'), cachedInput: price('Off-peak cached-input price').optional(), cacheWrite: price('Off-peak price of cache writes billed as input').optional(), window: z.string(), percent: z.number().int() })
      .optional()
      .meta({ description: 'The off-peak prices, when used: their times (daily UTC windows, and weekends where they apply) and the percent of requests they billed.' }),
    effectiveFrom: z.string().optional().meta({ description: 'First day (YYYY-MM-DD) of the dated price set used (with as_of, or when the prices come from priceHistory).' }),
    batch: z
      .object({ discountPercent: z.number().int(), source: z.string() })
      .optional()
      .meta({ description: "mode=batch on a model whose provider sells a batch API: the discount every token got, and the provider's page that publishes it." }),
    streamingMargin: z
      .object({ outputPercent: z.number().int(), note: z.string() })
      .optional()
      .meta({ description: "mode=streaming: the +15% on output this API adds as a planning margin; no provider bills it." }),
    serviceTier: z.enum(SERVICE_TIERS).optional().meta({
      description: 'With service_tier: the tier whose prices billed the request (input and output are its prices); standard where the model is not sold on the tier asked (a warning says so).',
    }),
    standardPriced: z.array(z.string()).optional().meta({
      description: 'On a service tier: the units (cachedInput, cacheWrite5m, inputAudio, ...) the tier publishes no price for, billed at the standard price (warning tier_unit_price).',
    }),
    reasoning: z
      .object({ tokens: z.number().int(), price: price('The price the reasoning tokens were billed at'), billedAs: z.enum(['outputReasoning', 'output']) })
      .optional()
      .meta({ description: "With reasoning_tokens: the reasoning part of the output, apart: how many tokens, at which price, and whether that is the model's own reasoning price or its output price." }),
    units: z
      .array(z.object({
        unit: z.string().meta({ description: 'inputAudio, cachedInputAudio, inputImage, inputVideo, outputAudio, outputImage, outputVideo, webSearches or requests.' }),
        quantity: z.number().int().meta({ description: 'Per request: tokens, searches, or 1 for a request fee.' }),
        price: z.number().nonnegative().meta({ description: 'USD per `per` units.' }),
        per: z.number().int().meta({ description: '1000000 for tokens, 1000 for searches and requests.' }),
        billedAs: z.string().meta({ description: "The unit whose price billed it: the unit itself where the model publishes its price, else the one it is part of (input or output: the text price), or unpriced." }),
      }))
      .optional()
      .meta({ description: 'Each other unit billed beyond text tokens and cache use (audio, image and video tokens, web searches, request fees) and its price.' }),
  })
  .meta({ description: 'The per-1M prices that made the cost.' });

/** The workload an answer priced, every part of it with its default (compare also names requests requests_per_day). */
const workloadSchema = z.object({
  input_tokens: z.number().int(),
  cached_input_tokens: z.number().int(),
  cache_write_tokens: z.number().int(),
  cache_ttl: z.enum(CACHE_TTLS).optional().meta({ description: 'With cache writes: the lifetime they were priced for.' }),
  input_audio_tokens: z.number().int(),
  cached_audio_tokens: z.number().int(),
  input_image_tokens: z.number().int(),
  input_video_tokens: z.number().int(),
  output_tokens: z.number().int(),
  reasoning_tokens: z.number().int(),
  output_audio_tokens: z.number().int(),
  output_image_tokens: z.number().int(),
  output_video_tokens: z.number().int(),
  web_searches: z.number().int(),
  requests_per_day: z.number().int().optional().meta({ description: "compare only: the spec's name for requests." }),
  requests: z.number().int(),
  days: z.number().int(),
  mode: z.enum(MODES),
  service_tier: z.enum(SERVICE_TIERS),
  off_peak_share: z.number().int().optional().meta({ description: 'Percent of requests in the off-peak window (when at is not given).' }),
  at: z.string().optional().meta({ description: 'When the requests run, as given.' }),
});

const warningsSchema = z
  .array(z.object({
    code: z.enum([
      'context_window', 'max_output', 'free_tier_only', 'no_batch_discount',
      'service_tier_not_offered', 'tier_unit_price', 'modality_text_price', 'modality_unknown', 'unit_unpriced',
    ] satisfies Array<Warning['code']>),
    message: z.string(),
  }))
  .optional()
  .meta({ description: "Only when there is something to know before acting on the cost: the request does not fit the model (context_window, max_output), the model is served only on a free tier (free_tier_only), batch was asked of a provider without a batch discount on record (no_batch_discount: priced at standard rates), the model is not sold on the service tier asked (service_tier_not_offered: standard prices) or its tier publishes no price for a unit (tier_unit_price), audio, image or video tokens were billed at the text price (modality_text_price: no separate price published; modality_unknown: no source says the model takes them), or a unit has no price on record (unit_unpriced: not in the cost)." });

const excludedSchema = z
  .object({
    count: z.number().int(),
    byReason: z.array(z.object({ reason: z.enum(['context_window', 'max_output', 'modality', 'modality_unknown', 'unit_unpriced', 'service_tier_not_offered', 'free_tier_only', 'unrated']), count: z.number().int(), message: z.string() })),
  })
  .meta({ description: 'The models that met every filter but were left out: the request does not fit them, they are served only on a free tier (include_free_tier=true offers those), or (recommend) no benchmark rates them (unrated).' });

/** What a ranked item carries besides its costs. */
const rankedFields = {
  ...listedFields,
  freeTierOnly: z.literal(true).optional().meta({ description: 'Served only on a free, rate-limited tier (offered with include_free_tier=true).' }),
  variants: z.array(z.string()).optional().meta({ description: 'Ids of variants with the same prices and capabilities (a -customtools or dated twin), ranked in this one place.' }),
  warnings: warningsSchema,
};

/** The hint when no model can run the request, whatever the filters. */
const fitHintSchema = z.object({
  param: z.string(),
  message: z.string(),
  nearest: z.object({ ...listedFields, context: z.string(), contextTokens: z.number().int() }).optional().meta({ description: 'The model with the largest context window.' }),
});

export const calculateResponseSchema = z.union([
  z.object({
    model: z.string().meta({ description: 'The model id.' }),
    requestedId,
    workload: workloadSchema,
    costs: costsSchema,
    appliedPrices: appliedPricesSchema,
    warnings: warningsSchema,
  }),
  z.object({ workload: workloadSchema, results: z.array(z.object({ ...listedFields, requestedId, costs: costsSchema, appliedPrices: appliedPricesSchema, warnings: warningsSchema })) }),
]);

const cheapestCosts = costsSchema.pick({ perRequest: true, daily: true, monthly: true });

export const cheapestResponseSchema = z.object({
  workload: workloadSchema,
  filters: z.object({
    budget: z.number().nullable(),
    use_case: z.string().nullable(),
    quality: z.string().nullable(),
    tier: z.enum(TIERS).nullable(),
    min_quality: z.number().int().nullable(),
    min_context: z.number().int().nullable(),
    include_free_tier: z.boolean(),
    service_tier_fallback: z.enum(['none', 'standard']).optional().meta({ description: 'Only with a service_tier other than standard.' }),
    status: z.enum(['current', 'legacy', 'all']),
    limit: z.number().int(),
  }),
  recommendations: z.array(z.object({ rank: z.number().int(), ...rankedFields, costs: cheapestCosts, appliedPrices: appliedPricesSchema })),
  excluded: excludedSchema,
  hint: z
    .union([z.object({ ...hintFields, nearest: z.object({ ...rankedFields, costs: cheapestCosts, appliedPrices: appliedPricesSchema }).meta({ description: 'The cheapest model that can run it without those filters.' }) }), fitHintSchema])
    .optional()
    .meta({ description: 'Only when no model is left.' }),
});

export const compareResponseSchema = z.object({
  workload: workloadSchema,
  comparison: z.array(z.object({ ...listedFields, requestedId, costs: costsSchema, appliedPrices: appliedPricesSchema, warnings: warningsSchema })),
  summary: z.object({
    cheapest: z.object({ id: z.string(), name: z.string(), monthly: usd('Monthly cost.') }),
    mostExpensive: z.object({ id: z.string(), name: z.string(), monthly: usd('Monthly cost.') }),
    savings: z
      .object({ monthly: usd('Monthly saving.'), yearly: usd('Yearly saving.'), percent: z.number() })
      .meta({ description: 'What choosing the cheapest model saves against the dearest.' }),
    notOnTier: z.array(z.string()).optional().meta({ description: 'With a service_tier other than standard: the ids of the models not sold on it for this request (priced at standard, a warning each); cheapest, dearest and savings are of the models that are, when any is.' }),
  }),
});

const recommendationSchema = z.object({
  rank: z.number().int(),
  ...rankedFields,
  score: z.number().int().meta({ description: 'The 0-100 score the model was ranked by.' }),
  scoreOf: z.string().meta({ description: 'The use case the score is for, or overall.' }),
  scoreFromOverall: z.literal(true).optional().meta({ description: 'No benchmark of the use case: the overall score stands in.' }),
  scoreBasis: z.object({
    results: z.number().int().meta({ description: 'Results of its own for the use case (0 for a stand-in).' }),
    newest: z.string().meta({ description: 'The newest date of the results the score rests on.' }),
    standIn: z.boolean().meta({ description: 'The overall score stands in: no result for the use case.' }),
  }).meta({ description: 'How much evidence the score rests on; by default (evidence=tiers) a ranking by score puts two or more results first, then one, then stand-ins.' }),
  scoreEvidence: z.array(benchmarkResultSchema.extend({ normalised: z.number(), weight: z.number() })).meta({ description: 'The results behind the score, heaviest first.' }),
  scorePerDollar: z.number().nullable().meta({ description: "Score per dollar of the workload's monthly cost (sort=value ranks by it); null when it costs nothing." }),
  quality: z.number().int(),
  context: z.string(),
  costPerRequest: usd('Cost of one request, USD.'),
  costs: cheapestCosts,
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
    service_tier_fallback: z.enum(['none', 'standard']).optional().meta({ description: 'Only with a service_tier other than standard.' }),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    status: z.enum(['current', 'legacy', 'all']),
    limit: z.number().int(),
    off_peak_share: z.number().int().optional(),
    at: z.string().optional(),
  }),
  workload: workloadSchema,
  recommendations: z.array(recommendationSchema),
  excluded: excludedSchema,
  hint: z
    .union([z.object({ ...hintFields, nearest: recommendationSchema.meta({ description: 'The best model that can run it without those filters.' }) }), fitHintSchema])
    .optional()
    .meta({ description: 'Only when no model is left.' }),
});

export const badgeJsonResponseSchema = z.object({
  embed: z.object({ markdown: z.string(), html: z.string(), rst: z.string() }),
  badge_url: z.string(),
  pricing: z.object({
    ...summaryFields,
    input: z.number(),
    output: z.number(),
    context: z.string(),
    verified: z.string(),
    message: z.string().meta({ description: 'The badge text, e.g. "$1.25 / $10 per 1M".' }),
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
