/**
 * The doors to a model (data/offers/): who sells it (sellers.json) and at what price, one file
 * per maker. A door is one seller's offer of one catalogue model: the id its API takes, its unit
 * prices keyed as the catalogue's price sheets key them, its limits there, source and date.
 */
import * as z from 'zod';
import { MODALITIES } from '../schema/catalogue-schema.js';
import { isoDate, priceFields } from '../schema/price-schemas.js';
import { PRICE_FIELDS } from '../schema/units.js';
import { parseScaled } from '../schema/money.js';

export const SELLER_KINDS = ['maker', 'cloud', 'host', 'gateway', 'subscription'] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

/** What a seller's 0 means where it lists one: a free trial, rate-limited free use, or a plan's quota. */
export const FREE_KINDS = ['trial', 'rate-limited', 'plan'] as const;
export type FreeKind = (typeof FREE_KINDS)[number];

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a seller slug is lower case letters, digits and dashes');

/**
 * Where a door's price holds: `global`, a geography (`us`, `eu`, `apac`, `cn`, `au`, `jp`, `us-gov`) or a
 * cloud region (`eu-central-1`), as its source prices it (the region table says which lies within which).
 */
export const regionCode = z
  .string()
  .regex(
    /^[a-z]{2,6}(-[a-z]+(-\d+)?)?$/,
    'a region is global, a geography (us, eu, apac, cn) or a cloud region (eu-central-1)',
  );

/** An ISO 4217 currency code (EUR, CNY). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'a currency is an ISO 4217 code (EUR)');

/** A reviewed exchange rate: US dollars per unit of `currency` on `date`, from a public source (no live fetch). */
export const rateSchema = z.strictObject({
  currency: currencyCode,
  usdPerUnit: z
    .number()
    .positive()
    .refine((v) => parseScaled(v, 6) !== undefined, {
      message: 'a rate has at most 6 decimal places',
    }),
  date: isoDate,
  source: z.string().min(1),
  note: z.string().min(1).optional(),
});
export type Rate = z.infer<typeof rateSchema>;

/** A multiplier on every price of a door where a region is asked (1.1: 10 % more), from its source. */
export const upliftSchema = z.strictObject({
  model: z.string().min(1),
  seller: slug,
  /** The region where the seller charges the uplift (OpenAI's EU and US regional processing, Anthropic's US-only inference). */
  region: regionCode,
  multiplier: z
    .number()
    .positive()
    .refine((v) => parseScaled(v, 4) !== undefined, {
      message: 'a multiplier has at most 4 decimal places',
    }),
  /** How the source names it (its field). */
  what: z.string().min(1),
  source: z.string().min(1),
  date: isoDate,
});
export type Uplift = z.infer<typeof upliftSchema>;

