import { describe, expect, it } from 'vitest';
import { blendedNanos, directCandidates, medianDirectDoor, type Candidate } from '../../../src/core/offers/reference-door.js';

const door = (slug: string, kind: Candidate['seller']['kind'], input: number, output: number, keptOut?: Candidate['keptOut']): Candidate => ({
  seller: { slug, kind }, keptOut, priced: { input, output },
});

describe('the median-priced vetted direct door', () => {
  it('blends 3 × input + output exactly, in 1e-9 USD (0.1 + 0.2 is no float sum)', () => {
    expect(blendedNanos({ input: 0.1, output: 0.2 })).toBe(500_000_000n);
    expect(blendedNanos({ input: 0.000000001, output: 0 })).toBe(3n);
  });
  it('ranks only vetted clouds and hosts, cheapest first, ties by seller slug', () => {
    const doors = [
      door('zeta', 'host', 0.15, 0.6), door('alpha', 'cloud', 0.15, 0.6), door('maker', 'maker', 0.01, 0.01),
      door('gate', 'gateway', 0.05, 0.1), door('trial', 'host', 0, 0, 'trial'), door('cheap', 'host', 0.05, 0.25),
      { seller: { slug: 'unpriced', kind: 'host' as const }, keptOut: undefined, priced: undefined },
    ];
    expect(directCandidates(doors).map((d) => d.seller.slug)).toEqual(['cheap', 'alpha', 'zeta']);
  });
  it('takes the middle one of an odd count and the lower middle of an even count; none without a candidate', () => {
    const three = [door('a', 'host', 1, 1), door('b', 'host', 2, 2), door('c', 'cloud', 3, 3)];
    expect(medianDirectDoor(three)?.seller.slug).toBe('b');
    expect(medianDirectDoor([...three, door('d', 'host', 4, 4)])?.seller.slug).toBe('b');
    expect(medianDirectDoor([door('x', 'host', 9, 9, 'outlier'), door('g', 'gateway', 1, 1)])).toBeUndefined();
  });
});
