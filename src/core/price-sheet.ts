/**
 * A model's price sheets: one per band (standard, then each long-context step), per service tier
 * and for the off-peak hours, each keyed by unit (units.ts). Built once per model record when the
 * catalogue loads (catalogue.ts), so pricing a request reads arrays and parses nothing.
 */
import type { Model, TierPrices, UnitPrices } from './catalogue-schema.js';
import { bandVerb, formatContext } from './context-window.js';
import { parseScaled } from './money.js';
import { resolveUnits, U, UNIT_COUNT, UNITS } from './units.js';

/** Service tiers a provider may sell besides standard (each model's own tier prices, where it has them). */
export const SERVICE_TIERS = ['standard', 'flex', 'priority', 'fast'] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];
export type PaidTier = Exclude<ServiceTier, 'standard'>;

/** One set of prices, keyed by unit. */
export interface Sheet {
  /** "standard", a long-context band ("above 272K" or "from 272K"), or a service tier's name. */
  readonly name: string;
  readonly threshold: number;
  /** Each unit's price (its own, else its nearest priced ancestor's) as an integer: USD × 10^digits. */
  readonly prices: Float64Array;
  /** The same prices in USD, as the record writes them. */
  readonly usd: Float64Array;
  /** The unit whose price bills each unit (itself when it has its own; UNPRICED when none). */
  readonly billedAs: Uint8Array;
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
}

type Own = Array<number | undefined>;

/** The decimals the model's prices need (0 to 9). */
export function priceDigits(model: Model): number {
  let digits = 0;
  const visit = (value: unknown): void => {
    if (typeof value === 'number') {
      const text = String(value);
      const fraction = /e-(\d+)$/.exec(text) ? 9 : (text.split('.')[1]?.length ?? 0);
      if (fraction > digits) digits = Math.min(fraction, 9);
    } else if (value && typeof value === 'object') {
      for (const v of Object.values(value)) visit(v);
    }
  };
  visit([model.input, model.output, model.cachedInput, model.cacheWrite, model.cacheWrite1h, model.longContext, model.longContextSteps,
    model.offPeak && [model.offPeak.input, model.offPeak.output, model.offPeak.cachedInput], unitPriceValues(model.unitPrices),
    model.serviceTiers && Object.values(model.serviceTiers).map((t) => t && [t.input, t.output, t.cachedInput, t.cacheWrite])]);
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
  const billedAs = resolveUnits(own.map((p) => p !== undefined));
  const usd = new Float64Array(UNIT_COUNT);
  const prices = new Float64Array(UNIT_COUNT);
  for (let u = 0; u < UNIT_COUNT; u++) {
    const from = billedAs[u] as number;
    const value = from < UNIT_COUNT ? (own[from] as number) : 0;
    const scaled = parseScaled(value, digits);
    if (scaled === undefined) throw new RangeError(`price ${value} has more than ${digits} decimals`);
    usd[u] = value;
    prices[u] = Number(scaled);
  }
  return { name, threshold, prices, usd, billedAs };
}

/** The text prices of a set, on top of the model's unit prices. */
function withText(extras: Own, input: number, output: number, cachedInput: number | undefined, write5m: number | undefined, write1h: number | undefined): Own {
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
    sheet('standard', 0, withText(extras, model.input, model.output, model.cachedInput, model.cacheWrite, model.cacheWrite1h), digits),
    // A step's cache prices are its own where it publishes them, else the model's.
    ...steps.map((s) => sheet(`${verb} ${formatContext(s.threshold)}`, s.threshold,
      withText(extras, s.input, s.output, s.cachedInput ?? model.cachedInput, s.cacheWrite ?? model.cacheWrite, s.cacheWrite1h ?? model.cacheWrite1h), digits)),
  ];
  const tiers: Partial<Record<PaidTier, Sheet>> = {};
  for (const [tier, t] of Object.entries(model.serviceTiers ?? {}) as Array<[PaidTier, TierPrices]>) {
    // A tier's unpublished units fall back within the tier (warnings.ts says when the standard sheet prices them itself).
    const own = new Array<number | undefined>(UNIT_COUNT).fill(undefined);
    // Fees are per search and per request, not per token: the same in every tier.
    own[U.webSearches] = extras[U.webSearches];
    own[U.requests] = extras[U.requests];
    own[U.input] = t.input;
    own[U.output] = t.output;
    own[U.cachedInput] = t.cachedInput;
    own[U.cacheWrite5m] = t.cacheWrite;
    tiers[tier] = sheet(tier, 0, own, digits);
  }
  const off = model.offPeak;
  // Off-peak: its own input, output and cache reads (unpublished reads at its input); the model's published write prices.
  const offPeak = off && sheet('off-peak', 0, withText(extras, off.input, off.output, off.cachedInput, model.cacheWrite, model.cacheWrite1h), digits);
  let maxPrice = 0;
  for (const s of [...bands, ...Object.values(tiers), ...(offPeak ? [offPeak] : [])]) for (const p of s.prices) if (p > maxPrice) maxPrice = p;
  return { model, digits, bands, tiers, offPeak, maxPrice };
}

/** Whether the sheet prices this unit at a price of its own (not an ancestor's). */
export const ownPrice = (s: Sheet, unit: number): boolean => s.billedAs[unit] === unit;

/** The unit names, for messages. */
export const unitKey = (unit: number): string => (UNITS[unit] as { key: string }).key;
