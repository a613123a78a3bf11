/**
 * Time-of-day pricing: when requests run, and whether a moment falls in a model's off-peak times. Not a
 * second rule of the price in force: the set in force on the day (inForce) holds the off-peak prices and
 * times, and the moment picks its peak or off-peak sheet, as a prompt's size picks a band.
 */
import type { ModelData } from '../schema/catalogue-schema.js';
import { inForce } from './in-force.js';

/**
 * When the requests run, for models with off-peak prices: a share of the traffic (percent, 0 to
 * 100) run in the off-peak times; one moment of the day (seconds after 00:00 UTC, on a weekday);
 * or one instant (milliseconds since the epoch), whose weekday counts too.
 */
export type TimeOfDay = { offPeakPercent: number } | { utcSecond: number } | { instantMs: number };

export type OffPeak = NonNullable<ModelData['offPeak']>;
export interface UtcWindow {
  startUtc: string;
  endUtc: string;
}

/** Milliseconds in a UTC day (no leap seconds in Unix time). */
export const DAY_MS = 86_400_000;

/** Seconds in an HH:MM text: after midnight UTC, or an offset's size. */
function secondOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return (h * 60 + m) * 60;
}

/** Whether a moment of the day falls in the window [start, end), which may wrap midnight. */
export function inWindow(utcSecond: number, startUtc: string, endUtc: string): boolean {
  const start = secondOf(startUtc);
  const end = secondOf(endUtc);
  return start < end ? utcSecond >= start && utcSecond < end : utcSecond >= start || utcSecond < end;
}

/** The daily off-peak windows of a record: its `windows`, or its one startUtc-endUtc. */
export function offPeakWindows(offPeak: OffPeak): UtcWindow[] {
  if (offPeak.windows) return offPeak.windows;
  return [{ startUtc: offPeak.startUtc ?? '00:00', endUtc: offPeak.endUtc ?? '00:00' }];
}

/** The off-peak times in words: `10:00-01:00 and 04:00-06:00 UTC, all weekend (UTC+08:00) since 2026-08-23`. */
export function describeOffPeak(offPeak: OffPeak): string {
  const windows = `${offPeakWindows(offPeak)
    .map((w) => `${w.startUtc}-${w.endUtc}`)
    .join(' and ')} UTC`;
  const weekends = offPeak.weekends;
  if (!weekends) return windows;
  return `${windows}, all weekend (UTC${weekends.utcOffset})${weekends.since ? ` since ${weekends.since}` : ''}`;
}

/** Whether an instant falls on a Saturday or Sunday of the offset's (`+08:00`) local time, from the local day `since` on. */
export function onWeekend(instantMs: number, { utcOffset, since }: NonNullable<OffPeak['weekends']>): boolean {
  const local = new Date(instantMs + (utcOffset.startsWith('-') ? -1000 : 1000) * secondOf(utcOffset.slice(1)));
  const day = local.getUTCDay();
  if (day !== 0 && day !== 6) return false;
  return since === undefined || inForce([since], local.toISOString().slice(0, 10)) !== undefined;
}

/** The second of the UTC day an instant falls on. */
export function utcSecondOf(instantMs: number): number {
  return Math.floor((((instantMs % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
}

/**
 * Whether a moment is off-peak: on a weekend of the record's `weekends` rule (an instant only; a
 * time of day alone is taken to be on a weekday), or in one of its daily windows.
 */
export function isOffPeak(offPeak: OffPeak, time: { utcSecond: number } | { instantMs: number }): boolean {
  if ('instantMs' in time && offPeak.weekends && onWeekend(time.instantMs, offPeak.weekends)) return true;
  const second = 'instantMs' in time ? utcSecondOf(time.instantMs) : time.utcSecond;
  return offPeakWindows(offPeak).some((w) => inWindow(second, w.startUtc, w.endUtc));
}
