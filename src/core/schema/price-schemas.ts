/**
 * Zod schemas of the price parts of a model record: the price itself, long-context bands, dated
 * price sets, off-peak windows, batch discounts, unit prices and service-tier prices.
 */
import * as z from 'zod';
import { parseScaled } from './money.js';
import { PAID_TIERS, type PaidTier } from './service-tiers.js';
import { PRICE_FIELDS, type PriceField, type RequiredPriceField } from './units.js';

// Prices are USD per 1M tokens with at most 9 decimals, so the cost engine can hold them as
// exact integers (nano-dollars per 1M tokens).
export const price = z
  .number()
  .nonnegative()
  .refine((v) => parseScaled(v, 9) !== undefined, { message: 'a price has at most 9 decimal places' });

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

type PriceShape<F extends PriceField, V extends z.ZodType> = {
  [K in F]: K extends RequiredPriceField ? V : z.ZodOptional<V>;
};

/**
 * The schema fields of a price block of `fields` (PRICE_FIELDS, in its order): input and
 * output required, the cache prices optional; `value` is the price's schema (a record's `price`
 * by default, a plain number in a response).
 */
export function priceFields<const F extends PriceField, V extends z.ZodType = typeof price>(
  fields: readonly F[],
  value?: V,
): PriceShape<F, V> {
  const of = (value ?? price) as V;
  const shape: Record<string, z.ZodType> = {};
  for (const field of PRICE_FIELDS) {
    if (!(fields as readonly PriceField[]).includes(field)) continue;
    shape[field] = field === 'input' || field === 'output' ? of : of.optional();
  }
  return shape as PriceShape<F, V>;
}

/** The prices a dated price set (priceHistory) and a service tier hold: no 1-hour cache write. */
export const SET_PRICE_FIELDS = [
  'input',
  'output',
  'cachedInput',
  'cacheWrite',
] as const satisfies readonly PriceField[];

/** A time of day in UTC, HH:MM (00:00 to 23:59). */
const utcTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a UTC time of day as HH:MM, 00:00 to 23:59');

/** Whether long-context prices start above a threshold (input > threshold) or at it (input >= threshold). */
export const LONG_CONTEXT_RULES = ['above', 'at'] as const;
export type LongContextRule = (typeof LONG_CONTEXT_RULES)[number];

export const longContextSchema = z.strictObject({
  /**
   * Input tokens per request from which the long-context prices apply to the whole request: above
   * it, or from it on when the provider's longContextRule is "at".
   */
  threshold: z.number().int().positive(),
  /** Its cache-write prices (5-minute and 1-hour lifetimes) where they differ from the model's. */
  ...priceFields(PRICE_FIELDS),
});

/** A price set in force from a date: past changes and scheduled ones. */
export const priceChangeSchema = z.strictObject({
  effectiveFrom: isoDate,
  ...priceFields(SET_PRICE_FIELDS),
  /** The long-context prices of this dated set, where the provider published them. */
  longContext: longContextSchema.optional(),
  /** Where this dated price comes from. */
  source: z.string().min(1),
  note: z.string().optional(),
});

/** A daily UTC window, from startUtc up to (not including) endUtc; it may wrap midnight (16:30 to 00:30). */
export const utcWindowSchema = z
  .strictObject({ startUtc: utcTime, endUtc: utcTime })
  .refine((w) => w.startUtc !== w.endUtc, {
    message: 'a window needs startUtc and endUtc to differ',
    path: ['endUtc'],
  });

/**
 * Off-peak prices all day on Saturdays and Sundays of a fixed UTC offset (DeepSeek: Beijing time,
 * +08:00, which keeps no daylight saving time), from the local date `since` on when given.
 */
export const weekendsSchema = z.strictObject({
  utcOffset: z.string().regex(/^[+-](0\d|1[0-4]):[0-5]\d$/, 'a UTC offset as +HH:MM or -HH:MM'),
  since: isoDate.optional(),
});

/**
 * Time-of-day discount prices, in force daily in one window (startUtc and endUtc) or several
 * (windows), and all weekend when `weekends` is set. The record's input and output are the peak prices.
 */
export const offPeakSchema = z
  .strictObject({
    ...priceFields(['input', 'output', 'cachedInput']),
    startUtc: utcTime.optional(),
    endUtc: utcTime.optional(),
    windows: z.array(utcWindowSchema).min(1).optional(),
    weekends: weekendsSchema.optional(),
  })
  .refine(
    (w) =>
      w.windows
        ? w.startUtc === undefined && w.endUtc === undefined
        : w.startUtc !== undefined && w.endUtc !== undefined,
    {
      message: 'the off-peak window is startUtc and endUtc, or windows (a list of them), not both',
    },
  )
  .refine((w) => w.startUtc === undefined || w.startUtc !== w.endUtc, {
    message: 'the off-peak window needs startUtc and endUtc to differ',
    path: ['endUtc'],
  });

/**
 * A batch API's discount on every token of a request (input, cache reads and writes, output), as
 * the provider publishes it, with where it says so.
 */
export const batchSchema = z.strictObject({
  discountPercent: z.number().int().min(1).max(99),
  source: z.url(),
  note: z.string().optional(),
});
export type Batch = z.infer<typeof batchSchema>;

/**
 * Prices of the billable units beyond text tokens, where the model publishes them, with where and
 * when they were read: per 1M tokens, but webSearches and requests per 1,000. A unit without its
 * own price here is billed at the price of the unit it is part of.
 */
export const unitPricesSchema = z.strictObject({
  inputAudio: price.optional(),
  /** Audio input read from the prompt cache. */
  cachedInputAudio: price.optional(),
  outputAudio: price.optional(),
  inputImage: price.optional(),
  outputImage: price.optional(),
  inputVideo: price.optional(),
  outputVideo: price.optional(),
  /** Reasoning (thinking) output, where it differs from the output price. */
  outputReasoning: price.optional(),
  /** Per 1,000 web searches. */
  webSearches: price.optional(),
  /** Per 1,000 requests: a fee on every request. */
  requests: price.optional(),
  source: z.string().min(1),
  checkedOn: isoDate,
});
export type UnitPrices = z.infer<typeof unitPricesSchema>;

/** A service tier's prices (the standard band's), with where and when they were read. */
export const tierPricesSchema = z.strictObject({
  /** The tier's 5-minute cache-write price where published. */
  ...priceFields(SET_PRICE_FIELDS),
  source: z.string().min(1),
  checkedOn: isoDate,
  note: z.string().optional(),
});
export type TierPrices = z.infer<typeof tierPricesSchema>;

/** The service tiers a model sells besides standard (SERVICE_TIERS), each with its prices. */
export const serviceTiersSchema = z.strictObject(
  Object.fromEntries(PAID_TIERS.map((tier) => [tier, tierPricesSchema.optional()])) as Record<
    PaidTier,
    z.ZodOptional<typeof tierPricesSchema>
  >,
);

/** The unit price fields of unitPrices, in the schema's order (the one list of them). */
export const UNIT_PRICE_FIELDS = unitPricesSchema.keyof().exclude(['source', 'checkedOn']).options;
export type UnitPriceField = (typeof UNIT_PRICE_FIELDS)[number];
