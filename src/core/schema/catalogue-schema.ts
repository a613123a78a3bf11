/** Zod schema of the catalogue files in data/: the single definition of a model record. */
import * as z from 'zod';
import {
  batchSchema,
  isoDate,
  LONG_CONTEXT_RULES,
  longContextSchema,
  offPeakSchema,
  priceChangeSchema,
  priceFields,
  serviceTiersSchema,
  unitPricesSchema,
  type LongContextRule,
} from './price-schemas.js';
import { MODALITIES } from './modalities.js';

// The price parts and the modalities live in their own files; the rest of the code imports them from here too.
export { MODALITIES, type Modality } from './modalities.js';
export {
  batchSchema,
  LONG_CONTEXT_RULES,
  longContextSchema,
  offPeakSchema,
  priceChangeSchema,
  serviceTiersSchema,
  tierPricesSchema,
  unitPricesSchema,
  utcWindowSchema,
  weekendsSchema,
  type Batch,
  type LongContextRule,
  type TierPrices,
  type UnitPrices,
} from './price-schemas.js';

export const TIERS = ['Budget', 'Mid', 'Premium'] as const;
export type Tier = (typeof TIERS)[number];

/** Use cases of SPEC 4.6; `/api/cheapest` accepts the first six (SPEC 4.4). */
export const USE_CASES = [
  'coding',
  'chat',
  'classification',
  'extraction',
  'reasoning',
  'analysis',
  'creative',
  'general',
  'speed',
  'long-context',
  'multimodal',
  'vision',
  'summarization',
  'multilingual',
] as const;
export type UseCase = (typeof USE_CASES)[number];

/** A 0-100 score from benchmark evidence, or `unrated` without any: never a number made up. */
export const UNRATED = 'unrated';
export type Score = number | typeof UNRATED;
/** What a model is scored for: overall, then each use case (the one list of them). */
export const SCORE_KEYS = ['overall', ...USE_CASES] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];
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

/** A model id: `<providerSlug>-<model_key>`, lower case (aliases take the same form). */
const modelId = z.string().regex(/^[a-z0-9]+-[a-z0-9][a-z0-9.\-]*$/, 'id is <providerSlug>-<model_key>, lower case');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** `verified` of a check date: "Month YYYY" (a record's, and a door's of the day its source listed its price). */
export const verifiedOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Which modalities a model takes and gives, with where that is written. */
export const modalitiesSchema = z.strictObject({
  input: z.array(z.enum(MODALITIES)).min(1),
  output: z.array(z.enum(MODALITIES)).min(1),
  source: z.string().min(1),
  checkedOn: isoDate,
  /** Where the sources disagree: what the other said, and which was kept. */
  note: z.string().min(1).optional(),
});

const useCaseScore = z.number().int().min(0).max(5);

/**
 * How a record's door is chosen: `maker` (the maker's own API, where it sells capacity) or
 * `median-direct` (the maker sells none: the median-priced vetted direct seller, a cloud or host,
 * by blended price (3 × input + output) / 4, the lower of the two middle ones; of the doors at that
 * price the widest context window, then largest output, then seller slug; docs/catalogue.md). Never a free trial or plan.
 */
export const REFERENCE_DOOR_RULES = ['maker', 'median-direct'] as const;
export type ReferenceDoorRule = (typeof REFERENCE_DOOR_RULES)[number];

/** The door a record's input and output come from: the seller (data/offers/sellers.json), the id its API takes, the rule that chose it, and the day of the source its price was read from. */
export const referenceDoorSchema = z.strictObject({
  seller: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  sellerModelId: z.string().min(1),
  rule: z.enum(REFERENCE_DOOR_RULES),
  /** The day of the source's data the door's price is as of (the door's date in /api/offers); `checkedOn` is when it was checked. */
  date: isoDate.optional(),
  /** Where the rule's choice is written down in words (e.g. how many doors it chose among). */
  note: z.string().min(1).optional(),
});
export type ReferenceDoor = z.infer<typeof referenceDoorSchema>;

export const modelSchema = z.strictObject({
  // The nine fields of SPEC 2.1 (provider and providerSlug are filled in from the file's provider).
  id: modelId,
  name: z.string().min(1),
  tier: z.enum(TIERS),
  ...priceFields(['input', 'output']),
  context: z.string().regex(/^\d+(\.\d+)?[KM]$/, 'context reads like 128K or 1M'),
  verified: z
    .string()
    .regex(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      'verified is "Month YYYY"',
    ),
  // Documented extra fields.
  contextTokens: z.number().int().positive(),
  maxOutputTokens: z.number().int().positive().optional(),
  /** Cache reads and writes (5-minute lifetime where the provider offers two, and 1-hour), where published. */
  ...priceFields(['cachedInput', 'cacheWrite', 'cacheWrite1h']),
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
  /**
   * The door input and output come from, where the record says it (the models the market buys from
   * many sellers); without it, the record is its maker's door as the catalogue has always priced it.
   */
  referenceDoor: referenceDoorSchema.optional(),
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
  /** Which tokenizer its tokens are counted with and how exact that is: set at load from the tokenizer table's rules. */
  tokenizer?: ModelTokenizer;
};

/**
 * A model's tokenizer: the measured one its tokens are counted with (o200k where unknown), how
 * exact that is (`exact`: its own; `family`: an earlier one of its line; `unknown`: counted as
 * o200k), the line of models the rule is for, and why where not exact.
 */
export interface ModelTokenizer {
  id: string;
  exactness: 'exact' | 'family' | 'unknown';
  family: string;
  note?: string;
}

/** A data file as read, for the catalogue to build from. */
export interface CatalogueFile {
  /** The file's name, for messages (e.g. `data/openai.json`). */
  file: string;
  data: unknown;
  /**
   * Set when `data` is already its schema's output for the file's bytes, which the build checked
   * (the Node loader): not parsed again. The checks across records and files still run.
   */
  checked?: boolean;
}
