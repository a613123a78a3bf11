import { describe, expect, it } from 'vitest';
import { closestMatches, editDistance } from '../../../src/core/catalogue/suggest.js';

const ids = ['alpha-large', 'alpha-mini', 'alpha-nano', 'beta-pro', 'beta-flash', 'beta-classic'];

describe('editDistance', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['same', 'same', 0],
    ['flaw', 'lawn', 2],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closestMatches', () => {
  it('puts the nearest id first', () => {
    expect(closestMatches('alpha-nan', ids)[0]).toBe('alpha-nano');
    expect(closestMatches('beta-prp', ids)[0]).toBe('beta-pro');
    expect(closestMatches('beta-flsh', ids)[0]).toBe('beta-flash');
  });

  it('prefers ids containing the query, shortest difference first', () => {
    expect(closestMatches('flash', ids)).toEqual(['beta-flash']);
    expect(closestMatches('alpha', ids)).toEqual(['alpha-mini', 'alpha-nano', 'alpha-large']);
  });

  it('ignores case and returns at most `count`', () => {
    expect(closestMatches('BETA-PRO', ids, 1)).toEqual(['beta-pro']);
    expect(closestMatches('beta', ids, 2)).toHaveLength(2);
  });

  it('suggests nothing for an empty or far-off query', () => {
    expect(closestMatches('', ids)).toEqual([]);
    expect(closestMatches('zzzzzzzzzzzzzz', ids)).toEqual([]);
  });

  it('stays cheap on very long input (cut to 100 characters)', () => {
    expect(closestMatches('x'.repeat(100_000), ids)).toEqual([]);
  });
});
