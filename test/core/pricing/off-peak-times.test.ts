/**
 * Off-peak prices in several daily windows and at weekends (DeepSeek V4 since August 2026), and
 * long-context cache-write prices: the schema that holds them and the cost engine that bills them.
 * Expected figures are worked by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { buildCatalogue, CatalogueError } from '../../../src/core/catalogue/catalogue.js';
import { appliedPrices, costPerRequest, type Workload } from '../../../src/core/pricing/cost.js';
import { describeOffPeak } from '../../../src/core/pricing/time-of-day.js';
import { deltaFile, gammaFile, rulesCatalogue } from '../../fixtures/pricing-rules.js';

const deltaChat = rulesCatalogue.byId.get('delta-chat') as Model; // 0.28 / 0.42 peak, 0.14 / 0.21 off-peak
const gammaMax = rulesCatalogue.byId.get('gamma-max') as Model; // "at" 272K: 2 → 4 input; writes 2.5 (5m), 4 (1h)

/** DeepSeek V4's shape: off-peak 10:00-01:00 and 04:00-06:00 UTC, and all weekend (Beijing time) since 2026-08-23. */
const twoWindows: Model = {
  ...deltaChat,
  offPeak: {
    input: 0.14,
    output: 0.21,
    cachedInput: 0.014,
    windows: [
      { startUtc: '10:00', endUtc: '01:00' },
      { startUtc: '04:00', endUtc: '06:00' },
    ],
    weekends: { utcOffset: '+08:00', since: '2026-08-23' },
  },
};
/** One short window, so a weekend's edges fall in the peak hours. */
const weekendsAt = (utcOffset: string): Model => ({
  ...deltaChat,
  offPeak: { input: 0.14, output: 0.21, startUtc: '12:00', endUtc: '13:00', weekends: { utcOffset } },
});

// 1,000 in + 1,000 out: peak 0.00028 + 0.00042 = 0.0007; off-peak 0.00014 + 0.00021 = 0.00035.
const work = (timeOfDay: Workload['timeOfDay'], extra: Partial<Workload> = {}): Workload => ({
  inputTokens: 1000,
  outputTokens: 1000,
  requests: 1,
  days: 1,
  mode: 'standard',
  ...(timeOfDay ? { timeOfDay } : {}),
  ...extra,
});
const second = (hhmmss: string) =>
  hhmmss
    .split(':')
    .map(Number)
    .reduce((a, b) => a * 60 + b, 0);
const atTime = (model: Model, hhmmss: string) => costPerRequest(model, work({ utcSecond: second(hhmmss) })).toString();
const atInstant = (model: Model, iso: string) => costPerRequest(model, work({ instantMs: Date.parse(iso) })).toString();

describe('several daily off-peak windows', () => {
  it.each([
    ['00:59:59', '0.00035'],
    ['01:00:00', '0.0007'],
    ['03:59:59', '0.0007'],
    ['04:00:00', '0.00035'],
    ['05:59:59', '0.00035'],
    ['06:00:00', '0.0007'],
    ['09:59:59', '0.0007'],
    ['10:00:00', '0.00035'],
    ['23:59:59', '0.00035'],
  ])('at %s UTC a request costs %s', (time, cost) => {
    expect(atTime(twoWindows, time)).toBe(cost);
  });

  it('appliedPrices names every window and the weekend rule, and that a time of day alone is taken as a weekday', () => {
    expect(appliedPrices(twoWindows, work({ utcSecond: second('04:30:00') }))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'off-peak',
      day: 'weekday',
      dayAssumed: true,
      offPeak: {
        input: 0.14,
        output: 0.21,
        window: '10:00-01:00 and 04:00-06:00 UTC, all weekend (UTC+08:00) since 2026-08-23',
        percent: 100,
      },
    });
    // A share keeps its meaning (percent of requests at the off-peak prices): no day involved.
    const mixed = appliedPrices(twoWindows, work({ offPeakPercent: 30 }));
    expect(mixed).toMatchObject({ period: 'mixed', offPeak: { percent: 30 } });
    expect(mixed).not.toHaveProperty('day');
    // A model without the weekend rule says nothing about days.
    expect(appliedPrices(deltaChat, work({ instantMs: Date.parse('2026-11-21T18:00:00Z') }))).not.toHaveProperty('day');
    expect(describeOffPeak(deltaChat.offPeak as NonNullable<Model['offPeak']>)).toBe('16:30-00:30 UTC');
  });
});

