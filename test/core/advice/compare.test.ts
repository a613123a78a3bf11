import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { compareModels } from '../../../src/core/advice/compare.js';
import type { Workload } from '../../../src/core/pricing/cost.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

const workload: Workload = { inputTokens: 1000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' };
const models = (...ids: string[]) => ids.map((id) => fixtureCatalogue.byId.get(id) as Model);

function summary(ids: string[], w = workload) {
  const { summary: s } = compareModels(models(...ids), w);
  return {
    cheapest: [s.cheapest.model.id, s.cheapest.monthly.toString()],
    mostExpensive: [s.mostExpensive.model.id, s.mostExpensive.monthly.toString()],
    savings: [s.savings.monthly.toString(), s.savings.yearly.toString(), s.savings.percent],
  };
}

describe('compareModels', () => {
  it('keeps the order given and computes every cost', () => {
    const { comparison } = compareModels(models('alpha-large', 'beta-classic'), workload);
    expect(
      comparison.map((c) => [
        c.model.id,
        c.costs.perRequest.toString(),
        c.costs.daily.toString(),
        c.costs.monthly.toString(),
        c.costs.yearly.toString(),
      ]),
    ).toEqual([
      // 1000 × 3/1M + 500 × 15/1M = 0.003 + 0.0075 = 0.0105; 10.5; 315; 3780
      ['alpha-large', '0.0105', '10.5', '315', '3780'],
      // 1000 × 0.1/1M + 500 × 0.2/1M = 0.0001 + 0.0001 = 0.0002; 0.2; 6; 72
      ['beta-classic', '0.0002', '0.2', '6', '72'],
    ]);
  });

  it('names the cheapest and the most expensive and what is saved', () => {
    // alpha-large 315, beta-classic 6, alpha-mini (1000 × 0.25/1M + 500 × 2/1M = 0.00125) 37.5
    // savings 315 − 6 = 309 a month, 3780 − 72 = 3708 a year, 309 / 315 = 98.095…% → 98.1
    expect(summary(['alpha-large', 'beta-classic', 'alpha-mini'])).toEqual({
      cheapest: ['beta-classic', '6'],
      mostExpensive: ['alpha-large', '315'],
      savings: ['309', '3708', 98.1],
    });
    // alpha-nano 1000 × 0.05/1M + 500 × 0.4/1M = 0.00025 → 7.5; beta-pro 0.00125 + 0.005 = 0.00625 → 187.5
    // 180 a month, 2160 a year, 180 / 187.5 = 96%
    expect(summary(['beta-pro', 'alpha-nano'])).toEqual({
      cheapest: ['alpha-nano', '7.5'],
      mostExpensive: ['beta-pro', '187.5'],
      savings: ['180', '2160', 96],
    });
  });

  it('rounds the percent to two decimals', () => {
    // alpha-mini 37.5 vs beta-flash (1000 × 0.1/1M + 500 × 0.4/1M = 0.0003) 9: 28.5 / 37.5 = 76%
    expect(summary(['alpha-mini', 'beta-flash']).savings).toEqual(['28.5', '342', 76]);
    // beta-pro 187.5 vs beta-flash 9: 178.5 / 187.5 = 95.2%
    expect(summary(['beta-pro', 'beta-flash']).savings[2]).toBe(95.2);
    // alpha-large 315 vs alpha-nano 7.5: 307.5 / 315 = 97.619…% → 97.62
    expect(summary(['alpha-large', 'alpha-nano']).savings[2]).toBe(97.62);
  });

  it('gives equal costs to the first given, with nothing saved', () => {
    // at 2000 in: alpha-nano 0.0001 + 0.0002 = 0.0003, beta-classic 0.0002 + 0.0001 = 0.0003
    expect(summary(['beta-classic', 'alpha-nano'], { ...workload, inputTokens: 2000 })).toEqual({
      cheapest: ['beta-classic', '9'],
      mostExpensive: ['beta-classic', '9'],
      savings: ['0', '0', 0],
    });
  });

  it('answers 0% when everything is free', () => {
    expect(summary(['alpha-large', 'beta-pro'], { ...workload, inputTokens: 0, outputTokens: 0 }).savings).toEqual([
      '0',
      '0',
      0,
    ]);
  });

  it('needs a model', () => {
    expect(() => compareModels([], workload)).toThrow(RangeError);
  });
});
