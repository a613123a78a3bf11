/**
 * Parity with genai-prices' engine (@pydantic/genai-prices 0.1.8, a devDependency; its price data
 * is bundled, so no network): for every catalogue model it also lists whose prices agree with
 * ours, a set of workloads (inputs just below, at and just above each long-context threshold, cache
 * reads and writes) costs the same to the nano-dollar by its calcPrice and by our cost function.
 * Where the data disagrees the model (or the workloads using the disagreeing price) is skipped and
 * counted; the test fails if nothing is compared.
 */
import { calcPrice, type ModelPrice } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../../src/core/schema/catalogue-schema.js';
import { calculateCost, type Workload } from '../../../src/core/pricing/cost.js';
import { offPeakWindows } from '../../../src/core/pricing/time-of-day.js';
import { makersCatalogue } from '../../fixtures/makers-catalogue.js';

const catalogue = makersCatalogue();

/** genai-prices' provider ids for ours (Alibaba and NVIDIA are not in its data). */
const PROVIDERS: Record<string, string> = {
  moonshot: 'moonshotai',
  zhipu: 'zai',
  minimax: 'minimax',
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  xai: 'x-ai',
  cohere: 'cohere',
  amazon: 'aws',
  together: 'together',
};

/** A price per 1M tokens by total input tokens: base, then [start, price] steps, each from inputs > start. */
interface Schedule {
  base: number;
  tiers: Array<[number, number]>;
}

/** genai-prices' price (a number or tiered), steps that change nothing left out. */
function theirs(value: ModelPrice[string]): Schedule | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return { base: value, tiers: [] };
  return normalise(
    value.base,
    value.tiers.map((t) => [t.start, t.price]),
  );
}

function normalise(base: number, tiers: Array<[number, number]>): Schedule {
  const kept: Array<[number, number]> = [];
  let last = base;
  for (const [start, price] of [...tiers].sort((a, b) => a[0] - b[0])) {
    if (price !== last) kept.push([start, price]);
    last = price;
  }
  return { base, tiers: kept };
}

/**
 * Our record as the same kind of schedules. genai-prices starts a tier when the input is greater
 * than its start, so our "at" threshold T is its start T − 1. A cache price we do not publish is
 * billed at the input price, as genai-prices bills usage whose price it does not list.
 */
function ours(model: Model) {
  const steps = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
  const start = (t: number) => (model.longContextRule === 'at' ? t - 1 : t);
  const schedule = (base: number, price: (s: (typeof steps)[number]) => number) =>
    normalise(
      base,
      steps.map((s) => [start(s.threshold), price(s)]),
    );
  const input = schedule(model.input, (s) => s.input);
  const cachedInput = model.cachedInput;
  return {
    input,
    output: schedule(model.output, (s) => s.output),
    cacheRead: cachedInput === undefined ? input : schedule(cachedInput, (s) => s.cachedInput ?? cachedInput),
    // A band's own write price where it has one, else the model's (as the cost engine bills them).
    cacheWrite:
      model.cacheWrite === undefined
        ? input
        : schedule(model.cacheWrite, (s) => s.cacheWrite ?? (model.cacheWrite as number)),
    cacheWrite1h:
      model.cacheWrite1h === undefined
        ? undefined
        : schedule(model.cacheWrite1h, (s) => s.cacheWrite1h ?? (model.cacheWrite1h as number)),
  };
}

/** Their prices of the units beyond text tokens, by our unitPrices names. */
const UNIT_KEYS = {
  inputAudio: 'input_audio_mtok',
  cachedInputAudio: 'cache_audio_read_mtok',
  outputAudio: 'output_audio_mtok',
  inputImage: 'input_image_mtok',
  outputImage: 'output_image_mtok',
  inputVideo: 'input_video_mtok',
  outputVideo: 'output_video_mtok',
  outputReasoning: 'output_reasoning_mtok',
  webSearches: 'web_searches_kcount',
  requests: 'requests_kcount',
} as const;

/** Whether our unit prices are exactly theirs (each flat; none on one side only). */
function sameUnits(model: Model, them: ModelPrice): boolean {
  return Object.entries(UNIT_KEYS).every(
    ([ours, key]) => model.unitPrices?.[ours as keyof typeof UNIT_KEYS] === them[key],
  );
}

const same = (a: Schedule | undefined, b: Schedule | undefined) =>
  a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);

interface Case {
  workload: Workload;
  /** genai-prices' usage: input_tokens is the total, cache reads and writes are parts of it. */
  usage: Record<string, number>;
  uses: Array<'cacheRead' | 'cacheWrite' | 'cacheWrite1h' | 'units'>;
}

