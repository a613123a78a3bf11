/** A door as one source gives it, before it is matched to a catalogue model and a reviewed seller. */
import type { Door, DoorPrices } from '../../core/offers/door-schema.js';
import { PRICE_FIELDS, type PriceField } from '../../core/schema/units.js';

export interface RawDoor {
  /** The seller's name in this source (models.dev provider id, LiteLLM provider, genai-prices provider). */
  sellerAlias: string;
  /** The id the seller's API takes. */
  sellerModelId: string;
  /** Where the source prices this entry for one region (LiteLLM's `eu.` profiles, `azure/eu/`, `bedrock/eu-central-1/`). */
  region?: string;
  /** Multipliers the source puts on this entry's prices in a region (LiteLLM's regional uplifts), with the field that says so. */
  uplifts?: Array<{ region: string; multiplier: number; what: string }>;
  /** models.dev's provider-neutral model this entry is linked to (`deepseek/deepseek-v4-pro`), where it is. */
  baseModel?: string;
  prices?: DoorPrices;
  contextTokens?: number;
  maxOutputTokens?: number;
  batch?: DoorPrices;
  serviceTiers?: { flex?: DoorPrices; priority?: DoorPrices };
  modalities?: Door['modalities'];
  sourceUrl?: string;
  /** The day the price took effect, where the source dates it (genai-prices' dated sets). */
  effectiveFrom?: string;
  /** Which source, as a label with its snapshot (`models.dev f3fc692 of 2026-07-02`). */
  source: string;
  date: string;
  /** Preference among sources for one door: the newest data wins. */
  rank: number;
}

/** USD per token (LiteLLM) or per 1M (the others) to USD per 1M with at most 9 decimals, no float noise. */
export function perMillion(value: unknown, scale = 1): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return Number((value * scale).toFixed(9));
}

/** A price block from a source's values, keyed as PRICE_FIELDS; undefined without both input and output. */
export function pricesOf(values: { [K in PriceField]?: number | undefined }): DoorPrices | undefined {
  const { input, output } = values;
  if (input === undefined || output === undefined) return undefined;
  const prices: DoorPrices = { input, output };
  for (const field of PRICE_FIELDS) if (values[field] !== undefined) prices[field] = values[field];
  return prices;
}

/** A positive integer, or undefined. */
export function tokens(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
