/**
 * The price-sheet engine gives exactly the results of the engine before it (test/core/pricing/oracle,
 * kept verbatim) for every workload that engine could price: costs, request numerators and
 * applied prices, on every model of the data, of the fixtures and on random price records, from
 * a model's own sheets and from the catalogue's (built at the catalogue's digits).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { buildCatalogue, type Catalogue } from '../../../src/core/catalogue/catalogue.js';
import {
  appliedPrices,
  calculateCost,
  costPerRequest,
  requestNumerator,
  type Workload,
} from '../../../src/core/pricing/cost.js';
import { formatScaled } from '../../../src/core/schema/money.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';
import * as before from './oracle/cost-before.js';
import { makersCatalogue } from '../../fixtures/makers-catalogue.js';

const data = makersCatalogue();

const DAY_MS = 86_400_000;

/** Workloads of every shape the old engine took: sizes around every threshold on record, cache use, modes, times of day. */
const workload = fc.record(
  {
    inputTokens: fc.oneof(
      fc.integer({ min: 0, max: 2_000_000 }),
      fc.constantFrom(0, 1, 32_000, 32_001, 128_000, 128_001, 200_000, 200_001, 256_000, 272_000, 272_001),
      fc.integer({ min: 0, max: 100_000_000 }),
    ),
    outputTokens: fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 100_000_000 })),
    requests: fc.integer({ min: 1, max: 1_000_000_000 }),
    days: fc.integer({ min: 1, max: 31 }),
    mode: fc.constantFrom('standard', 'streaming', 'batch'),
    cachedInputTokens: fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: undefined }),
    cacheWriteTokens: fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: undefined }),
    cacheTtl: fc.option(fc.constantFrom('5m', '1h'), { nil: undefined }),
    timeOfDay: fc.option(
      fc.oneof(
        fc.record({ offPeakPercent: fc.integer({ min: 0, max: 100 }) }),
        fc.record({ utcSecond: fc.integer({ min: 0, max: 86_399 }) }),
        fc.record({ instantMs: fc.integer({ min: 0, max: 4000 * DAY_MS }) }),
      ),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['inputTokens', 'outputTokens', 'requests', 'days', 'mode'] },
) as fc.Arbitrary<Workload>;

const text = (usd: { toString(): string }) => usd.toString();
const costsText = (c: ReturnType<typeof calculateCost>) => [c.perRequest, c.daily, c.monthly, c.yearly].map(text);

function agree(catalogue: Catalogue, model: Model, w: Workload): void {
  const expected = costsText(before.calculateCost(model, w));
  expect(costsText(calculateCost(model, w))).toEqual(expected);
  expect(costsText(calculateCost(model, w, catalogue.sheets.get(model)))).toEqual(expected);
  expect(text(costPerRequest(model, w, catalogue.sheets.get(model)))).toBe(expected[0]);
  expect(requestNumerator(model, w)).toBe(before.requestNumerator(model, w));
  expect(appliedPrices(model, w, catalogue.sheets.get(model))).toEqual(before.appliedPrices(model, w));
}

describe('price sheets agree with the engine before them', () => {
  for (const [name, catalogue] of [
    ['data', data],
    ['fixtures', fixtureCatalogue],
  ] as const) {
    it(`on every model of the ${name} catalogue`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...catalogue.models), workload, (model, w) => agree(catalogue, model, w)),
        { numRuns: 1500 },
      );
    }, 60_000);
  }

  it('on random price records, with up to 9 decimals and long-context steps', () => {
    const base = fixtureCatalogue.byId.get('alpha-mini') as Model;
    const price = fc.bigInt({ min: 0n, max: 2_000_000_000_000n }).map((n) => Number(formatScaled(n, 9)));
    const record = fc.record({
      input: price,
      output: price,
      cachedInput: fc.option(price, { nil: undefined }),
      cacheWrite: fc.option(price, { nil: undefined }),
      cacheWrite1h: fc.option(price, { nil: undefined }),
      threshold: fc.integer({ min: 1, max: 500_000 }),
      step: fc.option(fc.tuple(price, price), { nil: undefined }),
      rule: fc.constantFrom('above', 'at'),
      batch: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(record, workload, (r, w) => {
        const model: Model = { ...base, input: r.input, output: r.output, contextTokens: 10_000_000, context: '10M' };
        for (const key of [
          'cachedInput',
          'cacheWrite',
          'cacheWrite1h',
          'batch',
          'longContext',
          'longContextRule',
        ] as const)
          delete model[key];
        if (r.cachedInput !== undefined) model.cachedInput = r.cachedInput;
        if (r.cacheWrite !== undefined) model.cacheWrite = r.cacheWrite;
        if (r.cacheWrite1h !== undefined) model.cacheWrite1h = r.cacheWrite1h;
        if (r.batch !== undefined) model.batch = { discountPercent: r.batch, source: 'https://example.com/batch' };
        if (r.step) {
          model.longContext = { threshold: r.threshold, input: r.step[0], output: r.step[1] };
          model.longContextRule = r.rule;
        }
        const catalogue = buildCatalogue([
          {
            file: 'alpha.json',
            data: {
              provider: { slug: 'alpha', name: 'Alpha', pricingUrl: 'https://example.com', longContextRule: r.rule },
              models: [stripServed(model)],
            },
          },
        ]);
        const served = catalogue.models[0] as Model;
        agree(catalogue, served, w);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

/** The data-file record of a served model (the catalogue adds provider, providerSlug, longContextRule and batch itself). */
function stripServed(model: Model): unknown {
  const { provider: _p, providerSlug: _s, longContextRule: _r, aliases: _a, scores: _q, ...record } = model;
  return record;
}