describe('weekend off-peak prices', () => {
  it('an instant in the peak hours of a Saturday or Sunday (Beijing time) is off-peak; of a weekday, peak', () => {
    expect(atInstant(twoWindows, '2026-11-21T02:00:00Z')).toBe('0.00035'); // Saturday 10:00 in Beijing
    expect(atInstant(twoWindows, '2026-11-22T07:00:00Z')).toBe('0.00035'); // Sunday 15:00
    expect(atInstant(twoWindows, '2026-11-23T02:00:00Z')).toBe('0.0007'); // Monday 10:00
    expect(atInstant(twoWindows, '2026-11-18T04:30:00Z')).toBe('0.00035'); // Wednesday, in the 04:00-06:00 window
    expect(appliedPrices(twoWindows, work({ instantMs: Date.parse('2026-11-21T02:00:00Z') }))).toMatchObject({
      period: 'off-peak',
      day: 'weekend',
    });
    expect(appliedPrices(twoWindows, work({ instantMs: Date.parse('2026-11-23T02:00:00Z') }))).toEqual({
      band: 'standard',
      input: 0.28,
      output: 0.42,
      period: 'peak',
      day: 'weekday',
    });
  });

  it('the same time of day without a date is priced as on a weekday', () => {
    expect(atTime(twoWindows, '02:00:00')).toBe('0.0007');
  });

  it("only from the weekend rule's first day: Saturday 2026-08-22 in Beijing is still peak", () => {
    expect(atInstant(twoWindows, '2026-08-22T02:00:00Z')).toBe('0.0007');
    expect(appliedPrices(twoWindows, work({ instantMs: Date.parse('2026-08-22T02:00:00Z') })).day).toBe('weekday');
    expect(atInstant(twoWindows, '2026-08-23T02:00:00Z')).toBe('0.00035'); // Sunday 2026-08-23
  });

  it.each([
    // UTC+08:00: Saturday starts at Friday 16:00 UTC and Monday at Sunday 16:00 UTC.
    ['+08:00', '2026-11-20T15:59:59Z', '0.0007'],
    ['+08:00', '2026-11-20T16:00:00Z', '0.00035'],
    ['+08:00', '2026-11-22T15:59:59Z', '0.00035'],
    ['+08:00', '2026-11-22T16:00:00Z', '0.0007'],
    // UTC-05:00: Saturday starts at Saturday 05:00 UTC.
    ['-05:00', '2026-11-21T04:59:59Z', '0.0007'],
    ['-05:00', '2026-11-21T05:00:00Z', '0.00035'],
    ['-05:00', '2026-11-23T04:59:59Z', '0.00035'],
    ['-05:00', '2026-11-23T05:00:00Z', '0.0007'],
  ])('with offset %s, %s costs %s', (offset, iso, cost) => {
    expect(atInstant(weekendsAt(offset), iso)).toBe(cost);
  });
});

describe('cache writes off-peak', () => {
  it('writes without a write price are billed as input at the prices in force: off-peak input off-peak', () => {
    // 1,000 input of which 400 written: 1,000 × 0.14 + 1,000 × 0.21 = 350 per 1M, as with no writes.
    const written = work({ utcSecond: second('04:30:00') }, { cacheWriteTokens: 400 });
    expect(costPerRequest(twoWindows, written).toString()).toBe('0.00035');
    expect(appliedPrices(twoWindows, written)).toMatchObject({
      cacheWrite: 0.28,
      cacheWriteAsInput: true,
      offPeak: { input: 0.14, cacheWrite: 0.14 },
    });
    // Half the requests off-peak: 500 × 0.0007 + ... = (0.0007 + 0.00035) / 2
    expect(costPerRequest(twoWindows, work({ offPeakPercent: 50 }, { cacheWriteTokens: 400 })).toString()).toBe(
      '0.000525',
    );
  });
});

