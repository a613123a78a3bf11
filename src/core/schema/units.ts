/**
 * The billable units, as genai-prices' unit registry: each a row with how many of it a price is for
 * and the units it is part of. A unit's count is part of its parents' (inclusive counts), and it
 * is billed at its own price where the model publishes one, else at its nearest priced ancestor's
 * (the first parent with its own price, else the first parent's). A new unit is a new row here and
 * the record field its price is read from; the engine loops over the rows.
 */
import type { Modality } from './modalities.js';

export interface Unit {
  /** The name appliedPrices reports the unit by. */
  readonly key: string;
  /** How many of the unit a price is for: 1M tokens, or 1,000 searches or requests. */
  readonly per: 1_000_000 | 1000;
  /** Input and output tokens take the batch discount (and output the streaming margin); fees do not. */
  readonly direction: 'input' | 'output' | 'fee';
  /** Parent units by index, nearest first; every parent's row comes before its children's. */
  readonly parents: readonly number[];
  /** The modality a model must take (input) or give (output) to be billed this unit. */
  readonly modality?: Exclude<Modality, 'text'>;
}

/** Row indexes, fixed: the engine keeps prices and quantities in arrays indexed by them. */
export const U = {
  input: 0,
  cachedInput: 1,
  cacheWrite5m: 2,
  cacheWrite1h: 3,
  inputAudio: 4,
  cachedInputAudio: 5,
  inputImage: 6,
  inputVideo: 7,
  output: 8,
  outputReasoning: 9,
  outputAudio: 10,
  outputImage: 11,
  outputVideo: 12,
  webSearches: 13,
  requests: 14,
} as const;
export type UnitKey = keyof typeof U;

const M = 1_000_000 as const;

export const UNITS: readonly Unit[] = [
  { key: 'input', per: M, direction: 'input', parents: [] },
  { key: 'cachedInput', per: M, direction: 'input', parents: [U.input] },
  { key: 'cacheWrite5m', per: M, direction: 'input', parents: [U.input] },
  { key: 'cacheWrite1h', per: M, direction: 'input', parents: [U.input] },
  { key: 'inputAudio', per: M, direction: 'input', parents: [U.input], modality: 'audio' },
  // Part of the audio input and of the cache reads: audio's price where published, else the cache read's.
  { key: 'cachedInputAudio', per: M, direction: 'input', parents: [U.inputAudio, U.cachedInput], modality: 'audio' },
  { key: 'inputImage', per: M, direction: 'input', parents: [U.input], modality: 'image' },
  { key: 'inputVideo', per: M, direction: 'input', parents: [U.input], modality: 'video' },
  { key: 'output', per: M, direction: 'output', parents: [] },
  { key: 'outputReasoning', per: M, direction: 'output', parents: [U.output] },
  { key: 'outputAudio', per: M, direction: 'output', parents: [U.output], modality: 'audio' },
  { key: 'outputImage', per: M, direction: 'output', parents: [U.output], modality: 'image' },
  { key: 'outputVideo', per: M, direction: 'output', parents: [U.output], modality: 'video' },
  { key: 'webSearches', per: 1000, direction: 'fee', parents: [] },
  { key: 'requests', per: 1000, direction: 'fee', parents: [] },
];

export const UNIT_COUNT = UNITS.length;

/**
 * The price block: the field each text unit's price is read from, as records, doors, dated price
 * sets, long-context bands, service tiers and the refresh key it (input and output wherever a block
 * is; the cache prices where published: `cacheWrite` the default, 5-minute, lifetime's write,
 * `cacheWrite1h` the 1-hour one). The one spelling of the block: its schemas
 * (priceFields) and every copy of it loop over PRICE_FIELDS, in this order.
 */
export const PRICE_FIELD = {
  input: 'input',
  output: 'output',
  cachedInput: 'cachedInput',
  cacheWrite5m: 'cacheWrite',
  cacheWrite1h: 'cacheWrite1h',
} as const satisfies Partial<Record<UnitKey, string>>;
export type PriceField = (typeof PRICE_FIELD)[keyof typeof PRICE_FIELD];
export const PRICE_FIELDS = [
  PRICE_FIELD.input,
  PRICE_FIELD.output,
  PRICE_FIELD.cachedInput,
  PRICE_FIELD.cacheWrite5m,
  PRICE_FIELD.cacheWrite1h,
] as const;
/**
 * A record's prices beyond input and output (a model's, or one door's): cache reads and writes,
 * long-context bands and their rule, off-peak times and batch.
 */
export const PRICE_TERMS = [
  PRICE_FIELD.cachedInput,
  PRICE_FIELD.cacheWrite5m,
  PRICE_FIELD.cacheWrite1h,
  'longContext',
  'longContextSteps',
  'longContextRule',
  'offPeak',
  'batch',
] as const;
export type PriceTerm = (typeof PRICE_TERMS)[number];
/** The fields a block always has. */
export type RequiredPriceField = typeof PRICE_FIELD.input | typeof PRICE_FIELD.output;
/** A price block of `F`'s fields: input and output, the others where published (USD per 1M tokens). */
export type PriceBlock<F extends PriceField = PriceField> = Record<RequiredPriceField, number> & {
  [K in Exclude<F, RequiredPriceField>]?: number;
};

/** A unit with no price of its own nor a priced ancestor: not billed (a sheet's billedAs). */
export const UNPRICED = 255;

/**
 * The unit whose price bills each unit, given each unit's own price (undefined: none): itself, else the
 * first parent with its own price, else the first parent's (UNPRICED when it has none).
 */
export function resolveUnits(own: ReadonlyArray<number | undefined>): number[] {
  const billedAs: number[] = new Array<number>(UNIT_COUNT).fill(UNPRICED);
  for (let u = 0; u < UNIT_COUNT; u++) {
    if (own[u] !== undefined) {
      billedAs[u] = u;
      continue;
    }
    const { parents } = UNITS[u] as Unit;
    let from = parents[0] === undefined ? UNPRICED : (billedAs[parents[0]] as number);
    for (const p of parents) {
      if (own[p] !== undefined) {
        from = p;
        break;
      }
    }
    billedAs[u] = from;
  }
  return billedAs;
}
