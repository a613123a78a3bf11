/**
 * The server's one idea of "now": every answer that depends on the date (the prices in force
 * today, the twelve months a yearly cost covers, how long an answer may be cached) reads it from
 * the clock passed to createApp / createService (and the CLI and MCP), never from Date directly,
 * so that tests can fix it (`fixedClock('2026-11-28')`) and move it (`clock.set('2027-01-01')`).
 */

import { DAY_MS } from '../core/pricing/time-of-day.js';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The system's clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still at `date` (YYYY-MM-DD, 00:00 UTC, or an ISO instant) until set again. */
export interface FixedClock extends Clock {
  set(date: string): void;
}

export function fixedClock(date: string): FixedClock {
  const read = (text: string) => {
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(ms)) throw new Error(`fixedClock: not a date: ${text}`);
    return ms;
  };
  let ms = read(date);
  return {
    now: () => ms,
    set: (text) => {
      ms = read(text);
    },
  };
}

// The last day asked for, by its number: every request of a day asks for the same one.
let lastDay = { number: NaN, text: '' };

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(ms: number): string {
  const number = Math.floor(ms / DAY_MS);
  if (number !== lastDay.number) lastDay = { number, text: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.text;
}

/** The clock's UTC day, YYYY-MM-DD: the date an answer prices when it is not given one. */
export function today(clock: Clock): string {
  return dayOf(clock.now());
}
