import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { isSuited } from '../../../src/core/schema/catalogue-schema.js';
import { findCheapest, QUALITY_BANDS } from '../../../src/core/advice/cheapest.js';
import type { Workload } from '../../../src/core/pricing/cost.js';
import { fixtureCatalogue, fixtureFiles } from '../../fixtures/catalogue.js';

const workload: Workload = { inputTokens: 2000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' };

function ids(options: Parameters<typeof findCheapest>[2], catalogue = fixtureCatalogue, w = workload) {
  return findCheapest(catalogue, w, options).ranked.map((r) => r.model.id);
}

// Per request at 2000 in / 500 out (monthly = × 1000 × 30):
//   alpha-nano   2000 × 0.05/1M + 500 × 0.4/1M  = 0.0001 + 0.0002 = 0.0003 → 9
//   beta-classic 2000 × 0.1/1M  + 500 × 0.2/1M  = 0.0002 + 0.0001 = 0.0003 → 9
//   beta-flash   2000 × 0.1/1M  + 500 × 0.4/1M  = 0.0002 + 0.0002 = 0.0004 → 12
//   alpha-mini   2000 × 0.25/1M + 500 × 2/1M    = 0.0005 + 0.001  = 0.0015 → 45
//   beta-pro     2000 × 1.25/1M + 500 × 10/1M   = 0.0025 + 0.005  = 0.0075 → 225
//   alpha-large  2000 × 3/1M    + 500 × 15/1M   = 0.006  + 0.0075 = 0.0135 → 405
describe('findCheapest', () => {
  it('ranks cheapest first, ties by id, with costs', () => {
    const { ranked } = findCheapest(fixtureCatalogue, workload, { limit: 10 });
    expect(ranked.map((r) => [r.rank, r.model.id, r.costs.monthly.toString()])).toEqual([
      [1, 'alpha-nano', '9'],
      [2, 'beta-classic', '9'],
      [3, 'beta-flash', '12'],
      [4, 'alpha-mini', '45'],
      [5, 'beta-pro', '225'],
      [6, 'alpha-large', '405'],
    ]);
  });

  it('cuts at the limit', () => {
    expect(ids({ limit: 1 })).toEqual(['alpha-nano']);
    expect(ids({ limit: 3 })).toEqual(['alpha-nano', 'beta-classic', 'beta-flash']);
  });

  it('breaks ties by id, not by catalogue order', () => {
    // Two models with equal prices, the later one in the file having the smaller id.
    const files = structuredClone(fixtureFiles);
    const beta = files[1]?.data as { models: Array<{ id: string; name: string }> };
    const clone = { ...structuredClone(beta.models[1]), id: 'beta-aaa', name: 'Beta AAA' } as {
      id: string;
      name: string;
    };
    beta.models.push(clone); // a copy of beta-flash listed last
    const catalogue = buildCatalogue(files);
    expect(ids({ limit: 10 }, catalogue).slice(2, 4)).toEqual(['beta-aaa', 'beta-flash']);
    // At the limit's edge too: the copy costs what the k-th kept costs, so it is compared, not skipped.
    expect(ids({ limit: 3 }, catalogue)).toEqual(['alpha-nano', 'beta-classic', 'beta-aaa']);
  });

  it('keeps a model costing exactly the budget and drops dearer ones', () => {
    expect(ids({ limit: 10, budgetNanos: 9_000_000_000n })).toEqual(['alpha-nano', 'beta-classic']);
    expect(ids({ limit: 10, budgetNanos: 8_999_999_999n })).toEqual([]);
    expect(ids({ limit: 10, budgetNanos: 12_000_000_000n })).toEqual(['alpha-nano', 'beta-classic', 'beta-flash']);
  });

  it('keeps models suited to the use case (score 3 or more)', () => {
    // coding: alpha-large 5, beta-pro 4, alpha-mini 3, beta-flash 3 (alpha-nano and beta-classic score 2)
    expect(ids({ limit: 10, useCase: 'coding' })).toEqual(['beta-flash', 'alpha-mini', 'beta-pro', 'alpha-large']);
    expect(ids({ limit: 10, useCase: 'classification' })).toEqual([
      'alpha-nano',
      'beta-flash',
      'alpha-mini',
      'alpha-large',
    ]);
    expect(ids({ limit: 10, useCase: 'analysis' })).toEqual(['beta-pro', 'alpha-large']);
  });

  it('quality=high keeps Mid and Premium, quality=budget keeps Budget', () => {
    expect(QUALITY_BANDS).toEqual({ high: ['Mid', 'Premium'], budget: ['Budget'] });
    expect(ids({ limit: 10, quality: 'high' })).toEqual(['beta-classic', 'beta-pro', 'alpha-large']);
    expect(ids({ limit: 10, quality: 'budget' })).toEqual(['alpha-nano', 'beta-flash', 'alpha-mini']);
  });

  it('combines the filters with AND', () => {
    // chat-suited (beta-classic 3, beta-flash 3, alpha-mini 3, beta-pro 4, alpha-large 4), Mid or Premium, ≤ $225 a month
    expect(ids({ limit: 10, useCase: 'chat', quality: 'high', budgetNanos: 225_000_000_000n })).toEqual([
      'beta-classic',
      'beta-pro',
    ]);
    expect(ids({ limit: 10, useCase: 'analysis', quality: 'budget' })).toEqual([]);
  });

  it('isSuited reads the use-case score', () => {
    const nano = fixtureCatalogue.byId.get('alpha-nano');
    if (!nano) throw new Error('fixture');
    expect(isSuited(nano, 'classification')).toBe(true); // 3
    expect(isSuited(nano, 'coding')).toBe(false); // 2
    expect(isSuited(nano, 'vision')).toBe(false); // absent
  });
});
