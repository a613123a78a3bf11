/** mode=batch as providers bill it: their own discount where they sell a batch API, standard rates where they don't. */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { appliedPrices, calculateCost, type Workload } from '../../../src/core/pricing/cost.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir('data');
const model = (id: string) => catalogue.byId.get(id) as Model;
const work = (mode: Workload['mode']): Workload => ({
  inputTokens: 3000,
  outputTokens: 800,
  requests: 5000,
  days: 30,
  mode,
});

describe('mode=batch', () => {
  it("uses the provider's published discount: OpenAI's Batch API is 50% off (README example: $0.0078 a request)", () => {
    const terra = model('openai-gpt-5.6-terra');
    // (3,000 × $2 + 800 × $12) / 1M = $0.0156 standard; half of it in batch.
    expect(calculateCost(terra, work('standard')).perRequest.toString()).toBe('0.0156');
    expect(calculateCost(terra, work('batch')).perRequest.toString()).toBe('0.0078');
    expect(appliedPrices(terra, work('batch')).batch).toEqual({
      discountPercent: 50,
      source: 'https://platform.openai.com/docs/guides/batch',
    });
  });

  it('is never a silent halving: DeepSeek sells no batch API, so batch costs what standard costs and names no discount', () => {
    const flash = model('deepseek-deepseek-v4-flash');
    expect(flash.batch).toBeUndefined();
    expect(calculateCost(flash, work('batch'))).toEqual(calculateCost(flash, work('standard')));
    expect(appliedPrices(flash, work('batch')).batch).toBeUndefined();
  });

  it('every batch discount on record cites a source', () => {
    const providers = new Set(catalogue.models.filter((m) => m.batch).map((m) => m.providerSlug));
    expect([...providers].sort()).toEqual(['anthropic', 'google', 'mistral', 'openai']);
    for (const m of catalogue.models) if (m.batch) expect(m.batch.source).toMatch(/^https:\/\//);
  });
});

describe('mode=streaming', () => {
  it("adds 15% to output and says it is this API's planning margin, not a provider charge", () => {
    const terra = model('openai-gpt-5.6-terra');
    // 3,000 × $2 + 800 × $12 × 1.15 = 6,000 + 11,040 → $0.01704
    expect(calculateCost(terra, work('streaming')).perRequest.toString()).toBe('0.01704');
    const margin = appliedPrices(terra, work('streaming')).streamingMargin;
    expect(margin?.outputPercent).toBe(15);
    expect(margin?.note).toMatch(/planning margin/);
  });
});
