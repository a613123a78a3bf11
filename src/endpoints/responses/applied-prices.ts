/** The prices that made a cost, as calculate, compare, cheapest and recommend show them. */
import * as z from 'zod';
import { CACHE_TTLS, SERVICE_TIERS } from '../../core/pricing/cost.js';
import { price } from './common.js';

export const appliedPricesSchema = z
  .object({
    band: z.string().meta({
      description:
        'standard, or the long-context band that applied: "above 200K" or "from 272K" (per the provider\'s rule).',
    }),
    input: price('Input price'),
    output: price('Output price'),
    cachedInput: price('Cached-input price, when cache reads were billed').optional(),
    cacheWrite: price('Cache-write price, when cache writes were billed').optional(),
    cacheTtl: z.enum(CACHE_TTLS).optional().meta({ description: 'The cache lifetime cacheWrite is for.' }),
    cacheWriteAsInput: z.literal(true).optional().meta({
      description: 'The model publishes no write price for cacheTtl, so writes were billed at the input price.',
    }),
    period: z.enum(['peak', 'off-peak', 'mixed']).optional().meta({
      description:
        'For models with off-peak prices: which prices billed the requests (peak unless at or off_peak_share says otherwise).',
    }),
    day: z.enum(['weekday', 'weekend']).optional().meta({
      description:
        'For models with weekend off-peak prices priced with at: weekend when the weekend prices applied, else weekday.',
    }),
    dayAssumed: z
      .literal(true)
      .optional()
      .meta({ description: 'at was a time of day without a date, taken to be on a weekday.' }),
    offPeak: z
      .object({
        input: price('Off-peak input price'),
        output: price('Off-peak output price'),
        cachedInput: price('Off-peak cached-input price').optional(),
        cacheWrite: price('Off-peak price of cache writes billed as input').optional(),
        window: z.string(),
        percent: z.number().int(),
      })
      .optional()
      .meta({
        description:
          'The off-peak prices, when used: their times (daily UTC windows, and weekends where they apply) and the percent of requests they billed.',
      }),
    effectiveFrom: z.string().optional().meta({
      description:
        'First day (YYYY-MM-DD) of the dated price set used (with as_of, or when the prices come from priceHistory); at a door, only where a source dates the change.',
    }),
    listedOn: z.string().optional().meta({
      description: 'At a door whose sources date no change: the day (YYYY-MM-DD) its source listed the price.',
    }),
    batch: z.object({ discountPercent: z.number().int(), source: z.string() }).optional().meta({
      description:
        "mode=batch on a model whose provider sells a batch API: the discount every token got, and the provider's page that publishes it.",
    }),
    streamingMargin: z.object({ outputPercent: z.number().int(), note: z.string() }).optional().meta({
      description: 'mode=streaming: the +15% on output this API adds as a planning margin; no provider bills it.',
    }),
    serviceTier: z.enum(SERVICE_TIERS).optional().meta({
      description:
        'With service_tier: the tier whose prices billed the request (input and output are its prices); standard where the model is not sold on the tier asked (a warning says so).',
    }),
    standardPriced: z.array(z.string()).optional().meta({
      description:
        'On a service tier: the units (cachedInput, cacheWrite5m, inputAudio, ...) the tier publishes no price for, billed at the standard price (warning tier_unit_price).',
    }),
    reasoning: z
      .object({
        tokens: z.number().int(),
        price: price('The price the reasoning tokens were billed at'),
        billedAs: z.enum(['outputReasoning', 'output']),
      })
      .optional()
      .meta({
        description:
          "With reasoning_tokens: the reasoning part of the output, apart: how many tokens, at which price, and whether that is the model's own reasoning price or its output price.",
      }),
    units: z
      .array(
        z.object({
          unit: z.string().meta({
            description:
              'inputAudio, cachedInputAudio, inputImage, inputVideo, outputAudio, outputImage, outputVideo, webSearches or requests.',
          }),
          quantity: z.number().int().meta({ description: 'Per request: tokens, searches, or 1 for a request fee.' }),
          price: z.number().nonnegative().meta({ description: 'USD per `per` units.' }),
          per: z.number().int().meta({ description: '1000000 for tokens, 1000 for searches and requests.' }),
          billedAs: z.string().meta({
            description:
              'The unit whose price billed it: the unit itself where the model publishes its price, else the one it is part of (input or output: the text price), or unpriced.',
          }),
        }),
      )
      .optional()
      .meta({
        description:
          'Each other unit billed beyond text tokens and cache use (audio, image and video tokens, web searches, request fees) and its price.',
      }),
  })
  .meta({ description: 'The per-1M prices that made the cost.' });
