/**
 * Rankings read the catalogue's price table (price-table.ts), and hand what it cannot price alone
 * to the sheets: for any workload (units, tiers, modes, times of day), every model's cost from the
 * table is its exact cost from its own sheets, and cheapest's order is the plain sort of every
 * offered model by that exact cost (ties: current first, then id), a short answer its head; a model
 * not sold on the service tier asked is not offered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { findCheapest } from '../../../src/core/advice/cheapest.js';
import {
  costNumerator,
  newRequestCost,
  requestNumerator,
  SERVICE_TIERS,
  type Workload,
} from '../../../src/core/pricing/cost.js';
import { exclusionOf } from '../../../src/core/pricing/fit.js';
import { costWarnings } from '../../../src/core/pricing/warnings.js';
import { tableCostInto } from '../../../src/core/catalogue/price-table.js';
import { quantitiesOf } from '../../../src/core/pricing/quantities.js';
import { compareTies } from '../../../src/core/advice/ties.js';
import { makersCatalogue } from '../../fixtures/makers-catalogue.js';

const catalogue = makersCatalogue();

const count = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: undefined });
const workload = fc
  .record({
    inputTokens: fc.oneof(
      fc.integer({ min: 0, max: 400_000 }),
      fc.constantFrom(128_000, 128_001, 200_000, 200_001, 272_000, 272_001),
    ),
    outputTokens: fc.integer({ min: 0, max: 100_000 }),
    mode: fc.constantFrom('standard', 'streaming', 'batch'),
    cached: fc.integer({ min: 0, max: 100 }),
    serviceTier: fc.option(fc.constantFrom(...SERVICE_TIERS), { nil: undefined }),
    offPeakPercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    audio: count(1000),
    reasoning: count(1000),
    searches: count(5),
  })
  .map((r): Workload => ({
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    requests: 1000,
    days: 30,
    mode: r.mode,
    cachedInputTokens: Math.floor((r.inputTokens * r.cached) / 200),
    ...(r.serviceTier ? { serviceTier: r.serviceTier } : {}),
    ...(r.offPeakPercent === undefined ? {} : { timeOfDay: { offPeakPercent: r.offPeakPercent } }),
    extras: {
      inputAudioTokens: Math.min(r.audio ?? 0, Math.floor(r.inputTokens / 3)),
      reasoningTokens: Math.min(r.reasoning ?? 0, r.outputTokens),
      webSearches: r.searches ?? 0,
    },
  }));

describe('the price table', () => {
  it("gives every model's exact cost from its own sheets, for any workload", () => {
    fc.assert(
      fc.property(workload, (w) => {
        const q = quantitiesOf(w);
        const out = newRequestCost();
        catalogue.rankable.forEach((model, i) => {
          const fromTable =
            costNumerator(tableCostInto(out, catalogue.priceTable, i, q, w), catalogue.priceDigits) *
            5n *
            10n ** BigInt(9 - catalogue.priceDigits);
          expect(fromTable, model.id).toBe(requestNumerator(model, w));
        });
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('ranks cheapest as the plain sort of every offered model by its exact cost', () => {
    fc.assert(
      fc.property(workload, (w) => {
        // Searches need a search price on record; audio a record (or an audio price) saying the model takes it.
        const takesAudio = (m: Model) =>
          m.modalities?.input.includes('audio') === true || m.unitPrices?.inputAudio !== undefined;
        const offered = catalogue.rankable.filter(
          (m) =>
            exclusionOf(m, w.inputTokens, w.outputTokens, false) === undefined &&
            !((w.extras?.webSearches ?? 0) > 0 && m.unitPrices?.webSearches === undefined) &&
            !((w.extras?.inputAudioTokens ?? 0) > 0 && !takesAudio(m)) &&
            // A service tier asked that the model is not sold on (its warning says so) leaves it out (issue 39).
            !costWarnings(m, w).some((x) => x.code === 'service_tier_not_offered'),
        );
        const cost = new Map(offered.map((m) => [m, requestNumerator(m, w)]));
        const expected = [...offered].sort((a, b) => {
          const [x, y] = [cost.get(a) as bigint, cost.get(b) as bigint];
          return x < y ? -1 : x > y ? 1 : compareTies(a, b);
        });
        const { ranked } = findCheapest(catalogue, w, { limit: offered.length });
        expect(ranked.map((r) => r.model.id)).toEqual(expected.map((m: Model) => m.id));
        // A short answer is the head of the whole ranking: the models a ranking skips (their cost above the k-th's) are the ones after it.
        for (const limit of [1, 3, 10]) {
          expect(findCheapest(catalogue, w, { limit }).ranked.map((r) => r.model.id)).toEqual(
            expected.slice(0, limit).map((m: Model) => m.id),
          );
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
