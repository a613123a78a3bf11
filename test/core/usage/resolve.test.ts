/**
 * Model names in a usage export resolved as the GET side resolves them: an unknown name's
 * suggestions come from the id index the GET 404s use (closestModelIds), and are computed once per
 * distinct name however often, and in whatever case or spacing, an export repeats it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../src/core/catalogue/catalogue.js';
import { closestIds, closestModelIds, idIndexOf } from '../../../src/core/advice/closest-ids.js';
import { editDistance } from '../../../src/core/catalogue/suggest.js';
import { parseUsageText } from '../../../src/core/usage/formats.js';
import { repriceRows } from '../../../src/core/usage/reprice.js';
import { modelResolver } from '../../../src/core/usage/resolve.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { MANY_PROVIDERS as providers, manyIds } from '../../fixtures/many-ids.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '../../../data'));

describe('modelResolver', () => {
  it('computes the suggestions of each distinct unknown name once, whatever its case and spacing', () => {
    const asked: string[] = [];
    const resolveName = modelResolver(catalogue, (name) => (asked.push(name), closestModelIds(catalogue, name)));
    const names = Array.from({ length: 10 }, (_, i) => `no-such-model-${i}`);
    for (let i = 0; i < 1000; i++) {
      const name = names[i % 10]!;
      const spelt = i % 3 === 0 ? name.toUpperCase() : i % 3 === 1 ? ` ${name} ` : name;
      expect(resolveName(spelt).kind).toBe('unknown');
    }
    expect(asked.sort()).toEqual([...names].sort());
    // A known name asks for no suggestion.
    expect(resolveName('OpenAI-GPT-5').kind).toBe('known');
    expect(asked).toHaveLength(10);
  });

  it('suggests for a name with a provider slug what a GET 404 suggests (the same index), and finds the id for one without', () => {
    for (const name of ['openai-gpt-5.6-tera', 'anthropic-claude-sonet-5', 'google-gemini-9-flash']) {
      const got = modelResolver(catalogue)(name);
      expect(got).toEqual({ kind: 'unknown', suggestions: closestIds(idIndexOf(catalogue), name) });
    }
    const bare = modelResolver(catalogue)('claude-sonnet-9');
    expect(bare.kind === 'unknown' && bare.suggestions[0]).toBe('anthropic-claude-sonnet-5');
    const tera = modelResolver(catalogue)('gpt-5.6-tera');
    expect(tera.kind === 'unknown' && tera.suggestions[0]).toBe('openai-gpt-5.6-terra');
  });

  it('at 10,000 models, each unknown name is matched with the index: near names find their id, junk finds none', () => {
    const ids = manyIds();
    const big = {
      byId: new Map(ids.map((id) => [id, { id }])),
      providers: providers.map((slug) => ({ slug })),
    } as unknown as Catalogue;
    const resolveName = modelResolver(big);
    for (const k of [17, 4242, 9999]) {
      const id = ids[k]!;
      const bare = id.slice(id.indexOf('-') + 1);
      // One letter off, written without the provider's slug (as exports write names).
      const typo = `${bare.slice(0, 3)}x${bare.slice(4)}`;
      const found = resolveName(typo);
      expect(found.kind).toBe('unknown');
      const first = found.kind === 'unknown' ? found.suggestions[0]! : '';
      expect(editDistance(typo, first.slice(first.indexOf('-') + 1))).toBeLessThanOrEqual(1);
    }
    expect(resolveName('qwzxqwzxqwzxqwzxqwzxqw')).toEqual({ kind: 'unknown', suggestions: [] });
  });

  it('an export of 1,000 distinct unknown names lists each once, with its suggestions, and prices none', () => {
    const csv = `date,model\n${Array.from({ length: 1000 }, (_, i) => `2026-11-01,zz-unknown-${i}-qq`).join('\n')}\n`;
    const r = repriceRows(catalogue, parseUsageText(csv), { today: '2026-11-28', targets: [] });
    expect(r.rows).toHaveLength(0);
    expect(r.unknownModels).toHaveLength(1000);
    expect(r.unknownModels[7]).toMatchObject({
      model: 'zz-unknown-7-qq',
      rows: [8],
      suggestions: closestModelIds(catalogue, 'zz-unknown-7-qq'),
    });
  });
});
