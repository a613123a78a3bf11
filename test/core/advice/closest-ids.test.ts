/**
 * closestIds: "did you mean" for model ids from an index built once per catalogue, ranked by
 * closeness (one letter off before an id the query merely contains), the same suggestions an
 * exhaustive comparison gives on the real catalogue's near misses, and at 10,000 ids it still finds
 * the one-letter-off id among thousands sharing its prefix.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestIds, idIndex, idIndexOf } from '../../../src/core/advice/closest-ids.js';
import { editDistance } from '../../../src/core/catalogue/suggest.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { manyIds } from '../../fixtures/many-ids.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', '..', 'data'));

describe('closestIds', () => {
  it('ranks one letter off first: openai-gpt-5.6-tera suggests openai-gpt-5.6-terra first', () => {
    expect(closestIds(idIndexOf(catalogue), 'openai-gpt-5.6-tera')[0]).toBe('openai-gpt-5.6-terra');
    expect(closestIds(idIndexOf(catalogue), 'OpenAI-GPT-5.6-Lun')[0]).toBe('openai-gpt-5.6-luna');
    // Closeness is edit distance: an id one letter off goes before a shorter one the query contains.
    const index = idIndex(['openai-gpt-5.6', 'openai-gpt-5.6-terra', 'openai-gpt-5.6-sol']);
    expect(closestIds(index, 'openai-gpt-5.6-tera', 3)).toEqual([
      'openai-gpt-5.6-terra',
      'openai-gpt-5.6-sol',
      'openai-gpt-5.6',
    ]);
    expect(closestIds(index, 'gpt-5.6', 1)).toEqual(['openai-gpt-5.6']);
  });

  it('is built once per catalogue', () => {
    expect(idIndexOf(catalogue)).toBe(idIndexOf(catalogue));
  });

  it('on the real catalogue, each id with one letter changed, dropped or doubled gets that id first', () => {
    const ids = [...catalogue.byId.keys()];
    const index = idIndexOf(catalogue);
    for (const [k, id] of ids.entries()) {
      const at = 1 + (k % (id.length - 1));
      const variants = [
        id.slice(0, at) + id.slice(at + 1),
        id.slice(0, at) + id[at] + id.slice(at),
        id.slice(0, at) + 'q' + id.slice(at + 1),
      ];
      for (const typo of variants) {
        if (ids.includes(typo)) continue;
        const [first] = closestIds(index, typo);
        // The first suggestion is as close as the id itself (another id may be as close: then either is right).
        expect(first, typo).toBeDefined();
        expect(editDistance(typo, first!), `${typo} -> ${first}`).toBeLessThanOrEqual(editDistance(typo, id));
      }
    }
  });

  it('at 10,000 ids, finds the one-letter-off id among thousands sharing its trigrams, and nothing for junk', () => {
    const ids = manyIds();
    ids.push('openai-gpt-5.6-terra');
    const index = idIndex(ids);
    expect(closestIds(index, 'openai-gpt-5.6-tera')[0]).toBe('openai-gpt-5.6-terra');
    const target = ids[4242]!;
    expect(closestIds(index, target.slice(0, -1))[0]).toBe(target);
    expect(closestIds(index, 'zzzzzzzzzzzzzzzz')).toEqual([]);
    expect(closestIds(index, '')).toEqual([]);
  });
});
