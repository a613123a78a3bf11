import { describe, expect, it } from 'vitest';
import { recommendModels, type RecommendCriteria } from '../../../src/core/advice/recommend.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

const work = (inputTokens: number, outputTokens: number) => ({
  inputTokens,
  outputTokens,
  requests: 1,
  days: 1,
  mode: 'standard' as const,
});
const base: RecommendCriteria = { workload: work(1000, 500), limit: 10 };
const ranked = (criteria: RecommendCriteria) => recommendModels(fixtureCatalogue, criteria).recommendations;
const ids = (criteria: Partial<RecommendCriteria>) => ranked({ ...base, ...criteria }).map((r) => r.model.id);

// Cost per request at 1000 in / 500 out:
//   alpha-large  0.003   + 0.0075 = 0.0105    (quality 5)
//   beta-pro     0.00125 + 0.005  = 0.00625   (quality 4)
//   beta-flash   0.0001  + 0.0002 = 0.0003    (quality 3)
//   alpha-mini   0.00025 + 0.001  = 0.00125   (quality 3)
//   beta-classic 0.0001  + 0.0001 = 0.0002    (quality 2)
//   alpha-nano   0.00005 + 0.0002 = 0.00025   (quality 2)
describe('recommendModels', () => {
  // Scores (test/fixtures/evidence.ts): overall 20·(quality−1); coding 20·(coding−1); speed from AA speed.
  it('without a use case: the overall score first, then the lower cost', () => {
    expect(ids({})).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'beta-classic', 'alpha-nano']);
  });

  it('numbers the ranks and gives the cost per request', () => {
    const recs = ranked({ ...base, limit: 3 });
    expect(recs.map((r) => [r.rank, r.model.id, r.costPerRequest.toString()])).toEqual([
      [1, 'alpha-large', '0.0105'],
      [2, 'beta-pro', '0.00625'],
      [3, 'beta-flash', '0.0003'],
    ]);
  });

  it('with a use case: only suited models, by the 0-100 score for it, then cost', () => {
    // speed: alpha-nano and beta-flash 80, the cheaper first (0.00025, 0.0003), alpha-mini 60; alpha-large is not suited
    expect(ids({ useCase: 'speed' })).toEqual(['alpha-nano', 'beta-flash', 'alpha-mini']);
    // coding: alpha-large 80, beta-pro 60, then beta-flash and alpha-mini both 40: cheaper first
    expect(ids({ useCase: 'coding' })).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini']);
    // chat (no chat benchmark: the overall score): alpha-large 80, beta-pro 60, beta-flash and alpha-mini 40, beta-classic 20
    expect(ids({ useCase: 'chat' })).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'beta-classic']);
    expect(ids({ useCase: 'creative' })).toEqual([]);
  });

  it('filters by tier, minimum quality, maximum cost and minimum context', () => {
    expect(ids({ tier: 'Budget' })).toEqual(['beta-flash', 'alpha-mini', 'alpha-nano']);
    expect(ids({ tier: 'Mid' })).toEqual(['beta-pro', 'beta-classic']);
    expect(ids({ tier: 'Premium' })).toEqual(['alpha-large']);
    expect(ids({ minQuality: 3 })).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini']);
    expect(ids({ minQuality: 5 })).toEqual(['alpha-large']);
    // ≤ 0.00025 per request: beta-classic 0.0002 and alpha-nano exactly 0.00025
    expect(ids({ maxCostNanos: 250_000n })).toEqual(['beta-classic', 'alpha-nano']);
    expect(ids({ maxCostNanos: 249_999n })).toEqual(['beta-classic']);
    // ≥ 1,000,000 tokens: alpha-large (exactly 1,000,000), beta-pro and beta-flash (1,048,576)
    expect(ids({ minContext: 1_000_000 })).toEqual(['alpha-large', 'beta-pro', 'beta-flash']);
    expect(ids({ minContext: 1_000_001 })).toEqual(['beta-pro', 'beta-flash']);
    // 128K = 128,000: alpha-nano's 131,072 is enough, beta-classic's 32,768 is not
    expect(ids({ minContext: 128_000 })).toEqual(['alpha-large', 'beta-pro', 'beta-flash', 'alpha-mini', 'alpha-nano']);
  });

  it('combines every filter with AND', () => {
    expect(
      ids({ useCase: 'coding', tier: 'Budget', minQuality: 3, maxCostNanos: 300_000n, minContext: 1_000_000 }),
    ).toEqual(['beta-flash']);
  });

  it('costs the tokens asked for', () => {
    // 2000 × 3/1M + 0 = 0.006
    const [first] = ranked({ ...base, workload: work(2000, 0), limit: 1 });
    expect(first?.costPerRequest.toString()).toBe('0.006');
  });

  it('explains each pick in one sentence', () => {
    const [nano] = ranked({ ...base, useCase: 'speed', limit: 1 });
    expect(nano?.reason).toBe(
      'Speed 80/100 from the AA output speed 200, Jul 2026 (one result only); $0.00025 per request (Budget tier, 128K context).',
    );
    const [large] = ranked({ ...base, useCase: 'chat', limit: 1 });
    expect(large?.reason).toBe(
      'Chat 80/100 (no chat benchmark: its overall score stands in, from the AA Intelligence Index 48, Jul 2026); $0.0105 per request (Premium tier, 1M context).',
    );
  });
});
