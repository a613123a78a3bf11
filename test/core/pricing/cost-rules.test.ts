/**
 * The cost engine's pricing rules of issue 17: the provider's threshold rule (above or at), off-peak
 * prices by share or time of day, 5-minute and 1-hour cache writes, and the appliedPrices that say
 * which prices made each cost. Expected figures are worked by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { appliedPrices, calculateCost, costPerRequest, type Workload } from '../../../src/core/pricing/cost.js';
import { inWindow } from '../../../src/core/pricing/time-of-day.js';
import { rulesCatalogue } from '../../fixtures/pricing-rules.js';

const get = (id: string): Model => {
  const model = rulesCatalogue.byId.get(id);
  if (!model) throw new Error(id);
  return model;
};
const gammaMax = get('gamma-max'); // rule "at", 272K: 2 / 12 → 4 / 18; cached 0.2 → 0.4; writes 2.5 (5m), 4 (1h)
const deltaLong = get('delta-long'); // rule "above": 1 / 2; above 200K 2 / 4; above 500K 3 / 6
const deltaChat = get('delta-chat'); // 0.28 / 0.42, cached 0.028; off-peak 16:30-00:30 UTC 0.14 / 0.21, cached 0.014

const work = (inputTokens: number, outputTokens = 0, extra: Partial<Workload> = {}): Workload => ({
  inputTokens,
  outputTokens,
  requests: 1,
  days: 1,
  mode: 'standard',
  ...extra,
});
const perRequest = (model: Model, w: Workload) => costPerRequest(model, w).toString();

describe('the long-context threshold rule', () => {
  it.each([
    // "at": the long-context prices start at the threshold itself.
    [gammaMax, 271_999, '0.543998', 'standard'], // 271,999 × 2 / 1M
    [gammaMax, 272_000, '1.088', 'from 272K'], // 272,000 × 4 / 1M
    [gammaMax, 272_001, '1.088004', 'from 272K'], // 272,001 × 4 / 1M
    // "above": only beyond it, for each step.
    [deltaLong, 199_999, '0.199999', 'standard'],
    [deltaLong, 200_000, '0.2', 'standard'],
    [deltaLong, 200_001, '0.400002', 'above 200K'],
    [deltaLong, 499_999, '0.999998', 'above 200K'],
    [deltaLong, 500_000, '1', 'above 200K'],
    [deltaLong, 500_001, '1.500003', 'above 500K'],
  ])('%#: %s input tokens cost %s (band %s)', (model, tokens, cost, band) => {
    expect(perRequest(model, work(tokens))).toBe(cost);
    expect(appliedPrices(model, work(tokens)).band).toBe(band);
  });

  it('applies "at" to every long-context step', () => {
    const atSteps: Model = { ...deltaLong, longContextRule: 'at' };
    expect(perRequest(atSteps, work(199_999))).toBe('0.199999');
    expect(perRequest(atSteps, work(200_000))).toBe('0.4'); // 200,000 × 2
    expect(perRequest(atSteps, work(499_999))).toBe('0.999998');
    expect(perRequest(atSteps, work(500_000))).toBe('1.5'); // 500,000 × 3
    expect(appliedPrices(atSteps, work(500_000))).toEqual({ band: 'from 500K', input: 3, output: 6 });
  });

  it('says which band priced the request, with its cached-input price when cache reads were billed', () => {
    expect(appliedPrices(gammaMax, work(2000, 500))).toEqual({ band: 'standard', input: 2, output: 12 });
    expect(appliedPrices(gammaMax, work(300_000, 500, { cachedInputTokens: 100_000 }))).toEqual({
      band: 'from 272K',
      input: 4,
      output: 18,
      cachedInput: 0.4,
    });
    // 200,000 × 4 + 100,000 × 0.4 = 840,000; 500 × 18 = 9,000 → 849,000 per 1M = 0.849
    expect(perRequest(gammaMax, work(300_000, 500, { cachedInputTokens: 100_000 }))).toBe('0.849');
  });
});

describe('off-peak prices', () => {
  // 1,000 in + 1,000 out: peak 0.00028 + 0.00042 = 0.0007; off-peak 0.00014 + 0.00021 = 0.00035.
  it('without a time of day every request is at the peak (standard) prices, and appliedPrices says so', () => {
    expect(perRequest(deltaChat, work(1000, 1000))).toBe('0.0007');
    expect(appliedPrices(deltaChat, work(1000, 1000))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'peak',
    });
    // A model without off-peak prices has no period at all.
    expect(appliedPrices(deltaLong, work(1000, 1000, { timeOfDay: { offPeakPercent: 100 } }))).toEqual({
      band: 'standard',
      input: 1,
      output: 2,
    });
  });

  it('a share of the requests off-peak mixes the two exactly', () => {
    const share = (offPeakPercent: number) =>
      perRequest(deltaChat, work(1000, 1000, { timeOfDay: { offPeakPercent } }));
    expect(share(0)).toBe('0.0007');
    expect(share(100)).toBe('0.00035');
    expect(share(30)).toBe('0.000595'); // 0.7 × 0.0007 + 0.3 × 0.00035 = 0.00049 + 0.000105
    expect(share(33)).toBe('0.0005845'); // 0.67 × 0.0007 + 0.33 × 0.00035 = 0.000469 + 0.0001155
    // One input token: 280 nano-dollars peak, 140 off-peak; 1% off-peak = 277.2 + 1.4 = 278.6 → 279 (half up, once).
    expect(costPerRequest(deltaChat, work(1, 0, { timeOfDay: { offPeakPercent: 1 } })).nanos).toBe(279n);
    expect(appliedPrices(deltaChat, work(1000, 1000, { timeOfDay: { offPeakPercent: 30 } }))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'mixed',
      offPeak: { input: 0.14, output: 0.21, window: '16:30-00:30 UTC', percent: 30 },
    });
  });

  it('a time of day picks the window it falls in: from startUtc up to, not including, endUtc, over midnight', () => {
    const at = (hh: number, mm: number, ss = 0) =>
      perRequest(deltaChat, work(1000, 1000, { timeOfDay: { utcSecond: hh * 3600 + mm * 60 + ss } }));
    expect(at(16, 29, 59)).toBe('0.0007');
    expect(at(16, 30)).toBe('0.00035');
    expect(at(23, 59, 59)).toBe('0.00035');
    expect(at(0, 0)).toBe('0.00035');
    expect(at(0, 29, 59)).toBe('0.00035');
    expect(at(0, 30)).toBe('0.0007');
    expect(at(12, 0)).toBe('0.0007');
    expect(appliedPrices(deltaChat, work(1000, 1000, { timeOfDay: { utcSecond: 18 * 3600 } })).period).toBe('off-peak');
    expect(appliedPrices(deltaChat, work(1000, 1000, { timeOfDay: { utcSecond: 8 * 3600 } }))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'peak',
    });
  });

  it('windows that do not wrap midnight', () => {
    expect(inWindow(3600, '01:00', '04:00')).toBe(true);
    expect(inWindow(4 * 3600, '01:00', '04:00')).toBe(false);
    expect(inWindow(3599, '01:00', '04:00')).toBe(false);
  });

  it('bills cache reads at the off-peak cached price, and combines with batch and streaming', () => {
    // 600 × 0.14 + 400 × 0.014 = 84 + 5.6 = 89.6; 1,000 × 0.21 = 210 → 299.6 per 1M = 0.0002996
    const cached = work(1000, 1000, { cachedInputTokens: 400, timeOfDay: { offPeakPercent: 100 } });
    expect(perRequest(deltaChat, cached)).toBe('0.0002996');
    expect(appliedPrices(deltaChat, cached).offPeak).toEqual({
      input: 0.14,
      output: 0.21,
      cachedInput: 0.014,
      window: '16:30-00:30 UTC',
      percent: 100,
    });
    // Delta sells no batch API (as DeepSeek): batch bills the off-peak prices in full, 0.00035;
    // with a 50% batch discount it is 0.000175. Streaming: 0.00014 + 0.00021 × 1.15 = 0.00014 + 0.0002415
    expect(perRequest(deltaChat, work(1000, 1000, { mode: 'batch', timeOfDay: { offPeakPercent: 100 } }))).toBe(
      '0.00035',
    );
    const batched = { ...deltaChat, batch: { discountPercent: 50, source: 'https://delta.example/batch' } };
    expect(perRequest(batched, work(1000, 1000, { mode: 'batch', timeOfDay: { offPeakPercent: 100 } }))).toBe(
      '0.000175',
    );
    expect(perRequest(deltaChat, work(1000, 1000, { mode: 'streaming', timeOfDay: { offPeakPercent: 100 } }))).toBe(
      '0.0003815',
    );
    // Daily and monthly scale the exact per-request figure: 0.000595 × 1,000 × 30
    const costs = calculateCost(deltaChat, {
      ...work(1000, 1000, { timeOfDay: { offPeakPercent: 30 } }),
      requests: 1000,
      days: 30,
    });
    expect([costs.daily.toString(), costs.monthly.toString(), costs.yearly.toString()]).toEqual([
      '0.595',
      '17.85',
      '214.2',
    ]);
  });
});

describe('cache writes', () => {
  // 10,000 input tokens: 2,000 read from the cache, 4,000 written to it, 4,000 plain.
  const w = (extra: Partial<Workload>) =>
    work(10_000, 0, { cachedInputTokens: 2000, cacheWriteTokens: 4000, ...extra });

  it('bills written tokens at the 5-minute price by default and at the 1-hour price for 1h', () => {
    // 4,000 × 2 + 2,000 × 0.2 + 4,000 × 2.5 = 8,000 + 400 + 10,000 = 18,400 per 1M
    expect(perRequest(gammaMax, w({}))).toBe('0.0184');
    expect(appliedPrices(gammaMax, w({}))).toEqual({
      band: 'standard',
      input: 2,
      output: 12,
      cachedInput: 0.2,
      cacheWrite: 2.5,
      cacheTtl: '5m',
    });
    // 4,000 × 4 instead: 8,000 + 400 + 16,000 = 24,400
    expect(perRequest(gammaMax, w({ cacheTtl: '1h' }))).toBe('0.0244');
    expect(appliedPrices(gammaMax, w({ cacheTtl: '1h' }))).toMatchObject({ cacheWrite: 4, cacheTtl: '1h' });
  });

  it('bills writes as input, and says so, when the model publishes no write price for the lifetime', () => {
    // delta-chat: 8,000 × 0.28 (4,000 plain and 4,000 written) + 2,000 × 0.028 = 2,240 + 56 = 2,296
    expect(perRequest(deltaChat, w({}))).toBe('0.002296');
    expect(appliedPrices(deltaChat, w({ cacheTtl: '1h' }))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      cachedInput: 0.028,
      cacheWrite: 0.28,
      cacheTtl: '1h',
      cacheWriteAsInput: true,
      period: 'peak',
    });
    // gamma-old publishes neither cache price: everything at its input price, 10,000 × 1
    expect(perRequest(get('gamma-old'), w({}))).toBe('0.01');
  });

  it('no writes, no write price in appliedPrices; reads and writes never bill more tokens than the input', () => {
    expect(appliedPrices(gammaMax, work(10_000, 0, { cacheWriteTokens: 0 }))).toEqual({
      band: 'standard',
      input: 2,
      output: 12,
    });
    // 10,000 cached + 5,000 written of 10,000: the writes get what is left (none)
    expect(perRequest(gammaMax, work(10_000, 0, { cachedInputTokens: 10_000, cacheWriteTokens: 5000 }))).toBe('0.002');
  });
});
