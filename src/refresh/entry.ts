/**
 * What a source yields: every public price list is read into the same entries, prices in USD per
 * 1M tokens. A new price field is added to PRICE_FIELDS (and the readers that give it); the plan
 * compares, apply writes and the report prints every field listed there.
 */
import type { LongContextRule, ModelData } from '../core/schema/catalogue-schema.js';
import type { UnitPriceField } from '../core/schema/price-schemas.js';
import { PAID_TIERS } from '../core/schema/service-tiers.js';
import { SET_PRICE_FIELDS } from '../core/schema/price-schemas.js';
import { PRICE_FIELDS, type PriceField } from '../core/schema/units.js';

/** The public price lists the refresh reads, in the order that breaks ties between equally dated sources. */
export const FORMATS = ['genai-prices', 'litellm', 'models.dev', 'openrouter'] as const;
export type Format = (typeof FORMATS)[number];
export const isFormat = (name: string): name is Format => (FORMATS as readonly string[]).includes(name);

/** The per-token prices an entry may give, each a field of the same name on a catalogue record: the price block. */
export { PRICE_FIELDS, type PriceField } from '../core/schema/units.js';
/** The price fields besides input and output, which every entry has. */
export const EXTRA_PRICE_FIELDS = PRICE_FIELDS.filter(
  (f): f is Exclude<PriceField, 'input' | 'output'> => f !== 'input' && f !== 'output',
);
/** Cache-write prices, which a 0 on a paid model does not set (isWritePrice). */
const WRITE_FIELDS: ReadonlySet<PriceField> = new Set(['cacheWrite', 'cacheWrite1h']);
/** The prices of units beyond text tokens (a record's `unitPrices`): per 1M tokens, searches and requests per 1,000. */
export { UNIT_PRICE_FIELDS, type UnitPriceField } from '../core/schema/price-schemas.js';
/** The service tiers a record may price besides standard (`serviceTiers`), and the prices a source gives for each. */
export const TIER_NAMES = PAID_TIERS;
export type TierName = (typeof TIER_NAMES)[number];
export const TIER_PRICE_FIELDS = ['input', 'output', 'cachedInput'] as const;
export type TierPrices = { input: number; output: number; cachedInput?: number };

/** The prices a dated priceHistory entry holds. */
export const HISTORY_FIELDS = SET_PRICE_FIELDS;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** Prices of one price set: input and output always, the others where the source gives them. */
export type Prices = { input: number; output: number } & Partial<
  Record<Exclude<PriceField, 'input' | 'output'>, number>
>;

export type Band = NonNullable<ModelData['longContext']>;
export type OffPeak = NonNullable<ModelData['offPeak']>;
export type ScheduledPrices = { effectiveFrom: string } & Partial<Record<PriceField, number>>;

/** genai-prices' model match logic (equals / starts_with / ends_with / contains / regex / and / or). */
export type MatchLogic =
  | { or: MatchLogic[] }
  | { and: MatchLogic[] }
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string };

export interface SourceEntry extends Prices {
  source: Format;
  /** The id the source lists the model under. */
  sourceId: string;
  /** The catalogue provider's slug. */
  slug: string;
  /** matchKey of the id: what joins the entry to a record. */
  key: string;
  name?: string;
  /** The provider page the entry says its price comes from, when it says so. */
  cites?: string;
  released?: string;
  contextTokens?: number;
  // genai-prices only: it lists every price set, so its long-context and off-peak prices are complete.
  tiersKnown?: boolean;
  deprecated?: boolean;
  match?: MatchLogic;
  aliasNames?: string[];
  effectiveFrom?: string;
  scheduled?: ScheduledPrices[];
  offPeak?: OffPeak;
  longContextRule?: LongContextRule;
  longContext?: Band;
  longContextSteps?: Band[];
  /** Prices of audio, image and video tokens, reasoning, searches and request fees (genai-prices gives them). */
  unitPrices?: Partial<Record<UnitPriceField, number>>;
  /** Prices of the service tiers (litellm gives flex and priority). */
  serviceTiers?: Partial<Record<TierName, TierPrices>>;
}

/** A source that is not the format it claims to be (HTML, an error object, a different list). */
export class GarbageError extends Error {}

/** A source read: where from, its date (Last-Modified, file time or the package's data date) and its entries. */
export interface Source {
  format: Format;
  src: string;
  date: string;
  label: string;
  entries: SourceEntry[];
}

/**
 * Whether a listed cache-write price is a price of its own. A write price of 0 on a paid model
 * (DeepSeek's, in some lists) means no write surcharge: written tokens are billed as input, which
 * is what a record without cacheWrite says; keeping the 0 would make cache writes free.
 */
export function isWritePrice(write: number | undefined, input: number | undefined): write is number {
  return typeof write === 'number' && !(write === 0 && (input ?? 0) > 0);
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** What a reader found for one model, before it is an entry: prices may be missing or unreadable. */
export interface Found extends Partial<Record<PriceField, number | undefined>> {
  cites?: string | undefined;
  released?: unknown;
  contextTokens?: unknown;
}

/** One entry, or undefined when the source gives no input or output price. */
export function makeEntry(
  source: Format,
  sourceId: string,
  slug: string,
  key: string,
  name: unknown,
  found: Found,
): SourceEntry | undefined {
  const { input, output } = found;
  if (input === undefined || output === undefined) return undefined;
  const out: SourceEntry = { source, sourceId, slug, key, input, output };
  if (typeof name === 'string' && name) out.name = name;
  for (const field of EXTRA_PRICE_FIELDS) {
    const price = found[field];
    if (price !== undefined && (!WRITE_FIELDS.has(field) || isWritePrice(price, input))) out[field] = price;
  }
  if (found.cites) out.cites = found.cites;
  if (isDay(found.released)) out.released = found.released;
  if (typeof found.contextTokens === 'number' && Number.isInteger(found.contextTokens) && found.contextTokens > 0)
    out.contextTokens = found.contextTokens;
  return out;
}
