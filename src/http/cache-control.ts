/**
 * How long an answer that depends on the date may be cached. Today moves at midnight UTC, and a
 * scheduled price change starts at a midnight UTC, so no such answer may be served, by this
 * service's answer cache or by any cache downstream, past the end of the UTC day it was made in.
 *
 * The answer cache keeps an answer within the UTC hour it was made in (it empties when the hour
 * changes: `hourNumber`), so it serves it at the latest at the end of that hour; the header it
 * carries is counted from there: max-age (at most an hour) plus stale-while-revalidate end at
 * midnight UTC. In the day's last hour that leaves nothing: `max-age=0`, revalidated by ETag.
 */
import type { Clock } from '../lib/clock.js';
import { DAY_MS } from '../core/pricing/time-of-day.js';

const HOUR_MS = 3_600_000;

/** The number of the clock's UTC hour since the epoch: the answer cache's period. */
export function hourNumber(clock: Clock): number {
  return Math.floor(clock.now() / HOUR_MS);
}

// The header of the last hour asked for: every answer made within one hour carries the same one.
let lastHour = { number: NaN, header: '' };

/** The Cache-Control of an answer made now (see the module comment). */
export function cacheControlAt(clock: Clock): string {
  const ms = clock.now();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour !== lastHour.number) lastHour = { number: hour, header: cacheControlOfHour(ms) };
  return lastHour.header;
}

function cacheControlOfHour(ms: number): string {
  const endOfHour = (Math.floor(ms / HOUR_MS) + 1) * HOUR_MS;
  const midnight = (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
  const total = Math.floor((midnight - endOfHour) / 1000);
  const maxAge = Math.min(3600, total);
  const stale = total - maxAge;
  return stale > 0 ? `public, max-age=${maxAge}, stale-while-revalidate=${stale}` : `public, max-age=${maxAge}`;
}
