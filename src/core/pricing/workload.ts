/** What a request is, as the cost engine bills it: tokens, cache use, mode, service tier and the parts billed apart. */
import type { CacheTtl } from './applied-prices.js';
import type { ServiceTier } from './price-sheet.js';
import type { TimeOfDay } from './time-of-day.js';

export const MODES = ['standard', 'streaming', 'batch'] as const;
export type Mode = (typeof MODES)[number];

/**
 * The billable units of a request beyond text tokens. Counts are inclusive, as genai-prices' Usage:
 * inputTokens includes every input token (text, audio, image, video; cached or not) and outputTokens
 * every output token (text, reasoning, audio, image, video). A more specific unit is billed at its
 * own price where the model publishes one, else at the price of the unit it is part of.
 * Image and video tokens are counted as not read from the cache.
 */
export interface BillableExtras {
  /** Part of outputTokens: reasoning (thinking) tokens. */
  reasoningTokens?: number;
  inputAudioTokens?: number;
  /** Part of inputAudioTokens and of cachedInputTokens: audio read from the prompt cache. */
  cacheAudioReadTokens?: number;
  outputAudioTokens?: number;
  inputImageTokens?: number;
  outputImageTokens?: number;
  inputVideoTokens?: number;
  outputVideoTokens?: number;
  /** Web searches per request (priced per 1,000 where published). */
  webSearches?: number;
}

/** One workload: tokens per request, requests per day, days per month, billing mode. */
export interface Workload {
  inputTokens: number;
  outputTokens: number;
  requests: number;
  days: number;
  mode: Mode;
  /** The part of inputTokens read from a prompt cache, billed at the model's cachedInput price. */
  cachedInputTokens?: number;
  /** The part of inputTokens written to the prompt cache, billed at the cache-write price of cacheTtl. */
  cacheWriteTokens?: number;
  /** The cache lifetime the writes asked for; 5m when unset. */
  cacheTtl?: CacheTtl;
  /** Unset: every request at the peak (standard) prices. */
  timeOfDay?: TimeOfDay;
  /** Unset: standard. A tier the model does not sell is billed at standard prices. */
  serviceTier?: ServiceTier;
  extras?: BillableExtras;
}
