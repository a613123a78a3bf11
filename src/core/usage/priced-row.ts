/** One row of an export as repriced: what the answer lists and the tally sums. */
import type { Usd } from '../schema/money.js';
import type { ServiceTier } from '../pricing/price-sheet.js';
import type { Mode } from '../pricing/workload.js';
import type { Reported } from './reported.js';

/** A row's counts as read (inclusive), the non-zero ones. */
export type UnitEcho = Partial<Record<(typeof ECHO)[number], number>>;
export const ECHO = [
  'inputTokens',
  'outputTokens',
  'cachedInputTokens',
  'cacheWrite5mTokens',
  'cacheWrite1hTokens',
  'reasoningTokens',
  'inputAudioTokens',
  'outputAudioTokens',
  'webSearches',
  'requests',
] as const;

export interface PricedRow {
  row: number;
  date: string;
  endDate?: string;
  model: string;
  /** The model as the export spells it, when that differs from the id. */
  exportModel?: string;
  seller?: string;
  /** The seller's door the row was priced at (`<model-id>@<seller>`), when the export names a seller we have a priced door of. */
  door?: string;
  mode: Mode;
  serviceTier: ServiceTier;
  units: UnitEcho;
  /** At the prices in force on the row's date (from `pricesFrom`). */
  cost: Usd;
  pricesFrom: string | null;
  today: Usd;
  targets?: Record<string, Usd>;
  reported?: Reported;
  flags?: string[];
  unpricedUnits?: string[];
}