function cases(model: Model): Case[] {
  const make = (
    input: number,
    output: number,
    cached = 0,
    written = 0,
    ttl: '5m' | '1h' = '5m',
    units = false,
  ): Case => {
    // With units: a tenth of the input audio (a third of it cached, when there are cache reads), a fifth of the output reasoning, 2 web searches.
    const audio = units ? Math.floor(input / 10) : 0;
    const cachedAudio = Math.min(Math.floor(audio / 3), cached);
    const reasoning = units ? Math.floor(output / 5) : 0;
    return {
      workload: {
        inputTokens: input,
        outputTokens: output,
        requests: 1,
        days: 1,
        mode: 'standard',
        ...(cached ? { cachedInputTokens: cached } : {}),
        ...(written ? { cacheWriteTokens: written, cacheTtl: ttl } : {}),
        ...(units
          ? {
              extras: {
                inputAudioTokens: audio,
                cacheAudioReadTokens: cachedAudio,
                reasoningTokens: reasoning,
                webSearches: 2,
              },
            }
          : {}),
      },
      usage: {
        input_tokens: input,
        output_tokens: output,
        ...(cached ? { cache_read_tokens: cached } : {}),
        ...(written
          ? { cache_write_tokens: written, ...(ttl === '1h' ? { cache_write_1h_tokens: written } : {}) }
          : {}),
        ...(units
          ? {
              input_audio_tokens: audio,
              cache_audio_read_tokens: cachedAudio,
              output_reasoning_tokens: reasoning,
              web_searches: 2,
            }
          : {}),
      },
      uses: [
        ...(cached ? ['cacheRead' as const] : []),
        ...(written ? [ttl === '1h' ? ('cacheWrite1h' as const) : ('cacheWrite' as const)] : []),
        ...(units ? ['units' as const] : []),
      ],
    };
  };
  const list = [
    make(2000, 500),
    make(0, 1000),
    make(1_000_000, 0),
    make(10_000, 500, 2000),
    make(10_000, 500, 2000, 3000),
    make(10_000, 500, 0, 4000, '1h'),
  ];
  if (model.unitPrices)
    list.push(
      make(2000, 500, 0, 0, '5m', true),
      make(10_000, 500, 2000, 0, '5m', true),
      make(10_000, 500, 2000, 3000, '5m', true),
    );
  const thresholds = [model.longContext, ...(model.longContextSteps ?? [])].flatMap((s) => (s ? [s.threshold] : []));
  for (const t of thresholds) {
    for (const input of [t - 1, t, t + 1]) {
      const quarter = Math.floor(input / 4);
      list.push(
        make(input, 1000),
        make(input, 1000, quarter),
        make(input, 1000, quarter, quarter),
        make(input, 1000, 0, quarter, '1h'),
      );
      if (model.unitPrices) list.push(make(input, 1000, quarter, 0, '5m', true));
    }
  }
  return list;
}

/** A Wednesday: no provider's weekend prices apply. */
const WEEKDAY = '2026-11-18';
/** DeepSeek's peak windows (genai-prices): 01:00-04:00 and 06:00-10:00 UTC; weekends (Beijing time) off-peak since 2026-08-23. */
const PEAK_ON_A_WEEKDAY = [
  '2026-11-18T01:00:00Z',
  '2026-11-18T03:59:59Z',
  '2026-11-18T06:00:00Z',
  '2026-11-18T09:59:59Z',
  '2026-11-23T02:00:00Z',
];
/** Saturday 2026-08-22 (Beijing), before the weekend rule. */
const PEAK_BEFORE_WEEKENDS = '2026-08-22T02:00:00Z';
/** Saturday 10:00 and Sunday 15:00 Beijing time: inside the daily peak windows, off-peak by the weekend rule. */
const WEEKEND_IN_PEAK_HOURS = ['2026-11-21T02:00:00Z', '2026-11-22T07:00:00Z'];

