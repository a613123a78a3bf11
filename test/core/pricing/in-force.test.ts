/** inForce: the last dated entry started by a day, as genai-prices picks the active price. */
import { describe, expect, it } from 'vitest';
import { inForce } from '../../../src/core/pricing/in-force.js';

const sets = [
  { effectiveFrom: null, name: 'always' },
  { effectiveFrom: '2026-03-01', name: 'march' },
  { effectiveFrom: '2026-07-15', name: 'july' },
];

describe('inForce', () => {
  it('takes the last set started on the day, from its first day on', () => {
    expect(inForce(sets, '2026-02-28')?.name).toBe('always');
    expect(inForce(sets, '2026-03-01')?.name).toBe('march');
    expect(inForce(sets, '2026-07-14')?.name).toBe('march');
    expect(inForce(sets, '2026-07-15')?.name).toBe('july');
    expect(inForce(sets, '2030-01-01')?.name).toBe('july');
  });

  it('has nothing in force before the first dated start', () => {
    expect(inForce(sets.slice(1), '2026-02-28')).toBeUndefined();
    expect(inForce([], '2026-02-28')).toBeUndefined();
  });

  it('reads a date string as its own start', () => {
    expect(inForce(['2026-01-01', '2026-06-01'], '2026-05-31')).toBe('2026-01-01');
    expect(inForce(['2026-01-01', '2026-06-01'], '2026-06-01')).toBe('2026-06-01');
    expect(inForce(['2026-01-01'], '2025-12-31')).toBeUndefined();
  });
});