describe('long-context cache-write prices', () => {
  // gamma-max with GPT-5.6 Terra's shape: writes 2.5 below 272K, 5 from 272K; 1-hour 4 → 8.
  const terra: Model = {
    ...gammaMax,
    longContext: { threshold: 272_000, input: 4, output: 18, cachedInput: 0.4, cacheWrite: 5, cacheWrite1h: 8 },
  };
  const writes = (input: number, cacheTtl: '5m' | '1h' = '5m'): Workload => ({
    inputTokens: input,
    outputTokens: 0,
    requests: 1,
    days: 1,
    mode: 'standard',
    cacheWriteTokens: 100_000,
    cacheTtl,
  });

  it.each([
    // 171,999 × 2 + 100,000 × 2.5 = 343,998 + 250,000 = 593,998 per 1M
    [271_999, '5m', '0.593998', 2.5],
    // 172,000 × 4 + 100,000 × 5 = 688,000 + 500,000
    [272_000, '5m', '1.188', 5],
    // 1 hour: 171,999 × 2 + 100,000 × 4 = 743,998; from 272K 172,000 × 4 + 100,000 × 8 = 1,488,000
    [271_999, '1h', '0.743998', 4],
    [272_000, '1h', '1.488', 8],
  ] as const)('%s input tokens with 100,000 written (%s) cost %s, written at %s', (input, ttl, cost, price) => {
    expect(costPerRequest(terra, writes(input, ttl)).toString()).toBe(cost);
    expect(appliedPrices(terra, writes(input, ttl))).toMatchObject({ cacheWrite: price, cacheTtl: ttl });
  });

  it("a band without its own write price uses the model's", () => {
    // gamma-max's fixture band has none: 172,000 × 4 + 100,000 × 2.5 = 938,000
    expect(costPerRequest(gammaMax, writes(272_000)).toString()).toBe('0.938');
    expect(appliedPrices(gammaMax, writes(272_000, '1h')).cacheWrite).toBe(4);
  });
});

describe('the loader', () => {
  type Json = any; // any: the test breaks one field of parsed JSON at a time
  const load = (change: (offPeak: Json, long: Json) => void) => {
    const [gamma, delta] = structuredClone([gammaFile, deltaFile]);
    change((delta?.data as Json).models[0].offPeak, (gamma?.data as Json).models[0].longContext);
    try {
      buildCatalogue([gamma, delta] as (typeof gammaFile)[]);
      return 'loaded';
    } catch (err) {
      expect(err).toBeInstanceOf(CatalogueError);
      return (err as Error).message;
    }
  };
  const windows = (o: Json) => {
    delete o.startUtc;
    delete o.endUtc;
    o.windows = [
      { startUtc: '10:00', endUtc: '01:00' },
      { startUtc: '04:00', endUtc: '06:00' },
    ];
  };

  it('takes several windows, a weekend rule and long-context write prices', () => {
    expect(
      load((o, l) => {
        windows(o);
        o.weekends = { utcOffset: '+08:00', since: '2026-08-23' };
        l.cacheWrite = 5;
        l.cacheWrite1h = 8;
      }),
    ).toBe('loaded');
  });

  it.each([
    [
      'both a window and windows',
      (o: Json) => {
        o.windows = [{ startUtc: '04:00', endUtc: '06:00' }];
      },
      'startUtc and endUtc, or windows',
    ],
    [
      'neither',
      (o: Json) => {
        delete o.startUtc;
        delete o.endUtc;
      },
      'startUtc and endUtc, or windows',
    ],
    [
      'an empty window',
      (o: Json) => {
        windows(o);
        o.windows[1].endUtc = '04:00';
      },
      'field "offPeak.windows.1.endUtc": a window needs startUtc and endUtc to differ',
    ],
    [
      'no windows',
      (o: Json) => {
        windows(o);
        o.windows = [];
      },
      'field "offPeak.windows"',
    ],
    [
      'an offset that is not one',
      (o: Json) => {
        o.weekends = { utcOffset: 'Asia/Shanghai' };
      },
      'a UTC offset as +HH:MM or -HH:MM',
    ],
    [
      'an unknown weekend field',
      (o: Json) => {
        o.weekends = { utcOffset: '+08:00', days: ['sat'] };
      },
      'field "offPeak.weekends"',
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(load(change)).toContain(message);
  });

  it('refuses a long-context write price that is not a price', () => {
    expect(
      load((_o, l) => {
        l.cacheWrite = -1;
      }),
    ).toContain('field "longContext.cacheWrite"');
  });
});
