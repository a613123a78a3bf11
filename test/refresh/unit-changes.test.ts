// unitChanges' tier rule: a source's tier prices are read only beside its own standard price
// when that is the record's as the run leaves it, and a flex or priority tier at that price is none.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerFileSchema } from '../../src/core/schema/catalogue-schema.js';
import type { Source, SourceEntry } from '../../src/refresh/entry.js';
import { unitChanges } from '../../src/refresh/unit-changes.js';

const fixture = providerFileSchema.parse(
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'refresh', 'data', 'openai.json'), 'utf8')),
);
// GPT Epsilon: $1/$4, flex $0.5/$2 on record.
const epsilon = fixture.models.find((m) => m.id === 'openai-gpt-epsilon')!;

const litellm = (entry: Partial<SourceEntry>) => {
  const source: Source = {
    format: 'litellm',
    src: 'test',
    date: '2026-11-25',
    label: 'litellm data of 2026-11-25',
    entries: [],
  };
  return {
    source,
    entry: {
      source: 'litellm',
      sourceId: 'gpt-epsilon',
      slug: 'openai',
      key: 'gpt-epsilon',
      input: 1,
      output: 4,
      ...entry,
    } as SourceEntry,
  };
};
const tiers = { flex: { input: 0.4, output: 1.6 }, priority: { input: 2, output: 8 } };
const fieldsOf = (changes: ReturnType<typeof unitChanges>) => changes.map((c) => `${c.group}.${c.field} ${c.theirs}`);

describe('unitChanges: service tiers', () => {
  it("reads the tiers of a source listing the record's standard price", () => {
    expect(fieldsOf(unitChanges(epsilon, [litellm({ serviceTiers: tiers })]))).toEqual([
      'flex.input 0.4',
      'flex.output 1.6',
      'priority.input 2',
      'priority.output 8',
    ]);
  });

  it('reads none from a source listing another standard price, unless the run proposes that price', () => {
    const other = litellm({ input: 1.5, output: 6, serviceTiers: { flex: { input: 0.75, output: 3 } } });
    expect(unitChanges(epsilon, [other])).toEqual([]);
    expect(fieldsOf(unitChanges(epsilon, [other], { input: 1.5, output: 6 }))).toEqual([
      'flex.input 0.75',
      'flex.output 3',
    ]);
  });

  it('takes a tier from the best-ranked source at the standard price, past a better-ranked one at another', () => {
    const stale = litellm({ input: 2, output: 8, serviceTiers: { priority: { input: 4, output: 16 } } });
    expect(fieldsOf(unitChanges(epsilon, [stale, litellm({ serviceTiers: { priority: tiers.priority } })]))).toEqual([
      'priority.input 2',
      'priority.output 8',
    ]);
  });

  it('reads no flex or priority tier at the standard price itself', () => {
    expect(unitChanges(epsilon, [litellm({ serviceTiers: { priority: { input: 1, output: 4 } } })])).toEqual([]);
  });
});