export const sellerSchema = z.strictObject({
  slug,
  name: z.string().min(1),
  kind: z.enum(SELLER_KINDS),
  /** The seller's names in the sources (models.dev provider ids, LiteLLM's litellm_provider, genai-prices provider ids). */
  aliases: z.array(z.string().min(1)),
  pricingUrl: z.url().optional(),
  /** Which prices are this seller's door: its global (or base) price unless a source prices a region apart. */
  regionPolicy: z.string().min(1),
  /**
   * The regions the seller serves at its base door's price, where a source or its pricing page says
   * so (`source`); absent, its base doors are of unknown region, never assumed. Regional doors
   * (a door's `region`) and uplifts say the rest.
   */
  regions: z.strictObject({ serves: z.array(regionCode).min(1), source: z.string().min(1) }).optional(),
  /**
   * The currency the seller bills in where it is not USD, and the sources whose figures are its own
   * prices in it (by the start of their label: `LiteLLM`); other sources' figures for it are dollar conversions.
   */
  currency: z
    .strictObject({ code: currencyCode, sources: z.array(z.string().min(1)).min(1), note: z.string().min(1) })
    .optional(),
  /** Where the seller's 0 is no price (free trial, rate-limited free use, a plan). */
  free: z.enum(FREE_KINDS).optional(),
  /** Catalogue providers whose records are this seller's own door (Together's Llama records, Amazon's Nova on Bedrock). */
  ownCatalogue: z.array(slug).optional(),
  /**
   * This seller's own ids for catalogue models that no general matching rule reads as them
   * (Baseten's `nvidia/Nemotron-120B-A12B`, Bedrock's `google.gemma-4-31b`): seller id → catalogue
   * model id, reviewed by hand. They match at this seller only, so no other seller's model is swallowed.
   */
  modelIds: z.record(z.string().min(1), z.string().min(1)).optional(),
  /**
   * Entries of this seller the sources list but we cannot trust as its price (another currency, a
   * cached price equal to the full one, another model's price): kept out of the doors, with why.
   * Without `sellerModelId` every entry of the seller.
   */
  suspect: z
    .array(z.strictObject({ sellerModelId: z.string().min(1).optional(), reason: z.string().min(1) }))
    .optional(),
  note: z.string().optional(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const sellersFileSchema = z.strictObject({
  /** The day the list was last reviewed by hand. */
  reviewed: isoDate,
  sellers: z.array(sellerSchema).min(1),
  /** The rates non-USD doors are shown in dollars at, one per currency, each dated and sourced. */
  rates: z.array(rateSchema).optional(),
});
export type SellersFile = z.infer<typeof sellersFileSchema>;

/** A door's prices, USD per 1M tokens: the price block as the catalogue's records key it (PRICE_FIELDS). */
export const doorPricesSchema = z.strictObject(priceFields(PRICE_FIELDS));
export type DoorPrices = z.infer<typeof doorPricesSchema>;

export const doorSchema = z.strictObject({
  /** The catalogue model's id (data/<maker>.json). */
  model: z.string().min(1),
  /** The seller's slug (sellers.json). */
  seller: slug,
  /** The id the seller's API takes for this model. */
  sellerModelId: z.string().min(1),
  /**
   * The serving variant this door sells, where it is one: `tee` (confidential compute), a speed tier
   * (`fast`, `turbo`, `highspeed`, `lightning`, `flex`) or a quantisation (`fp8`, `6bit`, ...), several
   * space-separated. Its price is its own for another service: a door of its own, never the plain
   * model's, named `<model-id>@<seller>:<variant>` and never ranked as the model.
   */
  variant: z
    .string()
    .regex(/^[a-z0-9]+( [a-z0-9]+)*$/, 'a variant is lower-case tokens separated by spaces')
    .optional(),
  /**
   * Where a source prices this door for one region (Bedrock's `eu.` profile, `azure/eu/`, a cloud
   * region's entry): a door of its own there. Absent: the seller's base (or global) price.
   */
  region: regionCode.optional(),
  /** The currency of `prices` and the other price blocks where it is not USD (the seller's own, sellers.json `currency`). */
  currency: currencyCode.optional(),
  /** Absent where the source gives no price: unknown, never $0. */
  prices: doorPricesSchema.optional(),
  contextTokens: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  /** Batch prices where the source lists them for this seller. */
  batch: doorPricesSchema.optional(),
  /** Service tiers (flex, priority) where the source lists them for this seller. */
  serviceTiers: z.strictObject({ flex: doorPricesSchema.optional(), priority: doorPricesSchema.optional() }).optional(),
  /** The modalities this seller's entry takes and gives, where a source says (models.dev). */
  modalities: z
    .strictObject({ input: z.array(z.enum(MODALITIES)).min(1), output: z.array(z.enum(MODALITIES)).min(1) })
    .optional(),
  /** Where the price was read: the source and its snapshot. */
  source: z.string().min(1),
  /** The seller's pricing page as the source cites it, where it does (else the seller's page its source names). */
  sourceUrl: z.string().optional(),
  /** The day the source listed this price (its snapshot's day): "listed on", not the day the price changed. */
  date: isoDate,
  /** The day this price took effect, only where a source dates the change (genai-prices' dated price sets). */
  effectiveFrom: isoDate.optional(),
  /** The other sources that list this door, merged field by field where the price's source lacks a field. */
  also: z.array(z.string().min(1)).optional(),
  /** Where the sources for this door disagree, in plain words (the door keeps the newest source's value). */
  disagreements: z.array(z.string().min(1)).optional(),
  /** Prices a source lists for this door that are unit errors (caught before merging), with why. */
  unitErrors: z
    .array(
      z.strictObject({
        source: z.string().min(1),
        date: isoDate,
        input: z.number(),
        output: z.number(),
        reason: z.string().min(1),
      }),
    )
    .optional(),
});
export type Door = z.infer<typeof doorSchema>;

export const doorsFileSchema = z.strictObject({
  /** The maker's slug: the catalogue's provider slug of every model here. */
  maker: slug,
  /** The sources read, with their dates. */
  sources: z.array(z.string().min(1)),
  doors: z.array(doorSchema),
  /** Regional uplifts on this maker's models at their sellers (the makers' own doors among them). */
  uplifts: z.array(upliftSchema).optional(),
});
export type DoorsFile = z.infer<typeof doorsFileSchema>;
