/**
 * catalogueOn: the catalogue as priced on a day. A record whose scheduled change has started is at
 * the new prices (its history and dates kept); the rest are the same records; the tables the
 * rankings walk follow; the days of one period share one catalogue.
 */
import { describe, expect, it } from 'vitest';
import { findCheapest } from '../../../src/core/advice/cheapest.js';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { catalogueOn } from '../../../src/core/catalogue/priced-on.js';
import { provenance } from '../../fixtures/catalogue.js';
import type { Workload } from '../../../src/core/pricing/cost.js';

// Two models: "doubler" doubles on 2027-01-01 (from $1/$2 to $2/$4 per 1M), "steady" costs $1.5/$3 throughout.
const catalogue = buildCatalogue([
  {
    file: 'fixtures/sched.json',
    data: {
      provider: { slug: 'sched', name: 'Sched', pricingUrl: 'https://sched.example/pricing' },
      models: [
        {
          ...provenance,
          id: 'sched-doubler',
          name: 'Doubler',
          tier: 'Budget',
          input: 1,
          output: 2,
          context: '128K',
          contextTokens: 131_072,
          quality: 3,
          useCases: { general: 3 },
          aliases: ['sched-doubler-2026'],
          priceHistory: [{ effectiveFrom: '2027-01-01', input: 2, output: 4, source: 'sched.example, scheduled' }],
        },
        {
          ...provenance,
          id: 'sched-steady',
          name: 'Steady',
          tier: 'Budget',
          input: 1.5,
          output: 3,
          context: '128K',
          contextTokens: 131_072,
          quality: 3,
          useCases: { general: 3 },
        },
      ],
    },
  },
]);

const workload: Workload = { inputTokens: 50_000, outputTokens: 50_000, requests: 20, days: 30, mode: 'standard' };
const order = (day: string) =>
  findCheapest(catalogueOn(catalogue, day), workload, { limit: 5 }).ranked.map((r) => [
    r.model.id,
    r.costs.monthly.toString(),
  ]);

describe('catalogueOn', () => {
  it('is the catalogue itself before any scheduled change starts', () => {
    expect(catalogueOn(catalogue, '2026-11-28')).toBe(catalogue);
    expect(catalogueOn(catalogue, '2026-12-31')).toBe(catalogue);
  });

  it('from the change on, prices the record at the new prices, keeping its history, dates and aliases', () => {
    const priced = catalogueOn(catalogue, '2027-01-01');
    expect(priced).not.toBe(catalogue);
    const doubler = priced.byId.get('sched-doubler')!;
    expect([doubler.input, doubler.output]).toEqual([2, 4]);
    expect(doubler.checkedOn).toBe(catalogue.byId.get('sched-doubler')!.checkedOn);
    expect(doubler.priceHistory).toEqual(catalogue.byId.get('sched-doubler')!.priceHistory);
    expect(priced.byId.get('sched-doubler-2026')).toBe(doubler);
    // The other record is the same object; the stored catalogue is untouched.
    expect(priced.byId.get('sched-steady')).toBe(catalogue.byId.get('sched-steady'));
    expect(catalogue.byId.get('sched-doubler')!.input).toBe(1);
  });

  it('the rankings follow: before the change Doubler is cheapest ($90 a month), after it Steady ($135 against $180)', () => {
    // 50K input + 50K output a request, 20 a day, 30 days: 0.05 × (1 + 2) × 600 = 90; 0.05 × (1.5 + 3) × 600 = 135; 0.05 × (2 + 4) × 600 = 180.
    expect(order('2026-12-31')).toEqual([
      ['sched-doubler', '90'],
      ['sched-steady', '135'],
    ]);
    expect(order('2027-01-01')).toEqual([
      ['sched-steady', '135'],
      ['sched-doubler', '180'],
    ]);
  });

  it('shares one catalogue between the days of one period', () => {
    expect(catalogueOn(catalogue, '2027-03-15')).toBe(catalogueOn(catalogue, '2027-01-01'));
  });
});
