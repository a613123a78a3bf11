/** What a priced answer says besides its prices: the workload, the costs, warnings, who was left out and why. */
import * as z from 'zod';
import { CACHE_TTLS, MODES, SERVICE_TIERS } from '../../core/pricing/cost.js';
import type { Warning } from '../../core/pricing/warnings.js';
import { WORKLOAD_EXCLUSIONS } from '../../core/pricing/fit.js';
import { REGION_LEFT_OUT } from '../../core/offers/regional.js';
import { listedFields, usd } from './common.js';
import { doorItemFields } from './doors.js';
import { priceChangeSchema, scheduledChangeSchema } from './schedule.js';

export const costsSchema = z
  .object({
    perRequest: usd('Cost of one request.'),
    daily: usd('perRequest × requests per day.'),
    monthly: usd('daily × days per month.'),
    yearly: usd(
      'The twelve months from the date priced, each at the prices in force on most of its days (monthly × 12 when no change is scheduled within them; docs/pricing-rules.md).',
    ),
  })
  .meta({ description: 'Costs in USD, exact to 1e-9 (rounded half up once).' });

/** The workload an answer priced, every part of it with its default (compare also names requests requests_per_day). */
export const workloadSchema = z.object({
  input_tokens: z.number().int(),
  cached_input_tokens: z.number().int(),
  cache_write_tokens: z.number().int(),
  cache_ttl: z
    .enum(CACHE_TTLS)
    .optional()
    .meta({ description: 'With cache writes: the lifetime they were priced for.' }),
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
  off_peak_share: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Percent of requests in the off-peak window (when at is not given).' }),
  at: z.string().optional().meta({ description: 'When the requests run, as given.' }),
  counted_with: z.string().optional().meta({
    description:
      'With counted_with: the tokenizer that counted the tokens above (each item says what it was priced on, in its tokens).',
  }),
  text_kind: z
    .string()
    .optional()
    .meta({ description: 'With counted_with: the kind of text counted (english by default).' }),
  region: z.string().optional().meta({ description: 'With region: the region the doors were priced for.' }),
});

/** With counted_with: what an item was priced on, in the model's own tokens. */
export const tokensSchema = z
  .object({
    tokenizer: z.string().meta({
      description: 'The tokenizer the model counts with (GET /api/tokenizers); o200k where its own is unknown.',
    }),
    exactness: z
      .enum(['exact', 'family', 'unknown'])
      .meta({ description: "exact: the model's own; family: an earlier one of its line; unknown: counted as o200k." }),
    input_tokens: z.number().int(),
    cached_input_tokens: z.number().int(),
    cache_write_tokens: z.number().int(),
    output_tokens: z.number().int(),
  })
  .optional()
  .meta({
    description:
      "Only with counted_with: the workload's token counts in this model's tokens, which its costs are priced on (text parts scaled by the measured ratio for text_kind; reasoning, audio, image and video tokens as given).",
  });

export const warningsSchema = z
  .array(
    z.object({
      code: z.enum([
        'context_window',
        'max_output',
        'free_tier_only',
        'no_batch_discount',
        'service_tier_not_offered',
        'tier_unit_price',
        'modality_text_price',
        'modality_unknown',
        'unit_unpriced',
        'price_change_scheduled',
        'cache_ttl_unpriced',
      ] satisfies Array<Warning['code']>),
      message: z.string(),
      change: scheduledChangeSchema.optional(),
    }),
  )
  .optional()
  .meta({
    description:
      'Only when there is something to know before acting on the cost: the request does not fit the model (context_window, max_output), the model is served only on a free tier (free_tier_only), batch was asked of a provider without a batch discount on record (no_batch_discount: priced at standard rates), the model is not sold on the service tier asked (service_tier_not_offered: standard prices) or its tier publishes no price for a unit (tier_unit_price), audio, image or video tokens were billed at the text price (modality_text_price: no separate price published; modality_unknown: no source says the model takes them), or a unit has no price on record (unit_unpriced: not in the cost), or the prices change within twelve months of the date priced (price_change_scheduled, with the change), or 1-hour cache writes were billed at another price for want of a 1-hour price on record (cache_ttl_unpriced).',
  });

export const excludedSchema = z
  .object({
    count: z.number().int(),
    byReason: z.array(
      z.object({
        reason: z.enum([...WORKLOAD_EXCLUSIONS, 'unrated', 'legacy', ...REGION_LEFT_OUT]),
        count: z.number().int(),
        message: z.string(),
        shownWith: z
          .string()
          .optional()
          .meta({ description: 'legacy only: the parameter that ranks them (status=all).' }),
      }),
    ),
  })
  .meta({
    description:
      'The models that met every filter but were left out: the request does not fit them, they are served only on a free tier (include_free_tier=true offers those), (recommend) no benchmark rates them (unrated), or (with region) no door of them is known to serve the region (region_unknown, not_in_region).',
  });

/** What a ranked item carries besides its costs. */
export const rankedFields = {
  ...listedFields,
  freeTierOnly: z
    .literal(true)
    .optional()
    .meta({ description: 'Served only on a free, rate-limited tier (offered with include_free_tier=true).' }),
  variants: z.array(z.string()).optional().meta({
    description:
      'Ids of variants with the same prices and capabilities (a -customtools or dated twin), ranked in this one place.',
  }),
  warnings: warningsSchema,
  priceChange: priceChangeSchema,
  tokens: tokensSchema,
  ...doorItemFields,
};

/** The hint when no model can run the request, whatever the filters. */
export const fitHintSchema = z.object({
  param: z.string(),
  message: z.string(),
  nearest: z
    .object({ ...listedFields, context: z.string(), contextTokens: z.number().int() })
    .optional()
    .meta({ description: 'The model with the largest context window.' }),
});
