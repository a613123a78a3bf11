/**
 * Costs that follow the price schedule. perRequest, daily and monthly are at the prices in force
 * on the date priced; yearly is the twelve months from that date, month k running from the date
 * plus k months (a day that month lacks: its last day) to the day before the next, each month
 * billed at the prices in force on most of its days (a tie: the later prices). With no change
 * within the twelve months, that is monthly × 12. docs/pricing-rules.md states it with an example.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { requestNumerator, requestUsd, type Workload } from './cost.js';
import type { Usd } from '../schema/money.js';
import { modelOn, percentChange, pricesOf, samePrices, timelineOf, type PriceSet, type Prices } from './history.js';
import { inForce } from './in-force.js';
import { buildSheets } from './price-sheet.js';
import type { Warning } from './warnings.js';
import { DAY_MS } from './time-of-day.js';

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `date` plus `months` calendar months; a day the month lacks becomes its last day (01-31 + 1 = 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** A change of the model's prices after the date priced and within the twelve months from it. */
export interface ScheduledChange {
  date: string;
  from: Prices;
  to: Prices;
  /** Percent change per price field that changes (from a non-zero price). */
  percent: Partial<Record<keyof Prices, number>>;
  source: string;
}

// The end of the twelve months from the last date asked for (every answer of a day asks for the same).
let lastYear = { date: '', end: '' };

/** The price sets that start after `date` and before the end of the twelve months from it. */
function setsAhead(record: Model, date: string): PriceSet[] {
  const sets = timelineOf(record);
  // Most records have their last price set in force on the date priced: nothing to look for.
  if (inForce(sets, date) === sets.at(-1)) return [];
  if (lastYear.date !== date) lastYear = { date, end: addMonths(date, 12) };
  const end = lastYear.end;
  return sets.filter((s) => s.effectiveFrom !== null && s.effectiveFrom > date && s.effectiveFrom < end);
}

/** The changes of the record's prices within the twelve months after `date`, soonest first. */
export function changesWithinYear(record: Model, date: string): ScheduledChange[] {
  const sets = timelineOf(record);
  const changes: ScheduledChange[] = [];
  for (const set of setsAhead(record, date)) {
    const before = sets[sets.indexOf(set) - 1];
    if (!before || samePrices(before, set)) continue;
    const from = pricesOf(before);
    const to = pricesOf(set);
    const percent: ScheduledChange['percent'] = {};
    for (const field of ['input', 'output', 'cachedInput', 'cacheWrite'] as const) {
      const a = from[field];
      const b = to[field];
      const p = a !== undefined && b !== undefined && a !== b ? percentChange(a, b) : undefined;
      if (p !== undefined) percent[field] = p;
    }
    changes.push({ date: set.effectiveFrom as string, from, to, percent, source: set.source });
  }
  return changes;
}

/** "rises 100% on 2027-01-01", "falls 20% on ...", or per price when they move apart. */
export function changePhrase(change: ScheduledChange): string {
  const values = Object.entries(change.percent);
  const all = values.map(([, p]) => p);
  if (all.length && all.every((p) => p === all[0])) {
    const p = all[0] as number;
    return `${p > 0 ? 'rises' : 'falls'} ${Math.abs(p)}% on ${change.date}`;
  }
  const parts = values.map(([field, p]) => `${field} ${p > 0 ? '+' : ''}${p}%`);
  return `changes price on ${change.date}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** The first day of each of the twelve months from `date`, and the day after the last. */
function monthStarts(date: string): string[] {
  return Array.from({ length: 13 }, (_, k) => addMonths(date, k));
}

/** The day (YYYY-MM-DD) whose prices bill the month [start, end): those in force on most of its days. */
function billingDay(start: string, end: string, changeDays: readonly string[]): string {
  const inside = changeDays.filter((d) => d > start && d < end);
  if (!inside.length) return start;
  const bounds = [start, ...inside, end];
  let best = start;
  let bestDays = -1;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const days = (dayMs(bounds[i + 1] as string) - dayMs(bounds[i] as string)) / DAY_MS;
    if (days >= bestDays) {
      best = bounds[i] as string;
      bestDays = days;
    }
  }
  return best;
}

/**
 * The yearly cost of the workload from `date` under the record's schedule, or `monthly × 12`
 * (`costsYearly`) when nothing changes within the twelve months. `record` is the catalogue's
 * model (its priceHistory and own prices), not one re-priced for a date.
 */
export function scheduledYearly(record: Model, workload: Workload, date: string, costsYearly: Usd): Usd {
  const ahead = setsAhead(record, date);
  if (!ahead.length) return costsYearly;
  const changeDays = ahead.map((s) => s.effectiveFrom as string);
  const starts = monthStarts(date);
  // Each month's exact numerator (over 1e21 USD), summed and rounded once, as every figure is.
  const monthly = new Map<string, bigint>();
  let sum = 0n;
  for (let k = 0; k < 12; k++) {
    const day = billingDay(starts[k] as string, starts[k + 1] as string, changeDays);
    // The prices on that day are those of the last change on or before it (or the date's own).
    const key = inForce(changeDays, day) ?? date;
    let cost = monthly.get(key);
    if (cost === undefined) {
      const found = modelOn(record, key);
      const priced = found.kind === 'priced' ? found.model : record;
      cost =
        requestNumerator(priced, workload, buildSheets(priced)) * BigInt(workload.requests) * BigInt(workload.days);
      monthly.set(key, cost);
    }
    sum += cost;
  }
  return requestUsd(sum);
}

const money = (n: number | undefined) => (n === undefined ? undefined : `$${n}`);

/**
 * A price_change_scheduled warning per change of the record's prices within the twelve months
 * after `date` (the date priced): the day, the new prices, the percent and the source.
 */
export function scheduleWarnings(record: Model, date: string): Warning[] {
  return changesWithinYear(record, date).map((change) => {
    const moves = (['input', 'output', 'cachedInput', 'cacheWrite'] as const)
      .filter((f) => change.from[f] !== change.to[f] && change.to[f] !== undefined)
      .map((f) => `${f} ${money(change.from[f]) ?? 'none'} to ${money(change.to[f])}`);
    return {
      code: 'price_change_scheduled' as const,
      message: `${record.name} ${changePhrase(change)} (per 1M tokens: ${moves.join(', ')}; source: ${change.source}). perRequest, daily and monthly are at the prices of ${date}; yearly counts the change.`,
      change: { date: change.date, to: change.to, percent: change.percent, source: change.source },
    };
  });
}
