/** Zod schema of the catalogue files in data/: the single definition of a model record. */
import * as z from 'zod';
import { parseScaled } from './money.js';

export const TIERS = ['Budget', 'Mid', 'Premium'] as const;
export type Tier = (typeof TIERS)[number];

/** Use cases of SPEC 4.6; `/api/cheapest` accepts the first six (SPEC 4.4). */
export const USE_CASES = [
  'coding', 'chat', 'classification', 'extraction', 'reasoning', 'analysis',
  'creative', 'general', 'speed', 'long-context', 'multimodal', 'vision',
  'summarization', 'multilingual',
] as const;
export type UseCase = (typeof USE_CASES)[number];

/** A 0-100 score from benchmark evidence (scores.ts), or `unrated` without any: never a number made up. */
export const UNRATED = 'unrated';
export type Score = number | typeof UNRATED;
export type ScoreKey = 'overall' | UseCase;
export type Scores = Record<ScoreKey, Score>;
export const CHEAPEST_USE_CASES = USE_CASES.slice(0, 6) as readonly UseCase[];

/** `current` (sold and recommended) or `legacy` (older but still sold). */
export const MODEL_STATUSES = ['current', 'legacy'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** A model counts as suited to a use case when its score for it is at least this. */
export const SUITED_SCORE = 3;

/** Whether a model is suited to a use case: its suitability is SUITED_SCORE or more. */
export function isSuited(model: Pick<Model, 'useCases'>, useCase: UseCase): boolean {
  return (model.useCases[useCase] ?? 0) >= SUITED_SCORE;
}

// Prices are USD per 1M tokens with at most 9 decimals, so the cost engine can hold them as
// exact integers (nano-dollars per 1M tokens).
const price = z
  .number()
  .nonnegative()
  .refine((v) => parseScaled(v, 9) !== undefined, { message: 'a price has at most 9 decimal places' });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** A model id: `<providerSlug>-<model_key>`, lower case (aliases take the same form). */
const modelId = z.string().regex(/^[a-z0-9]+-[a-z0-9][a-z0-9.\-]*$/, 'id is <providerSlug>-<model_key>, lower case');

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
  input: price,
  output: price,
  cachedInput: price.optional(),
  /** Cache-write prices in this band (5-minute and 1-hour lifetimes), where they differ from the model's. */
  cacheWrite: price.optional(),
  cacheWrite1h: price.optional(),
});

/** A price set in force from a date: past changes and scheduled ones. */
export const priceChangeSchema = z.strictObject({
  effectiveFrom: isoDate,
  input: price,
  output: price,
  cachedInput: price.optional(),
  cacheWrite: price.optional(),
  /** The long-context prices of this dated set, where the provider published them. */
  longContext: longContextSchema.optional(),
  /** Where this dated price comes from. */
  source: z.string().min(1),
  note: z.string().optional(),
});

/** A daily UTC window, from startUtc up to (not including) endUtc; it may wrap midnight (16:30 to 00:30). */
export const utcWindowSchema = z
  .strictObject({ startUtc: utcTime, endUtc: utcTime })
  .refine((w) => w.startUtc !== w.endUtc, { message: 'a window needs startUtc and endUtc to differ', path: ['endUtc'] });

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
    input: price,
    output: price,
    cachedInput: price.optional(),
    startUtc: utcTime.optional(),
    endUtc: utcTime.optional(),
    windows: z.array(utcWindowSchema).min(1).optional(),
    weekends: weekendsSchema.optional(),
  })
  .refine((w) => (w.windows ? w.startUtc === undefined && w.endUtc === undefined : w.startUtc !== undefined && w.endUtc !== undefined), {
    message: 'the off-peak window is startUtc and endUtc, or windows (a list of them), not both',
  })
  .refine((w) => w.startUtc === undefined || w.startUtc !== w.endUtc, { message: 'the off-peak window needs startUtc and endUtc to differ', path: ['endUtc'] });

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

/** What a model takes in or gives out besides text (models.dev's `modalities` names; pdf is read as image). */
export const MODALITIES = ['text', 'image', 'audio', 'video'] as const;
export type Modality = (typeof MODALITIES)[number];

/** Which modalities a model takes and gives, with where that is written. */
export const modalitiesSchema = z.strictObject({
  input: z.array(z.enum(MODALITIES)).min(1),
  output: z.array(z.enum(MODALITIES)).min(1),
  source: z.string().min(1),
  checkedOn: isoDate,
  /** Where the sources disagree: what the other said, and which was kept. */
  note: z.string().min(1).optional(),
});

/**
 * Prices of the billable units beyond text tokens, where the model publishes them, with where and
 * when they were read: per 1M tokens, but webSearches and requests per 1,000. A unit without its
 * own price here is billed at the price of the unit it is part of (src/core/schema/units.ts).
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
  input: price,
  output: price,
  cachedInput: price.optional(),
  /** The 5-minute cache-write price in this tier, where published. */
  cacheWrite: price.optional(),
  source: z.string().min(1),
  checkedOn: isoDate,
  note: z.string().optional(),
});
export type TierPrices = z.infer<typeof tierPricesSchema>;

