/**
 * Price history: which prices a model had on a given day, and the list of its price changes,
 * read from the record's dated `priceHistory`. Pure: takes models, returns data.
 *
 * Rules (docs in the README, section "Where prices come from"):
 * - A dated price set applies from its `effectiveFrom` until the next one starts.
 * - The record's own prices are those in force on its `checkedOn`. When the last dated set on or
 *   before `checkedOn` has the same prices, the record continues it (from that set's date);
 *   otherwise the record's prices are known from `checkedOn` only.
 * - A model with no dated set on or before `checkedOn` is taken to have had the record's prices
 *   since its release (nothing records an earlier price); with no release date known, from its
 *   `checkedOn` only (the price before is unknown, never assumed).
 * - A scheduled set (after `checkedOn`) applies from its date, never before it.
 * - Before the model's release (`releaseDate`, else its first dated set) it did not exist; after
 *   release but before the first dated set the price is unknown (a dated set says the price
 *   started then, so an earlier one may have been different).
 * - Long-context, off-peak and 1-hour cache-write prices are recorded for the record's own prices
 *   only, so only the price set that the record continues carries them.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { SET_PRICE_FIELDS } from '../schema/price-schemas.js';
import type { PriceBlock, RequiredPriceField } from '../schema/units.js';
import { priceNanos } from './cost.js';
import { inForce } from './in-force.js';

/** The prices of one price set, USD per 1M tokens. */
/** A dated set's prices: the price block of SET_PRICE_FIELDS. */
export type Prices = PriceBlock<(typeof SET_PRICE_FIELDS)[number]>;

/** Prices a record holds for its own (current) price set; a dated set may carry its own longContext. */
const OWN_ONLY = ['longContext', 'longContextSteps', 'offPeak', 'cacheWrite1h'] as const;
type OwnOnly = Partial<Pick<Model, (typeof OWN_ONLY)[number]>>;
/** Every price a set may carry: a model as of a day takes each from the set in force, or lacks it. */
const SET_FIELDS = [...SET_PRICE_FIELDS, ...OWN_ONLY] as const;

/** The record's own-only prices that it has. */
function ownOnly(model: Model): OwnOnly {
  const out: Record<string, unknown> = {};
  for (const field of OWN_ONLY) if (model[field] !== undefined) out[field] = model[field];
  return out as OwnOnly;
}

/** One price set of a model's timeline. */
export interface PriceSet extends Prices, OwnOnly {
  /** First day in force (YYYY-MM-DD); null when it has applied for as long as the data knows. */
  effectiveFrom: string | null;
  /** Where this price set comes from. */
  source: string;
  note?: string;
}

/** The answer of priceOn: a price set, or why there is none on that day. */
export type PriceOn =
  | { kind: 'priced'; set: PriceSet }
  | { kind: 'not-released'; releasedOn: string }
  | { kind: 'unknown'; knownFrom: string };

export interface PriceChange {
  model: Model;
  /** The day the new prices take effect. */
  date: string;
  from: Prices;
  to: Prices;
  /** The change takes effect after the day the price was last checked (announced in advance). */
  scheduled: boolean;
  source: string;
  note?: string;
}

/** Prices as a record or a zod-parsed entry holds them (optional fields may be undefined). */
type PriceFields = Record<RequiredPriceField, number> & {
  [K in (typeof SET_PRICE_FIELDS)[number]]?: number | undefined;
};

/** Just the price fields of a dated set (SET_PRICE_FIELDS), absent ones left out. */
export function pricesOf(p: PriceFields): Prices {
  const prices: Prices = { input: p.input, output: p.output };
  for (const field of SET_PRICE_FIELDS) if (p[field] !== undefined) prices[field] = p[field];
  return prices;
}

export function samePrices(a: PriceFields, b: PriceFields): boolean {
  return SET_PRICE_FIELDS.every((field) => a[field] === b[field]);
}

function withNote<T extends object>(value: T, note: string | undefined): T & { note?: string } {
  return note === undefined ? value : { ...value, note };
}

/** The model's price sets, oldest first; see the module comment for the rules. */
export function priceTimeline(model: Model): PriceSet[] {
  const entries = [...(model.priceHistory ?? [])].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  const sets: PriceSet[] = entries
    .filter((e) => e.effectiveFrom <= model.checkedOn)
    .map((e) =>
      withNote(
        {
          ...pricesOf(e),
          ...(e.longContext ? { longContext: e.longContext } : {}),
          effectiveFrom: e.effectiveFrom,
          source: e.source,
        },
        e.note,
      ),
    );
  const own: PriceSet = {
    ...pricesOf(model),
    ...ownOnly(model),
    effectiveFrom: model.checkedOn,
    source: model.priceSource,
  };
  const last = sets.at(-1);
  if (!last) {
    sets.push({ ...own, effectiveFrom: model.releaseDate ?? model.checkedOn });
  } else if (samePrices(last, own)) {
    Object.assign(last, ownOnly(model));
  } else {
    sets.push(own);
  }
  for (const e of entries) {
    if (e.effectiveFrom > model.checkedOn) {
      sets.push(withNote({ ...pricesOf(e), effectiveFrom: e.effectiveFrom, source: e.source }, e.note));
    }
  }
  return sets;
}

