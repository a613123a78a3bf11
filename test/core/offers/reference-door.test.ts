import { describe, expect, it } from 'vitest';
import {
  blendedNanos,
  directCandidates,
  medianDirectDoor,
  type Candidate,
} from '../../../src/core/offers/reference-door.js';

const door = (
  slug: string,
  kind: Candidate['seller']['kind'],
  input: number,
  output: number,
  keptOut?: Candidate['keptOut'],
  limits: Pick<Candidate, 'contextTokens' | 'maxOutputTokens'> = {},
): Candidate => ({
  seller: { slug, kind },
  keptOut,
  priced: { input, output },
  ...limits,
});

describe('the median-priced vetted direct door', () => {
  it('blends 3 × input + output exactly, in 1e-9 USD (0.1 + 0.2 is no float sum)', () => {
    expect(blendedNanos({ input: 0.1, output: 0.2 })).toBe(500_000_000n);
    expect(blendedNanos({ input: 0.000000001, output: 0 })).toBe(3n);
  });
  it('ranks only vetted clouds and hosts, cheapest first, ties (with the same limits) by seller slug', () => {
    const doors = [
      door('zeta', 'host', 0.15, 0.6),
      door('alpha', 'cloud', 0.15, 0.6),
      door('maker', 'maker', 0.01, 0.01),
      door('gate', 'gateway', 0.05, 0.1),
      door('trial', 'host', 0, 0, 'trial'),
      door('cheap', 'host', 0.05, 0.25),
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
  it('of the doors at the median price, takes the widest: context window, then largest output (unknown counts as none), then slug', () => {
    const wide = { contextTokens: 131_072, maxOutputTokens: 131_072 };
    const doors = [
      door('cheap', 'host', 1, 1),
      door('alpha', 'cloud', 2, 2, undefined, { contextTokens: 8_192, maxOutputTokens: 8_192 }),
      door('mid', 'host', 2, 2, undefined, { contextTokens: 131_072 }),
      door('vertex', 'cloud', 2, 2, undefined, { contextTokens: 131_072, maxOutputTokens: 32_768 }),
      door('zeta', 'host', 2, 2, undefined, wide),
      door('dear', 'host', 3, 3),
    ];
    // Six doors: the lower middle is the third; four ask its price, and zeta is the widest of them.
    expect(medianDirectDoor(doors)?.seller.slug).toBe('zeta');
    expect(directCandidates(doors).map((d) => d.seller.slug)).toEqual([
      'cheap',
      'zeta',
      'vertex',
      'mid',
      'alpha',
      'dear',
    ]);
    // Equal limits: the first by slug.
    expect(medianDirectDoor([...doors, door('beta', 'cloud', 2, 2, undefined, wide)])?.seller.slug).toBe('beta');
    // The widest door at another price is never taken over the median price.
    expect(
      medianDirectDoor([
        door('a', 'host', 1, 1, undefined, wide),
        door('b', 'host', 2, 2),
        door('c', 'host', 3, 3, undefined, wide),
      ])?.seller.slug,
    ).toBe('b');
  });
});
