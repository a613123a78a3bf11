/** The fields sellers= and cheaperAt add to cheapest's and recommend's items and answers. */
import * as z from 'zod';
import { SELLER_KINDS } from '../../core/offers/door-schema.js';

const money = z.union([z.number(), z.string()]);

/** What a buyer must know of a door wherever it is shown (doorCaveats). */
export const doorCaveatFields = {
  predatesChange: z.object({ changedOn: z.string(), text: z.string() }).optional().meta({
    description:
      "The door's source lists its price before the maker's last price change (e.g. \"price of 2026-07-02, before DeepSeek's change of 2026-08-17\"): ranked, as the seller's own price, but older than the change.",
  }),
  limitsFromModel: z
    .array(z.enum(['contextTokens', 'maxOutputTokens']))
    .optional()
    .meta({ description: "Limits no source gives for this door: the model's are used there." }),
  currency: z
    .object({
      code: z.string(),
      prices: z.record(z.string(), z.number()),
      usdPerUnit: z.number().optional(),
      rateDate: z.string().optional(),
      rateSource: z.string().optional(),
      unknown: z.literal(true).optional(),
    })
    .optional()
    .meta({
      description:
        "Where the door's source prices it in another currency (OVHcloud, Scaleway: EUR): its prices in that currency per 1M tokens, and the reviewed rate (US dollars per unit, its date and source) its dollar prices were converted at; unknown where no rate is on record (the door is then kept out, currency_unknown).",
    }),
  inRegion: z
    .object({
      asked: z.string(),
      region: z.string(),
      multiplier: z.number().optional(),
      why: z.string(),
    })
    .optional()
    .meta({
      description:
        "With region: why this door serves the region asked at this price (a regional door's own price, the seller's base price times its uplift there, or a seller serving the region at its base price).",
    }),
};

/** Who sells through the door an item is priced at (with sellers=). */
export const doorItemFields = {
  ...doorCaveatFields,
  seller: z.string().optional().meta({ description: 'With sellers=: the seller of the door this model is priced at.' }),
  sellerName: z.string().optional(),
  kind: z.enum(SELLER_KINDS).optional(),
  door: z
    .string()
    .optional()
    .meta({ description: 'With sellers=: the door, <model-id>@<seller>, usable wherever a model id goes.' }),
  source: z.string().optional(),
  date: z.string().optional(),
  makersDoor: z.literal(true).optional(),
  cheaperAt: z
    .looseObject({
      seller: z.string(),
      kind: z.enum(SELLER_KINDS),
      door: z.string(),
      source: z.string(),
      date: z.string(),
      ...doorCaveatFields,
      costs: z.object({ perRequest: money, daily: money, monthly: money }),
    })
    .optional()
    .meta({
      description:
        "Without sellers=: a vetted direct door (cloud or host) that runs this workload for less than the record's own price, with its costs and prices.",
    }),
};

/** The sellers asked for, and how many models past the filters none of them sells. */
export const sellersEchoSchema = z.object({ asked: z.string(), notSold: z.number().int() }).optional();
