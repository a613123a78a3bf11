import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import {
  calculateCost,
  monthlyCost,
  priceNanos,
  type CostsWithYear,
  type Workload,
} from '../../../src/core/pricing/cost.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

function model(id: string): Model {
  const m = fixtureCatalogue.byId.get(id);
  if (!m) throw new Error(`fixture has no ${id}`);
  return m;
}

const standard: Workload = { inputTokens: 2000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' };

function text(costs: CostsWithYear) {
  return {
    perRequest: costs.perRequest.toString(),
    daily: costs.daily.toString(),
    monthly: costs.monthly.toString(),
    yearly: costs.yearly.toString(),
  };
}

describe('calculateCost', () => {
  it('works out the yearly cost only where asked: monthlyCost is calculateCost without it', () => {
    const { yearly, ...rest } = calculateCost(model('alpha-large'), standard);
    expect(yearly.toString()).toBe('4860');
    const monthly = monthlyCost(model('alpha-large'), standard);
    expect(Object.keys(monthly)).toEqual(['perRequest', 'daily', 'monthly']);
    expect(Object.fromEntries(Object.entries(monthly).map(([k, v]) => [k, v.toString()]))).toEqual(
      Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.toString()])),
    );
  });

  it('standard: input × price/1M + output × price/1M, then × requests, × days, × 12', () => {
    // 2000 × $3/1M + 500 × $15/1M = 0.006 + 0.0075 = 0.0135; × 1000 = 13.5; × 30 = 405; × 12 = 4860
    expect(text(calculateCost(model('alpha-large'), standard))).toEqual({
      perRequest: '0.0135',
      daily: '13.5',
      monthly: '405',
      yearly: '4860',
    });
    // 2000 × $1.25/1M + 500 × $10/1M = 0.0025 + 0.005 = 0.0075; 7.5; 225; 2700
    expect(text(calculateCost(model('beta-pro'), standard))).toEqual({
      perRequest: '0.0075',
      daily: '7.5',
      monthly: '225',
      yearly: '2700',
    });
  });

  it('has no float noise where floats have it', () => {
    // 2000 × $0.05/1M + 500 × $0.4/1M = 0.0001 + 0.0002 = 0.0003 (floats: 0.00030000000000000003)
    expect((2000 * 0.05) / 1e6 + (500 * 0.4) / 1e6).not.toBe(0.0003);
    expect(text(calculateCost(model('alpha-nano'), standard))).toEqual({
      perRequest: '0.0003',
      daily: '0.3',
      monthly: '9',
      yearly: '108',
    });
    // 2000 × $0.1/1M + 500 × $0.2/1M = 0.0002 + 0.0001 = 0.0003
    expect(text(calculateCost(model('beta-classic'), standard)).perRequest).toBe('0.0003');
  });

  it('streaming multiplies the output part by 1.15', () => {
    // 2000 × 3/1M + 500 × 15/1M × 1.15 = 0.006 + 0.008625 = 0.014625; 14.625; 438.75; 5265
    expect(text(calculateCost(model('alpha-large'), { ...standard, mode: 'streaming' }))).toEqual({
      perRequest: '0.014625',
      daily: '14.625',
      monthly: '438.75',
      yearly: '5265',
    });
    // 0.0001 + 0.0002 × 1.15 = 0.00033
    expect(calculateCost(model('alpha-nano'), { ...standard, mode: 'streaming' }).perRequest.toString()).toBe(
      '0.00033',
    );
  });

  it('batch halves the total', () => {
    // 0.0135 / 2 = 0.00675; 6.75; 202.5; 2430
    expect(text(calculateCost(model('alpha-large'), { ...standard, mode: 'batch' }))).toEqual({
      perRequest: '0.00675',
      daily: '6.75',
      monthly: '202.5',
      yearly: '2430',
    });
  });

  it('uses requests and days as given', () => {
    // 1234 × 1.25/1M + 567 × 10/1M = 0.0015425 + 0.00567 = 0.0072125
    // × 89 = 0.6419125; × 7 = 4.4933875; × 12 = 53.92065
    const costs = calculateCost(model('beta-pro'), {
      inputTokens: 1234,
      outputTokens: 567,
      requests: 89,
      days: 7,
      mode: 'standard',
    });
    expect(text(costs)).toEqual({
      perRequest: '0.0072125',
      daily: '0.6419125',
      monthly: '4.4933875',
      yearly: '53.92065',
    });
  });

  it('zero tokens cost nothing', () => {
    expect(text(calculateCost(model('alpha-large'), { ...standard, inputTokens: 0, outputTokens: 0 }))).toEqual({
      perRequest: '0',
      daily: '0',
      monthly: '0',
      yearly: '0',
    });
  });

  it('rounds each figure once, from the exact value, half up to the nano-dollar', () => {
    // A price of $0.001/1M is 1 nano-dollar per token; batch halves 1 token to 0.5 nano → rounds to 1.
    // daily = 0.5 nano × 1000 = 500 nano exactly (not 1 nano × 1000); monthly 15000; yearly 180000.
    const tiny: Model = { ...model('alpha-nano'), id: 'alpha-tiny', input: 0.001, output: 0 };
    const costs = calculateCost(tiny, { inputTokens: 1, outputTokens: 0, requests: 1000, days: 30, mode: 'batch' });
    expect(text(costs)).toEqual({
      perRequest: '0.000000001',
      daily: '0.0000005',
      monthly: '0.000015',
      yearly: '0.00018',
    });
    // 0.4 nano rounds down to 0
    const tinier: Model = { ...tiny, input: 0.0004 };
    expect(calculateCost(tinier, { ...standard, inputTokens: 1, outputTokens: 0 }).perRequest.toString()).toBe('0');
  });

  it('is exact for the largest workloads the API accepts', () => {
    // 1e8 × 15/1M = 1500 per request (output only); × 1e9 = 1.5e12; × 31 = 4.65e13; × 12 = 5.58e14
    const costs = calculateCost(model('alpha-large'), {
      inputTokens: 0,
      outputTokens: 100_000_000,
      requests: 1_000_000_000,
      days: 31,
      mode: 'standard',
    });
    expect(text(costs)).toEqual({
      perRequest: '1500',
      daily: '1500000000000',
      monthly: '46500000000000',
      yearly: '558000000000000',
    });
  });

  describe('long-context prices', () => {
    it('apply to the whole request only above the threshold', () => {
      // At the threshold: 200000 × 3/1M + 1000 × 15/1M = 0.6 + 0.015 = 0.615
      expect(
        calculateCost(model('alpha-large'), {
          ...standard,
          inputTokens: 200_000,
          outputTokens: 1000,
        }).perRequest.toString(),
      ).toBe('0.615');
      // One above: 200001 × 6/1M + 1000 × 22.5/1M = 1.200006 + 0.0225 = 1.222506
      expect(
        calculateCost(model('alpha-large'), {
          ...standard,
          inputTokens: 200_001,
          outputTokens: 1000,
        }).perRequest.toString(),
      ).toBe('1.222506');
    });

    it('do not touch models without them', () => {
      // 300000 × 1.25/1M = 0.375
      expect(
        calculateCost(model('beta-pro'), { ...standard, inputTokens: 300_000, outputTokens: 0 }).perRequest.toString(),
      ).toBe('0.375');
    });
  });

  describe('cached input tokens', () => {
    it('are billed at the cached-input price', () => {
      // 50000 × 3/1M + 100000 × 0.3/1M = 0.15 + 0.03 = 0.18
      const w = { ...standard, inputTokens: 150_000, cachedInputTokens: 100_000, outputTokens: 0 };
      expect(calculateCost(model('alpha-large'), w).perRequest.toString()).toBe('0.18');
    });

    it('above the long-context threshold use the long-context cached price', () => {
      // 200000 × 6/1M + 100000 × 0.6/1M = 1.2 + 0.06 = 1.26
      const w = { ...standard, inputTokens: 300_000, cachedInputTokens: 100_000, outputTokens: 0 };
      expect(calculateCost(model('alpha-large'), w).perRequest.toString()).toBe('1.26');
    });

    it('fall back to the input price when the model has no cached price, and never exceed the input', () => {
      // 1000 × 0.25/1M = 0.00025 whether cached or not
      expect(
        calculateCost(model('alpha-mini'), {
          ...standard,
          inputTokens: 1000,
          cachedInputTokens: 1000,
          outputTokens: 0,
        }).perRequest.toString(),
      ).toBe('0.00025');
      // cached 5000 of 1000 counts as 1000 cached: 1000 × 0.3/1M = 0.0003
      expect(
        calculateCost(model('alpha-large'), {
          ...standard,
          inputTokens: 1000,
          cachedInputTokens: 5000,
          outputTokens: 0,
        }).perRequest.toString(),
      ).toBe('0.0003');
    });
  });
});

describe('priceNanos', () => {
  it('reads prices per 1M tokens as whole nano-dollars', () => {
    expect(priceNanos(3)).toBe(3_000_000_000n);
    expect(priceNanos(0.05)).toBe(50_000_000n);
    expect(priceNanos(22.5)).toBe(22_500_000_000n);
    expect(priceNanos(0.000000001)).toBe(1n);
  });

  it('refuses prices finer than a nano-dollar', () => {
    expect(() => priceNanos(0.0000000001)).toThrow(RangeError);
  });
});
