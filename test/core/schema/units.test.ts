/**
 * The units beyond text tokens, on a hand-made record whose costs are worked out by hand below:
 * inclusive counts (each token billed once, at its most specific priced unit), reasoning at its
 * own price, modality prices and their text fallback, fees, service tiers, and what the engine
 * refuses (problems.ts) or warns about (warnings.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { appliedPrices, calculateCost, type Workload } from '../../../src/core/pricing/cost.js';
import { modalityProblem, workloadProblem } from '../../../src/core/pricing/problems.js';
import { costWarnings } from '../../../src/core/pricing/warnings.js';
import { provenance } from '../../fixtures/catalogue.js';

const facts = { source: 'test fixture', checkedOn: '2026-11-21' };
const common = {
  ...provenance,
  tier: 'Mid',
  context: '128K',
  contextTokens: 128_000,
  quality: 4,
  useCases: { chat: 4 },
};
const catalogue = buildCatalogue([
  {
    file: 'fixtures/voice.json',
    data: {
      provider: { slug: 'voice', name: 'Voice AI', pricingUrl: 'https://voice.example/pricing' },
      models: [
        {
          ...common,
          id: 'voice-rt',
          name: 'Voice RT',
          input: 2,
          output: 8,
          cachedInput: 0.5,
          unitPrices: {
            inputAudio: 40,
            cachedInputAudio: 2.5,
            outputAudio: 80,
            outputReasoning: 10,
            webSearches: 10,
            requests: 1,
            ...facts,
          },
          serviceTiers: {
            priority: { input: 3.5, output: 14, cachedInput: 0.875, ...facts },
            flex: { input: 1, output: 4, ...facts },
          },
          modalities: { input: ['text', 'audio', 'image'], output: ['text', 'audio'], ...facts },
        },
        { ...common, id: 'voice-text', name: 'Voice Text', input: 1, output: 4 },
      ],
    },
  },
]);
const rt = catalogue.byId.get('voice-rt') as Model;
const plain = catalogue.byId.get('voice-text') as Model;

// 10,000 input: 2,000 cached (1,000 of them audio), 3,000 audio, 500 image; 2,000 output: 1,000 reasoning, 500 audio; 2 searches.
const w: Workload = {
  inputTokens: 10_000,
  outputTokens: 2000,
  requests: 1,
  days: 1,
  mode: 'standard',
  cachedInputTokens: 2000,
  extras: {
    inputAudioTokens: 3000,
    cacheAudioReadTokens: 1000,
    inputImageTokens: 500,
    reasoningTokens: 1000,
    outputAudioTokens: 500,
    webSearches: 2,
  },
};
const per = (w2: Workload, model = rt) => calculateCost(model, w2, catalogue.sheets.get(model)).perRequest.toString();

describe('units', () => {
  it('bills each token once, at its own unit price or the price of the unit it is part of', () => {
    // Input: 1,000 cached audio × 2.5 + 1,000 cached text × 0.5 + 2,000 audio × 40 + 500 image × 2 (text) + 5,500 text × 2 = 95,000 per 1M.
    // Output: 1,000 reasoning × 10 + 500 audio × 80 + 500 text × 8 = 54,000 per 1M. Fees: 2 × $10/1K + $1/1K.
    expect(per(w)).toBe('0.17');
    const applied = appliedPrices(rt, w, catalogue.sheets.get(rt));
    expect(applied.reasoning).toEqual({ tokens: 1000, price: 10, billedAs: 'outputReasoning' });
    expect(applied.units?.map((u) => [u.unit, u.quantity, u.price, u.billedAs])).toEqual([
      ['inputAudio', 2000, 40, 'inputAudio'],
      ['cachedInputAudio', 1000, 2.5, 'cachedInputAudio'],
      ['inputImage', 500, 2, 'input'],
      ['outputAudio', 500, 80, 'outputAudio'],
      ['webSearches', 2, 10, 'webSearches'],
      ['requests', 1, 1, 'requests'],
    ]);
  });

  it('bills reasoning at the output price where the model publishes none, never twice', () => {
    const r: Workload = {
      inputTokens: 0,
      outputTokens: 1_000_000,
      requests: 1,
      days: 1,
      mode: 'standard',
      extras: { reasoningTokens: 400_000 },
    };
    expect(per(r, plain)).toBe('4');
    expect(appliedPrices(plain, r).reasoning).toEqual({ tokens: 400_000, price: 4, billedAs: 'output' });
    // Own price: 400K × 10 + 600K × 8 = $8.8 (plus the $0.001 request fee).
    expect(per(r)).toBe('8.801');
  });

  it('prices a service tier from its own prices, and a tier not sold at standard with a warning', () => {
    // Priority prices text input, output and cache reads; every other unit is billed at the standard price.
    // Input: 1,000 cached text × 0.875 + 1,000 cached audio × 2.5 + 2,000 audio × 40 + 500 image × 2 (standard input) + 5,500 text × 3.5 = 103,625;
    // output: 1,000 reasoning × 10 + 500 audio × 80 + 500 text × 14 = 57,000; fees $0.021.
    expect(per({ ...w, serviceTier: 'priority' })).toBe('0.181625');
    expect(appliedPrices(rt, { ...w, serviceTier: 'priority' }).standardPriced).toEqual([
      'inputAudio',
      'cachedInputAudio',
      'inputImage',
      'outputReasoning',
      'outputAudio',
    ]);
    expect(appliedPrices(rt, { ...w, serviceTier: 'priority' }).serviceTier).toBe('priority');
    expect(costWarnings(rt, { ...w, serviceTier: 'priority' }).map((x) => x.code)).toContain('tier_unit_price');
    expect(per({ ...w, serviceTier: 'fast' })).toBe('0.17');
    expect(appliedPrices(rt, { ...w, serviceTier: 'fast' }).serviceTier).toBe('standard');
    expect(costWarnings(rt, { ...w, serviceTier: 'fast' }).map((x) => x.code)).toContain('service_tier_not_offered');
    // Flex publishes no cache-read price: reads at the standard 0.5, never the flex input price: 500K × 1 + 500K × 0.5 + 1M × 4 + $0.001.
    const text: Workload = {
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cachedInputTokens: 500_000,
      requests: 1,
      days: 1,
      mode: 'standard',
      serviceTier: 'flex',
    };
    expect(per(text)).toBe('4.751');
    expect(appliedPrices(rt, text)).toMatchObject({ input: 1, cachedInput: 0.5, standardPriced: ['cachedInput'] });
    expect(costWarnings(rt, text).find((x) => x.code === 'tier_unit_price')?.message).toBe(
      "Voice AI publishes no flex price for Voice RT's cache reads: billed at the standard price.",
    );
  });

  it('refuses batch with a tier, parts above their total, and a modality the record says the model lacks', () => {
    expect(workloadProblem({ ...w, mode: 'batch', serviceTier: 'priority' })?.code).toBe('tier_with_batch');
    expect(workloadProblem({ ...w, mode: 'batch', serviceTier: 'standard' })).toBeUndefined();
    expect(workloadProblem({ ...w, extras: { inputImageTokens: 8001 } })).toMatchObject({
      code: 'parts_exceed_total',
      field: 'inputTokens',
    });
    expect(workloadProblem({ ...w, extras: { reasoningTokens: 2001 } })).toMatchObject({
      code: 'parts_exceed_total',
      field: 'outputTokens',
    });
    expect(workloadProblem(w)).toBeUndefined();
    expect(modalityProblem(rt, { ...w, extras: { inputVideoTokens: 1 } })).toMatchObject({
      code: 'modality_not_supported',
      field: 'extras.inputVideoTokens',
    });
    expect(modalityProblem(rt, w)).toBeUndefined();
  });

  it('warns when a modality is billed at the text price, or no source says the model takes it', () => {
    expect(costWarnings(rt, w).map((x) => x.code)).toEqual(['modality_text_price']);
    expect(costWarnings(plain, { ...w, extras: { inputAudioTokens: 10, webSearches: 1 } }).map((x) => x.code)).toEqual([
      'modality_unknown',
      'unit_unpriced',
    ]);
  });
});
