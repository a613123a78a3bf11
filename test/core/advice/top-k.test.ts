import { describe, expect, it } from 'vitest';
import { topK } from '../../../src/core/advice/top-k.js';

const byNumber = (a: number, b: number) => a - b;

describe('topK', () => {
  it('keeps the k smallest, in order', () => {
    expect(topK([5, 1, 4, 2, 3], 3, byNumber)).toEqual([1, 2, 3]);
    expect(topK([5, 1, 4, 2, 3], 10, byNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(topK([], 3, byNumber)).toEqual([]);
    expect(topK([1, 2], 0, byNumber)).toEqual([]);
  });

  it('keeps the first of equal items (stable)', () => {
    const items = [
      { k: 1, tag: 'a' },
      { k: 0, tag: 'b' },
      { k: 1, tag: 'c' },
      { k: 1, tag: 'd' },
    ];
    expect(topK(items, 3, (x, y) => x.k - y.k).map((x) => x.tag)).toEqual(['b', 'a', 'c']);
  });

  it('agrees with a full sort', () => {
    const items = Array.from({ length: 200 }, (_, i) => (i * 7919) % 211);
    expect(topK(items, 7, byNumber)).toEqual([...items].sort(byNumber).slice(0, 7));
  });
});
