/**
 * forEachEligible reads the catalogue's filter columns (filter-table.ts), built at load: for any
 * filters and workload it offers exactly the models, in order, and counts exactly the exclusions,
 * that the plain rules give each record (the filters as documented, fit.ts's exclusionOf, then
 * eligible.ts's partsExclusion on its standard sheet, then a service tier it is not sold on).
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_STATUSES, TIERS, USE_CASES, type Model } from '../../../src/core/schema/catalogue-schema.js';
import { QUALITY_BANDS } from '../../../src/core/advice/cheapest.js';
import type { Workload } from '../../../src/core/pricing/cost.js';
import {
  forEachEligible,
  partsExclusion,
  unpricedCandidates,
  type Excluded,
} from '../../../src/core/advice/eligible.js';
import { columnFilters } from '../../../src/core/catalogue/filter-table.js';
import { exclusionOf } from '../../../src/core/pricing/fit.js';
import { costWarnings } from '../../../src/core/pricing/warnings.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', '..', 'data'));
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const request = fc.record({
  status: opt(fc.constantFrom(...MODEL_STATUSES)),
  tier: opt(fc.constantFrom(...TIERS)),
  band: opt(fc.constantFrom('high', 'budget') as fc.Arbitrary<keyof typeof QUALITY_BANDS>),
  useCase: opt(fc.constantFrom(...USE_CASES)),
  minQuality: opt(fc.integer({ min: 1, max: 5 })),
  minContext: opt(fc.constantFrom(8_000, 128_000, 200_000, 1_000_000)),
  includeFreeTier: fc.boolean(),
  inputTokens: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.constantFrom(128_000, 200_000, 1_000_000)),
  outputTokens: fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.constantFrom(8_192, 32_768, 65_536)),
  audio: fc.constantFrom(0, 0, 100),
  image: fc.constantFrom(0, 0, 50),
  searches: fc.constantFrom(0, 0, 2),
  serviceTier: fc.constantFrom(undefined, undefined, 'flex', 'priority', 'fast'),
  tierFallback: fc.boolean(),
});

describe('forEachEligible', () => {
  it('offers and leaves out what the plain rules say, for any filters and workload', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(request, (r) => {
        const w: Workload = {
          inputTokens: r.inputTokens,
          outputTokens: r.outputTokens,
          requests: 1,
          days: 1,
          mode: 'standard',
          extras: {
            inputAudioTokens: Math.min(r.audio, r.inputTokens),
            outputImageTokens: Math.min(r.image, r.outputTokens),
            webSearches: r.searches,
          },
          ...(r.serviceTier ? { serviceTier: r.serviceTier } : {}),
        };
        const band = r.band === undefined ? undefined : QUALITY_BANDS[r.band];
        const offered: string[] = [];
        const excluded = forEachEligible(
          catalogue,
          columnFilters(r, band),
          w,
          { includeFreeTier: r.includeFreeTier, tierFallback: r.tierFallback },
          (m, i) => {
            expect(catalogue.rankable[i]).toBe(m);
            offered.push(m.id);
          },
        );
        const meets = (m: Model) =>
          (r.status === undefined || m.status === r.status) &&
          (r.tier === undefined || m.tier === r.tier) &&
          (band === undefined || band.includes(m.tier)) &&
          (r.useCase === undefined || (m.useCases[r.useCase] ?? 0) >= 3) &&
          (r.minQuality === undefined || m.quality >= r.minQuality) &&
          (r.minContext === undefined || m.contextTokens >= r.minContext);
        const used = unpricedCandidates(w);
        const plain: Excluded = {};
        const plainOffered: string[] = [];
        catalogue.rankable.filter(meets).forEach((m) => {
          // Then a service tier asked that the model is not sold on (its warning says so), unless asked to fall back.
          const offTier =
            !r.tierFallback && costWarnings(m, w).some((x) => x.code === 'service_tier_not_offered')
              ? ('service_tier_not_offered' as const)
              : undefined;
          const why =
            exclusionOf(m, r.inputTokens, r.outputTokens, r.includeFreeTier) ??
            partsExclusion(m, catalogue.sheets.get(m)!.bands[0]!.billedAs, w, used) ??
            offTier;
          if (why === undefined) plainOffered.push(m.id);
          else plain[why] = (plain[why] ?? 0) + 1;
        });
        expect(offered).toEqual(plainOffered);
        expect(excluded).toEqual(plain);
        for (const why of Object.keys(plain)) seen.add(why);
        if (offered.length) seen.add('offered');
      }),
      { numRuns: 300 },
    );
    // The runs reached every rule.
    expect([...seen].sort()).toEqual([
      'context_window',
      'free_tier_only',
      'max_output',
      'modality',
      'modality_unknown',
      'offered',
      'service_tier_not_offered',
      'unit_unpriced',
    ]);
  });
});