const timelines = new WeakMap<Model, PriceSet[]>();
/** The record's price sets, made once per record; shared: never change them. */
export function timelineOf(record: Model): PriceSet[] {
  let sets = timelines.get(record);
  if (sets === undefined) timelines.set(record, (sets = priceTimeline(record)));
  return sets;
}

/**
 * The first day the model existed, when known: its release date or its first dated price on or
 * before checkedOn, whichever is earlier (a scheduled price says nothing about the release).
 */
export function firstDay(model: Model): string | undefined {
  const first = (model.priceHistory ?? [])
    .map((e) => e.effectiveFrom)
    .filter((d) => d <= model.checkedOn)
    .sort()[0];
  if (model.releaseDate === undefined) return first;
  return first !== undefined && first < model.releaseDate ? first : model.releaseDate;
}

/** The price set in force on `date` (YYYY-MM-DD). */
export function priceOn(model: Model, date: string): PriceOn {
  const released = firstDay(model);
  if (released !== undefined && date < released) return { kind: 'not-released', releasedOn: released };
  const sets = timelineOf(model);
  const set = inForce(sets, date);
  if (set) return { kind: 'priced', set };
  // Every set has a date after `date`: the earliest known price started later.
  return { kind: 'unknown', knownFrom: sets[0]?.effectiveFrom ?? date };
}

/**
 * The model as it was priced on `date`: the record with the prices (and long-context, off-peak and
 * 1-hour cache-write prices) in force that day, or the reason there is no price that day.
 */
export type ModelOn = { kind: 'priced'; model: Model; set: PriceSet } | Exclude<PriceOn, { kind: 'priced' }>;

export function modelOn(model: Model, date: string): ModelOn {
  const found = priceOn(model, date);
  if (found.kind !== 'priced') return found;
  const { set } = found;
  // Every price comes from the set in force, so a price it lacks is absent, not stale. (Copied
  // over the record so the fields keep their places in the JSON.)
  const priced: Model = { ...model };
  for (const field of SET_FIELDS) {
    if (set[field] === undefined) delete priced[field];
    else Object.assign(priced, { [field]: set[field] });
  }
  return { kind: 'priced', model: priced, set };
}

/** Every price change of the given models, newest first (same day: by model id). */
export function priceChanges(models: readonly Model[]): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const model of models) {
    const sets = priceTimeline(model);
    for (let i = 1; i < sets.length; i++) {
      const before = sets[i - 1];
      const after = sets[i];
      if (!before || !after || after.effectiveFrom === null || samePrices(before, after)) continue;
      changes.push(
        withNote(
          {
            model,
            date: after.effectiveFrom,
            from: pricesOf(before),
            to: pricesOf(after),
            scheduled: after.effectiveFrom > model.checkedOn,
            source: after.source,
          },
          after.note,
        ),
      );
    }
  }
  return changes.sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.model.id < b.model.id ? -1 : a.model.id > b.model.id ? 1 : 0,
  );
}

/** The change of a price in percent, to two decimals (half away from zero); undefined from 0. */
export function percentChange(from: number, to: number): number | undefined {
  if (from === 0) return undefined;
  // Prices have at most 9 decimals: as integers the ratio is exact before the one rounding.
  const a = priceNanos(from);
  const b = priceNanos(to);
  const diff = b - a;
  const sign = diff < 0n ? -1n : 1n;
  const hundredths = (sign * diff * 10_000n * 2n + a) / (a * 2n);
  return Number(sign * hundredths) / 100;
}

/**
 * The date of the dated price (priceHistory) the record's own prices continue, when they continue
 * one: the first day of the price set in force on its checkedOn, if a dated set starts that day.
 */
export function continuedFrom(model: Model): string | undefined {
  if (!model.priceHistory?.length) return undefined;
  const found = priceOn(model, model.checkedOn);
  if (found.kind !== 'priced') return undefined;
  const from = found.set.effectiveFrom;
  return model.priceHistory.some((entry) => entry.effectiveFrom === from) ? (from ?? undefined) : undefined;
}
