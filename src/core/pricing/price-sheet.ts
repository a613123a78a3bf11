/**
 * A model's price sheets: one per band (standard, then each long-context step), per service tier
 * and for the off-peak hours, each keyed by unit. Built once per model record when the
 * catalogue loads, so pricing a request reads arrays and parses nothing.
 */
import { PAID_TIERS } from '../schema/service-tiers.js';
import type { Model, TierPrices, UnitPrices } from '../schema/catalogue-schema.js';
import { bandVerb, formatContext } from './context-window.js';
import { parseScaled } from '../schema/money.js';
import {
  PRICE_FIELDS,
  resolveUnits,
  U,
  UNIT_COUNT,
  UNITS,
  UNPRICED,
  type PriceField,
  type RequiredPriceField,
} from '../schema/units.js';

/** Service tiers a provider may sell besides standard (each model's own tier prices, where it has them). */
export const SERVICE_TIERS = ['standard', ...PAID_TIERS] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];
export type PaidTier = Exclude<ServiceTier, 'standard'>;

/** One set of prices, keyed by unit. */
export interface Sheet {
  /** "standard", a long-context band ("above 272K" or "from 272K"), or a service tier's name. */
  readonly name: string;
  readonly threshold: number;
  /** Each unit's price (its own, else its nearest priced ancestor's) as an integer: USD × 10^digits. */
  readonly prices: readonly number[];
  /** The same prices in USD, as the record writes them. */
  readonly usd: readonly number[];
  /** The unit whose price bills each unit (itself when it has its own; UNPRICED when none). */
  readonly billedAs: readonly number[];
  /** On a service tier's sheet: the units the tier publishes no price for, billed as the standard sheet bills them. */
  readonly fromStandard: readonly boolean[];
}

export interface ModelSheets {
  readonly model: Model;
  /** Prices are held as USD × 10^digits: exact integers (a price has at most 9 decimals). */
  readonly digits: number;
  /** The standard prices, then the long-context steps, thresholds ascending. */
  readonly bands: readonly Sheet[];
  /** The service tiers the model sells, each one sheet (providers publish tier prices for the standard band only). */
  readonly tiers: Readonly<Partial<Record<PaidTier, Sheet>>>;
  readonly offPeak: Sheet | undefined;
  /** The largest price of any sheet: with a request's total quantity, it bounds every sum (overflow guard). */
  readonly maxPrice: number;
  // What pricing reads of the record, copied here: records differ in shape (optional fields), so
  // reading them in a ranking's loop over every model is slow; sheets all have this one shape.
  /** The record's longContextRule is "at": a band starts at its threshold, not above it. */
  readonly fromThreshold: boolean;
  /** The percent of token prices paid in batch mode: 100 less the batch discount (100 with no batch API). */
  readonly batchPaid: number;
  readonly offPeakRecord: Model['offPeak'];
}

type Own = Array<number | undefined>;

/** The decimals a price needs (0 to 9): the fewest whose scaled integer gives the price back. */
function decimals(value: number | undefined): number {
  if (value === undefined) return 0;
  for (let d = 0; d < 9; d++) {
    const scale = 10 ** d;
    if (Math.round(value * scale) / scale === value) return d;
  }
  return 9;
}

/** A price block as a record, band, off-peak set or tier holds it (PRICE_FIELDS; absent fields may be undefined). */
type TextPrices = Record<RequiredPriceField, number> & { [K in PriceField]?: number | undefined };

/** The decimals the model's prices need (0 to 9). */
export function priceDigits(model: Model): number {
  let digits = 0;
  const sets: Array<TextPrices | undefined> = [
    model,
    model.longContext,
    ...(model.longContextSteps ?? []),
    model.offPeak,
    model.serviceTiers?.flex,
    model.serviceTiers?.priority,
    model.serviceTiers?.fast,
  ];
  for (const set of sets) {
    if (set) for (const field of PRICE_FIELDS) digits = Math.max(digits, decimals(set[field]));
  }
  for (const price of unitPriceValues(model.unitPrices)) digits = Math.max(digits, decimals(price));
  return digits;
}

function unitPriceValues(p: UnitPrices | undefined): Own {
  const own: Own = new Array<number | undefined>(UNIT_COUNT).fill(undefined);
  if (!p) return own;
  own[U.inputAudio] = p.inputAudio;
  own[U.cachedInputAudio] = p.cachedInputAudio;
  own[U.outputAudio] = p.outputAudio;
  own[U.inputImage] = p.inputImage;
  own[U.outputImage] = p.outputImage;
  own[U.inputVideo] = p.inputVideo;
  own[U.outputVideo] = p.outputVideo;
  own[U.outputReasoning] = p.outputReasoning;
  own[U.webSearches] = p.webSearches;
  own[U.requests] = p.requests;
  return own;
}

function sheet(name: string, threshold: number, own: Own, digits: number): Sheet {
  const billedAs = resolveUnits(own);
  const usd: number[] = new Array<number>(UNIT_COUNT).fill(0);
  const prices: number[] = new Array<number>(UNIT_COUNT).fill(0);
  for (let u = 0; u < UNIT_COUNT; u++) {
    const from = billedAs[u] as number;
    const value = from < UNIT_COUNT ? (own[from] as number) : 0;
    usd[u] = value;
    prices[u] = scaledPrice(value, digits);
  }
  return { name, threshold, prices, usd, billedAs, fromStandard: NONE_FROM_STANDARD };
}

