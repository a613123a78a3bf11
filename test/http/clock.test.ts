import { describe, expect, it } from 'vitest';
import { fixedClock, today } from '../../src/lib/clock.js';
import { cacheControlAt } from '../../src/http/cache-control.js';
import { fixtureApp } from '../fixtures/catalogue.js';

describe('the one clock', () => {
  it('gives the UTC day, and moves when set', () => {
    const clock = fixedClock('2026-11-28');
    expect(today(clock)).toBe('2026-11-28');
    clock.set('2026-12-31T23:59:59Z');
    expect(today(clock)).toBe('2026-12-31');
    clock.set('2027-01-01');
    expect(today(clock)).toBe('2027-01-01');
  });

  it('ends every downstream cache of an answer at midnight UTC, counted from the end of the hour it is kept in', () => {
    // 10:20 UTC: kept until 11:00 at the latest; then fresh an hour, stale until midnight (13 h from 11:00).
    expect(cacheControlAt(fixedClock('2026-11-28T10:20:00Z'))).toBe(
      'public, max-age=3600, stale-while-revalidate=43200',
    );
    // 22:05: kept until 23:00, fresh until midnight, no stale serving.
    expect(cacheControlAt(fixedClock('2026-11-28T22:05:00Z'))).toBe('public, max-age=3600');
    // 23:30: the day's last hour: revalidated every time.
    expect(cacheControlAt(fixedClock('2026-11-28T23:30:00Z'))).toBe('public, max-age=0');
  });

  it('the answer cache keeps an answer within the hour it was made in, and says so in its header', async () => {
    const clock = fixedClock('2026-12-31T23:10:00Z');
    const app = fixtureApp({ clock });
    const path = 'http://localhost/api/calculate?model=alpha-nano';
    await app.request(path);
    const kept = await app.request(path);
    expect(kept.headers.get('cache-control')).toBe('public, max-age=0');
    expect(app.cache.size).toBeGreaterThan(0);
    clock.set('2027-01-01T00:00:00Z');
    const after = await app.request(path);
    // Emptied at the new hour (and day): the answer was made again, with the new day's header.
    expect(after.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=79200');
    expect(app.cache.size).toBeLessThanOrEqual(1);
  });
});
