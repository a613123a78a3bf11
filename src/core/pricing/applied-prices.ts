/** What appliedPrices reports: the prices a workload is billed at on one model. */
import type { ServiceTier } from './price-sheet.js';

/** The lifetimes a prompt-cache write is priced for (the cost bills them; appliedPrices names them). */
export const CACHE_TTLS = ['5m', '1h'] as const;
export type CacheTtl = (typeof CACHE_TTLS)[number];

/** What mode=streaming adds, said as what it is. */
export const STREAMING_MARGIN = {
  outputPercent: 15,
  note: "This API's planning margin on streamed output; providers bill streamed tokens at the same prices.",
} as const;

/** The prices a request is billed at: the band its input falls in, and what its cache use adds. */
export interface AppliedPrices {
  band: string;
  input: number;
  output: number;
  /** When cache reads were billed. */
  cachedInput?: number;
  /** When cache writes were billed: the price and the lifetime it is for. */
  cacheWrite?: number;
  cacheTtl?: CacheTtl;
  /** True when the model publishes no write price for cacheTtl, so writes were billed as input. */
  cacheWriteAsInput?: true;
  /** mode=batch on a model with a batch API: the discount every token got, and where the provider publishes it. */
  batch?: { discountPercent: number; source: string };
  /** mode=streaming: the +15% on output this API adds as a planning margin (not a provider's charge). */
  streamingMargin?: { outputPercent: number; note: string };
  /** For models with off-peak prices: which prices billed the requests. */
  period?: 'peak' | 'off-peak' | 'mixed';
  /**
   * For models with weekend off-peak prices priced at a moment (`at`): `weekend` when the weekend
   * prices applied, else `weekday`; `dayAssumed` when `at` was a time of day alone (taken to be a weekday).
   */
  day?: 'weekday' | 'weekend';
  dayAssumed?: true;
  /** When off-peak prices were used: those prices (cacheWrite: writes billed as input), their times and the percent of requests they billed. */
  offPeak?: {
    input: number;
    output: number;
    cachedInput?: number;
    cacheWrite?: number;
    window: string;
    percent: number;
  };
  /**
   * When the workload asked for a service tier: the tier whose prices billed it (input, output and
   * cachedInput above are that tier's). `standard` when the model does not sell the tier asked, or
   * sells it for no price in the request's band (a warning says which).
   */
  serviceTier?: ServiceTier;
  /** On a tier: the units (UNITS keys) the tier publishes no price for, billed at the standard sheet's price (warning tier_unit_price). */
  standardPriced?: string[];
  /** When the output has reasoning tokens: how many, at which price per 1M, and whether that is the model's own reasoning price or its output price. */
  reasoning?: { tokens: number; price: number; billedAs: 'outputReasoning' | 'output' };
  /** Each other unit billed beyond text tokens and cache use (audio, image, video, searches, request fees), in UNITS order. */
  units?: AppliedUnit[];
}

/** One unit of a request and the price it was billed at. */
export interface AppliedUnit {
  /** The UNITS key: inputAudio, cachedInputAudio, inputImage, inputVideo, outputAudio, outputImage, outputVideo, webSearches, requests. */
  unit: string;
  /** Per request (tokens, searches; 1 for the request fee). */
  quantity: number;
  /** USD per `per` units. */
  price: number;
  per: number;
  /** The unit whose price billed it: the unit itself, or the one it is part of (e.g. input: text price). */
  billedAs: string;
}
