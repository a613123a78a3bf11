/**
 * What the rankings' filters and fit rules read of each rankable model, as flat columns built once
 * when the catalogue loads, beside the price table: a ranking walks 10,000 models per request, and
 * a row of small arrays is read far faster than records of many shapes. The rules stay those of
 * the cheapest ranking (the filters), exclusionOf and partsExclusion: partsExclusion reads these
 * columns in their place, and a test holds the two to the same answer.
 */
import {
  isSuited,
  MODEL_STATUSES,
  TIERS,
  USE_CASES,
  type Model,
  type ModelData,
  type Tier,
} from '../schema/catalogue-schema.js';
import type { ModelSheets } from '../pricing/price-sheet.js';
import { UNIT_COUNT, UNPRICED } from '../schema/units.js';

export interface FilterTable {
  /** Index in MODEL_STATUSES and in TIERS. */
  readonly status: Uint8Array;
  readonly tier: Uint8Array;
  readonly quality: Float64Array;
  readonly contextTokens: Float64Array;
  /** Infinity where no largest output is on record. */
  readonly maxOutputTokens: Float64Array;
  readonly freeTierOnly: Uint8Array;
  /** Bit j set when the model is suited to USE_CASES[j] (a score of SUITED_SCORE or more). */
  readonly suited: Uint16Array;
  /** Bit u set when the standard sheet has no price for unit u (billedAs UNPRICED). */
  readonly unpriced: Uint16Array;
}

export function buildFilterTable(models: readonly Model[], sheets: readonly ModelSheets[]): FilterTable {
  const column = <A extends Uint8Array | Uint16Array | Float64Array>(
    make: new (n: number) => A,
    value: (m: Model, i: number) => number,
  ): A => {
    const out = new make(models.length);
    models.forEach((m, i) => {
      out[i] = value(m, i);
    });
    return out;
  };
  return {
    status: column(Uint8Array, (m) => MODEL_STATUSES.indexOf(m.status)),
    tier: column(Uint8Array, (m) => TIERS.indexOf(m.tier)),
    quality: column(Float64Array, (m) => m.quality),
    contextTokens: column(Float64Array, (m) => m.contextTokens),
    maxOutputTokens: column(Float64Array, (m) => m.maxOutputTokens ?? Infinity),
    freeTierOnly: column(Uint8Array, (m) => (m.freeTierOnly ? 1 : 0)),
    suited: column(Uint16Array, (m) => USE_CASES.reduce((bits, u, j) => (isSuited(m, u) ? bits | (1 << j) : bits), 0)),
    unpriced: column(Uint16Array, (_, i) => {
      const billedAs = (sheets[i] as ModelSheets).bands[0]?.billedAs ?? [];
      let bits = 0;
      for (let u = 0; u < UNIT_COUNT; u++) if (billedAs[u] === UNPRICED) bits |= 1 << u;
      return bits;
    }),
  };
}

/** The filters of one request as the column test reads them. */
export interface ColumnFilters {
  /** Index in MODEL_STATUSES, or -1 for any. */
  status: number;
  /** Bit t set for each tier kept (TIERS order). */
  tiers: number;
  /** The use case's bit (0 for none). */
  suited: number;
  minQuality: number;
  minContext: number;
}

/**
 * A request's filters, each typed from the model record field it tests: a
 * status, a tier, a use case, at least this quality and context.
 */
export type RecordFilters = Partial<{
  status: ModelData['status'];
  tier: ModelData['tier'];
  useCase: keyof ModelData['useCases'];
  minQuality: ModelData['quality'];
  minContext: ModelData['contextTokens'];
}>;

/** The filters as column values; `band`: the tiers of a quality band, kept too when set. */
export function columnFilters(
  { status, tier, useCase, minQuality, minContext }: { [K in keyof RecordFilters]?: RecordFilters[K] | undefined },
  band?: readonly Tier[],
): ColumnFilters {
  let tiers = 0;
  for (let i = 0; i < TIERS.length; i++) {
    const t = TIERS[i] as Tier;
    if ((tier === undefined || tier === t) && (band === undefined || band.includes(t))) tiers |= 1 << i;
  }
  return {
    status: status === undefined ? -1 : MODEL_STATUSES.indexOf(status),
    tiers,
    suited: useCase === undefined ? 0 : 1 << USE_CASES.indexOf(useCase),
    minQuality: minQuality ?? -Infinity,
    minContext: minContext ?? -Infinity,
  };
}