/** The service tiers a model sells besides standard (cost.ts SERVICE_TIERS), each with its prices. */
export const serviceTiersSchema = z.strictObject({
  flex: tierPricesSchema.optional(),
  priority: tierPricesSchema.optional(),
  fast: tierPricesSchema.optional(),
});

const useCaseScore = z.number().int().min(0).max(5);

export const modelSchema = z.strictObject({
  // The nine fields of SPEC 2.1 (provider and providerSlug are filled in from the file's provider).
  id: modelId,
  name: z.string().min(1),
  tier: z.enum(TIERS),
  input: price,
  output: price,
  context: z.string().regex(/^\d+(\.\d+)?[KM]$/, 'context reads like 128K or 1M'),
  verified: z.string().regex(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/, 'verified is "Month YYYY"'),
  // Documented extra fields.
  contextTokens: z.number().int().positive(),
  maxOutputTokens: z.number().int().positive().optional(),
  cachedInput: price.optional(),
  /** The price of writing input to the prompt cache (5-minute lifetime where the provider offers two). */
  cacheWrite: price.optional(),
  /** The price of writing input to the prompt cache with a 1-hour lifetime, where published. */
  cacheWrite1h: price.optional(),
  longContext: longContextSchema.optional(),
  /**
   * Further long-context steps above longContext.threshold, thresholds ascending, for providers
   * that price long prompts in several bands (e.g. Qwen: above 32K, 128K and 256K input tokens).
   * The highest step whose threshold a request's input exceeds prices the whole request.
   */
  longContextSteps: z.array(longContextSchema).min(1).optional(),
  /** Time-of-day (off-peak) prices; input and output above are then the peak prices. */
  offPeak: offPeakSchema.optional(),
  /** The model's batch discount where it differs from its provider's (`provider.batch`). */
  batch: batchSchema.optional(),
  /** Prices of audio, image and video tokens, reasoning output, web searches and request fees, where published. */
  unitPrices: unitPricesSchema.optional(),
  /** Prices of the service tiers the model sells besides standard (flex, priority, fast). */
  serviceTiers: serviceTiersSchema.optional(),
  /** Which modalities the model takes and gives, where a source says. */
  modalities: modalitiesSchema.optional(),
  /** Other ids that name this model (API aliases such as `-latest` names); they resolve to this record. */
  aliases: z.array(modelId).min(1).optional(),
  /** 1-5, from the documented rule in docs/catalogue.md. */
  quality: z.number().int().min(1).max(5),
  /** Suitability 0-5 per use case (0 = capability missing); suited means >= SUITED_SCORE. */
  useCases: z.partialRecord(z.enum(USE_CASES), useCaseScore),
  /** `current` (sold and recommended) or `legacy` (older but still sold). */
  status: z.enum(MODEL_STATUSES),
  releaseDate: isoDate.optional(),
  /** The provider's pricing page. */
  sourceUrl: z.url(),
  /** Where the price was checked, e.g. the reference dataset record it was compared with. */
  priceSource: z.string().min(1),
  /** The day the price was last checked; `verified` is its month. */
  checkedOn: isoDate,
  /** Why the price differs from the reference consensus, when it does. */
  priceNote: z.string().optional(),
  /** Where quality and use-case scores come from. */
  qualitySource: z.string().min(1),
  /** The model id in ../shared/reference/prices.json this record was checked against. */
  referenceId: z.string().optional(),
  /** Dated price sets, oldest first; the record's own prices are those in force on checkedOn. */
  priceHistory: z.array(priceChangeSchema).optional(),
  /**
   * True when the provider serves the model only on a free, rate-limited tier: its $0 prices are
   * not capacity anyone can buy, so ranked answers leave it out unless asked (include_free_tier).
   */
  freeTierOnly: z.literal(true).optional(),
});

export const providerFileSchema = z.strictObject({
  provider: z.strictObject({
    slug: z.string().regex(/^[a-z0-9]+$/),
    name: z.string().min(1),
    pricingUrl: z.url(),
    /** Whether long-context prices apply above the threshold (default) or from it on, per the provider's docs. */
    longContextRule: z.enum(LONG_CONTEXT_RULES).optional(),
    /** The provider's batch API discount; absent when it sells none (or none is on record): mode=batch is then billed at standard rates. */
    batch: batchSchema.optional(),
  }),
  models: z.array(modelSchema).min(1),
});

export type ModelData = z.infer<typeof modelSchema>;
export type ProviderFile = z.infer<typeof providerFileSchema>;
/**
 * A model record as the API serves it: the data plus the provider's name and slug, and, on models
 * with long-context prices, the provider's longContextRule (so the record says how its threshold applies).
 */
export type Model = ModelData & {
  provider: string;
  providerSlug: string;
  longContextRule?: LongContextRule;
  /** 0-100 scores derived from them, overall and per use case, or `unrated` (docs/quality.md). */
  scores?: Scores;
};

/** A data file as read, for the catalogue to build from. */
export interface CatalogueFile {
  /** The file's name, for messages (e.g. `data/openai.json`). */
  file: string;
  data: unknown;
  /**
   * Set when `data` is already its schema's output for the file's bytes, which the build checked
   * (src/runtime/node/load-catalogue.ts): not parsed again. The checks across records and files still run.
   */
  checked?: boolean;
}
