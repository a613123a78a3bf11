/**
 * The site's calculator on issue 26's units (test/fixtures/units-catalogue.ts): the browser's
 * smaller records carry the tier, unit and modality fields, so they price as the API does, and a
 * model on record as not taking the workload's audio is hidden and counted, not priced as text.
 */
import { describe, expect, it } from 'vitest';
import { calculateCost, type Workload } from '../../src/core/pricing/cost.js';
import { DEFAULT_WORKLOAD, priceAll, siteModel, tableNoteText } from '../../src/http/pages/site-model.js';
import { unitsCatalogue } from '../fixtures/units-catalogue.js';

const w = (over: Partial<Workload>): Workload => ({ ...DEFAULT_WORKLOAD, ...over });
const models = unitsCatalogue.models.map(siteModel);

describe('the calculator with service tiers and units', () => {
  it.each([
    ['flex', w({ serviceTier: 'flex' })],
    ['priority with cache reads', w({ serviceTier: 'priority', cachedInputTokens: 1000 })],
    ['reasoning and searches', w({ outputTokens: 1000, extras: { reasoningTokens: 600, webSearches: 3 } })],
    ['images', w({ extras: { inputImageTokens: 500 } })],
  ])("%s: every model at the API engine's cost", (_name, workload) => {
    for (const p of priceAll(models, workload)) {
      const model = unitsCatalogue.byId.get(p.model.id)!;
      expect(p.monthly.toString(), model.id).toBe(calculateCost(model, workload).monthly.toString());
    }
  });

  it('a flex workload costs less on the model sold on flex than at standard', () => {
    const [standard, flex] = [w({}), w({ serviceTier: 'flex' })].map(
      (x) => priceAll(models, x).find((p) => p.model.id === 'epsilon-tiers')!.monthly.nanos,
    );
    // 2,000 × 0.625 + 500 × 5 = 3,750 per 1M a request against 7,500: half, $112.50 against $225 a month.
    expect([standard, flex]).toEqual([225_000_000_000n, 112_500_000_000n]);
  });

  it('hides a model on record as taking no audio when the workload has audio, and says why', () => {
    const priced = priceAll(models, w({ extras: { inputAudioTokens: 100 } }));
    expect(priced.filter((p) => p.exclusion === 'modality').map((p) => p.model.id)).toEqual(['epsilon-tiers']);
    expect(tableNoteText(priced)).toBe(
      "Hidden: 1 model on record as not taking or giving this workload's audio, image or video; the provider would refuse the request.",
    );
  });
});
