/** Long-context prices in several steps (Qwen: above 32K, 128K and 256K input tokens). */
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { findCheapest } from '../../../src/core/advice/cheapest.js';
import { calculateCost, requestNumerator, type Workload } from '../../../src/core/pricing/cost.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { fixtureCatalogue, fixtureFiles } from '../../fixtures/catalogue.js';

// alpha-mini (0.25 / 2, window 400K) given three bands: >32K 0.5 / 4 (cached 0.05), >128K 1 / 8,
// >256K 2 / 16 (cached 0.2). Copies of the fixture, so the shared fixture stays as it is.
function stepped(): Model {
  const mini = fixtureCatalogue.byId.get('alpha-mini') as Model;
  return {
    ...mini,
    cachedInput: 0.025,
    longContext: { threshold: 32_000, input: 0.5, output: 4, cachedInput: 0.05 },
    longContextSteps: [
      { threshold: 128_000, input: 1, output: 8 },
      { threshold: 256_000, input: 2, output: 16, cachedInput: 0.2 },
    ],
  };
}

const day = (inputTokens: number, cachedInputTokens = 0): Workload => ({
  inputTokens,
  outputTokens: 1000,
  requests: 1,
  days: 1,
  mode: 'standard',
  cachedInputTokens,
});

describe('a model with several long-context steps', () => {
  const m = stepped();
  it.each([
    // 30,000 × 0.25 + 1,000 × 2 = 9,500 per 1M
    [30_000, 0, '0.0095'],
    // exactly 32,000 is not above the first threshold: 32,000 × 0.25 + 1,000 × 2 = 10,000
    [32_000, 0, '0.01'],
    // 100,000 × 0.5 + 1,000 × 4 = 54,000
    [100_000, 0, '0.054'],
    // exactly 128,000 stays in the first band: 128,000 × 0.5 + 1,000 × 4 = 68,000
    [128_000, 0, '0.068'],
    // 200,000 × 1 + 1,000 × 8 = 208,000
    [200_000, 0, '0.208'],
    // second step has no cached price: cached tokens at the model's own 0.025
    // 100,000 × 1 + 100,000 × 0.025 + 1,000 × 8 = 110,500
    [200_000, 100_000, '0.1105'],
    // 300,000 × 2 + 1,000 × 16 = 616,000
    [300_000, 0, '0.616'],
    // 50,000 × 2 + 250,000 × 0.2 + 1,000 × 16 = 166,000
    [300_000, 250_000, '0.166'],
  ])('%i input tokens (%i cached) cost $%s a request', (input, cached, expected) => {
    expect(calculateCost(m, day(input, cached)).perRequest.toString()).toBe(expected);
  });

  it('cheapest ranks by the step in force (pre-rank estimate included)', () => {
    // Over 300K input tokens the stepped model (616,000 per 1M) is dearer than beta-pro:
    // 300,000 × 1.25 + 1,000 × 10 = 385,000 per 1M; without steps it would cost 516,000 at >32K prices.
    const catalogue = buildCatalogue(
      fixtureFiles.map((f) => {
        const data = structuredClone(f.data) as { models: Array<Record<string, unknown>> };
        data.models = data.models.map((r) => (r.id === 'alpha-mini' ? { ...r, ...stepData() } : r));
        return { file: f.file, data };
      }),
    );
    const workload: Workload = { ...day(300_000), requests: 1, days: 30 };
    const ranked = findCheapest(catalogue, workload, { limit: 4 }).ranked.map((r) => r.model.id);
    // Only models whose window takes 301,000 tokens can be ranked (alpha-nano's 128K and beta-classic's 32K cannot).
    const exact = catalogue.models
      .filter((m) => m.contextTokens >= 301_000)
      .sort((a, b) => Number(requestNumerator(a, workload) - requestNumerator(b, workload)) || (a.id < b.id ? -1 : 1))
      .map((x) => x.id)
      .slice(0, 4);
    expect(ranked).toEqual(exact);
    // flash 30,400, pro 385,000 per 1M; mini (616,000) is third, where its first band alone (154,000)
    // would have put it second; large (above 200K: 300,000 × 6 + 1,000 × 22.5 = 1,822,500) fourth.
    expect(ranked).toEqual(['beta-flash', 'beta-pro', 'alpha-mini', 'alpha-large']);
  });

  it('is validated: steps need longContext and ascending thresholds below the window', () => {
    const build = (patch: Record<string, unknown>) => () =>
      buildCatalogue([
        {
          file: 'x.json',
          data: {
            ...(fixtureFiles[0]!.data as object),
            models: [{ ...(fixtureFiles[0]!.data as { models: object[] }).models[1], ...patch }],
          },
        },
      ]);
    expect(build({ longContextSteps: [{ threshold: 128_000, input: 1, output: 8 }] })).toThrow(
      /field "longContextSteps": needs longContext/,
    );
    expect(build({ ...stepData(), longContextSteps: [{ threshold: 20_000, input: 1, output: 8 }] })).toThrow(
      /longContextSteps\.0\.threshold/,
    );
    expect(build({ ...stepData(), longContextSteps: [{ threshold: 500_000, input: 1, output: 8 }] })).toThrow(
      /below contextTokens/,
    );
  });
});

function stepData() {
  const { cachedInput, longContext, longContextSteps } = stepped();
  return { cachedInput, longContext, longContextSteps };
}

describe('the real catalogue', () => {
  const catalogue = loadCatalogueFromDir('data');
  it('prices Qwen3 Coder Plus above 256K input tokens at its third band', () => {
    const m = catalogue.byId.get('alibaba-qwen3-coder-plus') as Model;
    // 300,000 × $6 + 1,000 × $60 = 1,860,000 per 1M
    expect(calculateCost(m, day(300_000)).perRequest.toString()).toBe('1.86');
    // 150,000 × $3 + 1,000 × $15 = 465,000 per 1M
    expect(calculateCost(m, day(150_000)).perRequest.toString()).toBe('0.465');
  });

  it('prices Qwen3.7 Plus above 256K at the band of the source its base prices follow', () => {
    const m = catalogue.byId.get('alibaba-qwen3.7-plus') as Model;
    // models.dev: above 256,000 input tokens $2 / $6: 300,000 × 2 + 1,000 × 6 = 606,000 per 1M
    expect(calculateCost(m, day(300_000)).perRequest.toString()).toBe('0.606');
    expect(m.priceNote).toMatch(/Long-context prices from models\.dev/);
  });

  it('says why a long-context price is left out', () => {
    expect(catalogue.byId.get('anthropic-claude-sonnet-4-5')?.priceNote).toMatch(/long-context price .* left out/);
  });
});