/** The HH:MM a minute before another (wrapping midnight). */
function minuteBefore(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const minutes = (h * 60 + m + 24 * 60 - 1) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

describe('parity with genai-prices 0.1.8', () => {
  it('gives the same cost to the nano-dollar wherever the prices agree', () => {
    const counts = {
      models: 0,
      compared: 0,
      workloads: 0,
      offPeak: 0,
      notListed: 0,
      pricesDisagree: 0,
      workloadsSkipped: 0,
      units: 0,
    };
    const mismatches: string[] = [];
    const disagreements: string[] = [];
    for (const model of catalogue.models) {
      const providerId = PROVIDERS[model.providerSlug];
      const key = model.id.slice(model.providerSlug.length + 1);
      // A weekday (some providers' off-peak prices hold all weekend): for a model with off-peak
      // prices, the minute before its window opens is peak and the window's first minute off-peak.
      const peakAt = model.offPeak ? minuteBefore(offPeakWindows(model.offPeak)[0]?.startUtc ?? '00:00') : '12:00';
      const timestamp = new Date(`${WEEKDAY}T${peakAt}:00Z`);
      const names = [...new Set([model.referenceId, key].filter((n): n is string => n !== undefined))];
      const price = (usage: Record<string, number>) => {
        for (const name of names) {
          const found = providerId === undefined ? null : calcPrice(usage, name, { providerId, timestamp });
          if (found) return found;
        }
        return null;
      };
      const listed = price({ input_tokens: 1, output_tokens: 1 });
      counts.models++;
      if (!listed) {
        counts.notListed++;
        continue;
      }
      const them = listed.model_price;
      const mine = ours(model);
      const input = theirs(them.input_mtok);
      const agrees = {
        base:
          same(mine.input, input) && same(mine.output, theirs(them.output_mtok)) && them.requests_kcount === undefined,
        cacheRead: same(mine.cacheRead, theirs(them.cache_read_mtok) ?? input),
        cacheWrite: same(mine.cacheWrite, theirs(them.cache_write_mtok) ?? input),
        cacheWrite1h: same(mine.cacheWrite1h, theirs(them.cache_write_1h_mtok)),
        units: sameUnits(model, them),
      };
      if (!agrees.base) {
        counts.pricesDisagree++;
        disagreements.push(
          `${model.id}: ours ${JSON.stringify([mine.input, mine.output])}, genai-prices ${JSON.stringify([input, theirs(them.output_mtok)])}`,
        );
        continue;
      }
      counts.compared++;
      for (const c of cases(model)) {
        if (!c.uses.every((use) => agrees[use])) {
          counts.workloadsSkipped++;
          continue;
        }
        counts.workloads++;
        if (c.uses.includes('units')) counts.units++;
        const result = price(c.usage);
        const expected = result === null ? NaN : Math.round(result.total_price * 1e9);
        const actual = Number(calculateCost(model, c.workload).perRequest.nanos);
        if (actual !== expected)
          mismatches.push(`${model.id} ${JSON.stringify(c.usage)}: ours ${actual} nanos, genai-prices ${expected}`);
      }
      if (model.offPeak) {
        // The same request at instants in each off-peak window (its first and last second), in the
        // peak hours, and at weekends, asked of both engines.
        const usage = { input_tokens: 10_000, output_tokens: 1000, cache_read_tokens: 2000 };
        const workload = (instant: string): Workload => ({
          inputTokens: 10_000,
          outputTokens: 1000,
          cachedInputTokens: 2000,
          requests: 1,
          days: 1,
          mode: 'standard',
          timeOfDay: { instantMs: Date.parse(instant) },
        });
        const theirsAt = (instant: string) => {
          const found = names
            .map((name) => calcPrice(usage, name, { providerId: providerId as string, timestamp: new Date(instant) }))
            .find((r) => r !== null);
          return found ? Math.round(found.total_price * 1e9) : NaN;
        };
        const oursAt = (instant: string) => Number(calculateCost(model, workload(instant)).perRequest.nanos);
        const offPeakInstants = offPeakWindows(model.offPeak).flatMap((w) => [
          `${WEEKDAY}T${w.startUtc}:00Z`,
          `${WEEKDAY}T${minuteBefore(w.endUtc)}:59Z`,
        ]);
        for (const instant of [...offPeakInstants, ...PEAK_ON_A_WEEKDAY, PEAK_BEFORE_WEEKENDS]) {
          counts.offPeak++;
          if (oursAt(instant) !== theirsAt(instant))
            mismatches.push(
              `${model.id} at ${instant}: ours ${oursAt(instant)} nanos, genai-prices ${theirsAt(instant)}`,
            );
        }
        // genai-prices cannot hold the weekend rule (its comment says so and charges peak prices
        // then): at a weekend instant in the peak hours, ours is its off-peak price.
        const offPeakPrice = theirsAt(offPeakInstants[0] as string);
        expect(offPeakPrice).toBeLessThan(theirsAt(PEAK_ON_A_WEEKDAY[0] as string));
        for (const instant of WEEKEND_IN_PEAK_HOURS) {
          counts.offPeak++;
          if (oursAt(instant) !== offPeakPrice)
            mismatches.push(
              `${model.id} at ${instant} (weekend): ours ${oursAt(instant)} nanos, genai-prices' off-peak ${offPeakPrice}`,
            );
        }
      }
    }
    console.log(
      `genai-prices parity: ${counts.compared} of ${counts.models} models compared on ${counts.workloads} workloads (${counts.offPeak} off-peak); ` +
        `${counts.notListed} not listed by genai-prices, ${counts.pricesDisagree} skipped for disagreeing prices, ` +
        `${counts.workloadsSkipped} workloads skipped for disagreeing or unpublished cache prices.\n  ${disagreements.join('\n  ')}`,
    );
    expect(mismatches).toEqual([]);
    // Every model genai-prices lists agrees with it, or its record says why it differs.
    expect(disagreements.filter((d) => !catalogue.byId.get(d.slice(0, d.indexOf(':')))?.priceNote)).toEqual([]);
    expect(counts.compared).toBeGreaterThan(0);
    expect(counts.offPeak).toBeGreaterThan(0);
    expect(counts.workloads).toBeGreaterThan(0);
    // Audio (cached too), reasoning and web searches on the catalogue's models that publish their prices.
    expect(counts.units).toBeGreaterThan(40);
  });
});