const NONE_FROM_STANDARD: readonly boolean[] = Object.freeze(new Array<boolean>(UNIT_COUNT).fill(false));

/**
 * A tier's sheet: its own prices, and each unit it publishes no price for as the standard sheet
 * bills it (own price or fallback), never at a tier price of another unit: a tier's input price
 * says nothing of its cache reads or audio, and no price is scaled from another.
 */
function tierSheet(name: string, own: Own, standard: Sheet, digits: number): Sheet {
  const t = sheet(name, 0, own, digits);
  const prices = [...t.prices];
  const usd = [...t.usd];
  const billedAs = [...t.billedAs];
  const fromStandard = [...t.fromStandard];
  for (let u = 0; u < UNIT_COUNT; u++) {
    if (own[u] !== undefined) continue;
    prices[u] = standard.prices[u] as number;
    usd[u] = standard.usd[u] as number;
    billedAs[u] = standard.billedAs[u] as number;
    fromStandard[u] = billedAs[u] !== UNPRICED;
  }
  return { name, threshold: 0, prices, usd, billedAs, fromStandard };
}

/** The units of these leaf counts a tier's sheet bills at standard prices, in UNITS order. */
export function standardPricedUnits(s: Sheet, counts: ArrayLike<number>): number[] {
  const units: number[] = [];
  for (let u = 0; u < UNIT_COUNT; u++) if (s.fromStandard[u] && (counts[u] as number) > 0) units.push(u);
  return units;
}

/**
 * The price as the integer USD × 10^digits. The rounded product is that integer exactly when the
 * price has at most `digits` decimals: dividing it back then gives the very number read from the
 * record (distinct decimals of 9 places below 10^6 USD are distinct doubles); else parseScaled decides.
 */
function scaledPrice(value: number, digits: number): number {
  const scale = 10 ** digits;
  const n = Math.round(value * scale);
  if (n / scale === value && n < 2 ** 53) return n;
  const exact = parseScaled(value, digits);
  if (exact === undefined) throw new RangeError(`price ${value} has more than ${digits} decimals`);
  return Number(exact);
}

/** The text prices of a set, on top of the model's unit prices. */
function withText(
  extras: Own,
  input: number,
  output: number,
  cachedInput: number | undefined,
  write5m: number | undefined,
  write1h: number | undefined,
): Own {
  const own = [...extras];
  own[U.input] = input;
  own[U.output] = output;
  own[U.cachedInput] = cachedInput;
  own[U.cacheWrite5m] = write5m;
  own[U.cacheWrite1h] = write1h;
  return own;
}

/** The model's sheets, its prices held at 10^digits (at least its own priceDigits). */
export function buildSheets(model: Model, digits = priceDigits(model)): ModelSheets {
  const extras = unitPriceValues(model.unitPrices);
  const verb = bandVerb(model.longContextRule);
  const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
  const bands = [
    sheet(
      'standard',
      0,
      withText(extras, model.input, model.output, model.cachedInput, model.cacheWrite, model.cacheWrite1h),
      digits,
    ),
    // A step's cache prices are its own where it publishes them, else the model's.
    ...steps.map((s) =>
      sheet(
        `${verb} ${formatContext(s.threshold)}`,
        s.threshold,
        withText(
          extras,
          s.input,
          s.output,
          s.cachedInput ?? model.cachedInput,
          s.cacheWrite ?? model.cacheWrite,
          s.cacheWrite1h ?? model.cacheWrite1h,
        ),
        digits,
      ),
    ),
  ];
  const tiers: Partial<Record<PaidTier, Sheet>> = {};
  for (const [tier, t] of Object.entries(model.serviceTiers ?? {}) as Array<[PaidTier, TierPrices]>) {
    // A tier's unpublished units are billed at standard prices (tierSheet; a warning names them).
    const own = new Array<number | undefined>(UNIT_COUNT).fill(undefined);
    // Fees are per search and per request, not per token: the same in every tier.
    own[U.webSearches] = extras[U.webSearches];
    own[U.requests] = extras[U.requests];
    own[U.input] = t.input;
    own[U.output] = t.output;
    own[U.cachedInput] = t.cachedInput;
    own[U.cacheWrite5m] = t.cacheWrite;
    tiers[tier] = tierSheet(tier, own, bands[0] as Sheet, digits);
  }
  const off = model.offPeak;
  // Off-peak: its own input, output and cache reads (unpublished reads at its input); the model's published write prices.
  const offPeak =
    off &&
    sheet(
      'off-peak',
      0,
      withText(extras, off.input, off.output, off.cachedInput, model.cacheWrite, model.cacheWrite1h),
      digits,
    );
  let maxPrice = 0;
  for (const s of [...bands, ...Object.values(tiers), ...(offPeak ? [offPeak] : [])])
    for (const p of s.prices) if (p > maxPrice) maxPrice = p;
  return {
    model,
    digits,
    bands,
    tiers,
    offPeak,
    maxPrice,
    fromThreshold: model.longContextRule === 'at',
    batchPaid: 100 - (model.batch?.discountPercent ?? 0),
    offPeakRecord: model.offPeak,
  };
}

/** Whether the sheet prices this unit at a price of its own (not an ancestor's). */
export const ownPrice = (s: Sheet, unit: number): boolean => s.billedAs[unit] === unit;

/** The unit names, for messages. */
export const unitKey = (unit: number): string => (UNITS[unit] as { key: string }).key;
