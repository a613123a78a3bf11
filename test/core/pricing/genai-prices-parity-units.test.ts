/**
 * Parity with genai-prices 0.1.8's calcPrice for every unit beyond text tokens (the companion of
 * genai-prices-parity.test.ts, which holds the catalogue's text, cache and off-peak prices to it):
 * each model of its data, of any provider, whose prices are all units our engine bills (audio,
 * image and video tokens, cached audio, reasoning output, web searches, request fees, text and
 * cache), becomes a record of ours, and workloads using every unit, at and around each of its
 * input-price thresholds, cost the same to the nano-dollar by both engines.
 */
import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import type { Model, UnitPrices } from '../../../src/core/schema/catalogue-schema.js';
import { calculateCost, type Workload } from '../../../src/core/pricing/cost.js';
import { parseScaled } from '../../../src/core/schema/money.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

const PROVIDERS = [
  'anthropic',
  'arcee',
  'avian',
  'aws',
  'azure',
  'baseten',
  'cerebras',
  'cloudflare',
  'cohere',
  'deepseek',
  'fireworks',
  'google',
  'groq',
  'minimax',
  'mistral',
  'moonshotai',
  'novita',
  'openai',
  'openrouter',
  'ovhcloud',
  'perplexity',
  'together',
  'x-ai',
  'zai',
  'zhipuai',
];

/** Their price keys for our record's fields (text and cache) and unitPrices' fields. */
const TEXT: Record<string, 'input' | 'output' | 'cachedInput' | 'cacheWrite' | 'cacheWrite1h'> = {
  input_mtok: 'input',
  output_mtok: 'output',
  cache_read_mtok: 'cachedInput',
  cache_write_mtok: 'cacheWrite',
  cache_write_1h_mtok: 'cacheWrite1h',
};
const UNIT: Record<string, Exclude<keyof UnitPrices, 'source' | 'checkedOn'>> = {
  input_audio_mtok: 'inputAudio',
  cache_audio_read_mtok: 'cachedInputAudio',
  output_audio_mtok: 'outputAudio',
  input_image_mtok: 'inputImage',
  output_image_mtok: 'outputImage',
  input_video_mtok: 'inputVideo',
  output_video_mtok: 'outputVideo',
  output_reasoning_mtok: 'outputReasoning',
  web_searches_kcount: 'webSearches',
  requests_kcount: 'requests',
};

type Price = number | { base: number; tiers: Array<{ start: number; price: number }> };
const base = fixtureCatalogue.byId.get('alpha-mini') as Model;

/** Their price set as our record, or undefined when it has a unit we do not bill or tiers on a unit price. */
function recordOf(prices: Record<string, Price | undefined>): Model | undefined {
  if (prices.input_mtok === undefined || prices.output_mtok === undefined) return undefined;
  const m: Model = { ...base, contextTokens: 100_000_000, context: '100M' };
  for (const key of ['cachedInput', 'cacheWrite', 'cacheWrite1h', 'batch', 'longContext', 'longContextSteps'] as const)
    delete m[key];
  const unitPrices: UnitPrices = { source: 'genai-prices', checkedOn: '2026-11-26' };
  const starts = new Set<number>();
  for (const [key, value] of Object.entries(prices)) {
    if (value === undefined) continue;
    // Our records hold prices of at most 9 decimals (a price such as 1/12 USD is no record of ours).
    const numbers = typeof value === 'number' ? [value] : [value.base, ...value.tiers.map((t) => t.price)];
    if (numbers.some((n) => parseScaled(n, 9) === undefined)) return undefined;
    if (typeof value === 'object') {
      if (!TEXT[key]) return undefined;
      for (const t of value.tiers) starts.add(t.start);
    }
    const field = TEXT[key] ?? UNIT[key];
    if (field === undefined) return undefined;
    if (TEXT[key]) (m as Record<string, unknown>)[field] = typeof value === 'number' ? value : value.base;
    else
      unitPrices[field as keyof typeof UNIT & string as Exclude<keyof UnitPrices, 'source' | 'checkedOn'>] =
        value as number;
  }
  // Tiers start above `start` input tokens: our steps with the "above" rule; every text price steps at the same starts.
  const steps = [...starts]
    .sort((a, b) => a - b)
    .map((start) => {
      const at = (key: string) => {
        const v = prices[key];
        if (v === undefined) return undefined;
        if (typeof v === 'number') return v;
        return (
          [...v.tiers]
            .sort((a, b) => a.start - b.start)
            .filter((t) => t.start <= start)
            .at(-1)?.price ?? v.base
        );
      };
      return {
        threshold: start,
        input: at('input_mtok') as number,
        output: at('output_mtok') as number,
        ...(at('cache_read_mtok') === undefined ? {} : { cachedInput: at('cache_read_mtok') }),
        ...(at('cache_write_mtok') === undefined ? {} : { cacheWrite: at('cache_write_mtok') }),
        ...(at('cache_write_1h_mtok') === undefined ? {} : { cacheWrite1h: at('cache_write_1h_mtok') }),
      };
    });
  const [first, ...rest] = steps;
  if (first) {
    m.longContext = first;
    m.longContextRule = 'above';
    if (rest.length) m.longContextSteps = rest;
  }
  if (Object.keys(unitPrices).length > 2) m.unitPrices = unitPrices;
  return m;
}

/** A request using every unit, its parts in proportion to `input` tokens. */
function usageAt(input: number, shape: number): { usage: Record<string, number>; workload: Workload } {
  const part = (n: number) => Math.floor((input * n) / 100);
  const [audio, cachedAudio, cached, image, video] = shape === 0 ? [30, 10, 20, 8, 6] : [0, 0, 40, 0, 0];
  const output = 2000 + shape;
  const parts = {
    in_a: part(audio as number),
    c_a: part(cachedAudio as number),
    c: part(cached as number),
    img: part(image as number),
    vid: part(video as number),
  };
  const o = { r: 700, a: shape === 0 ? 300 : 0, img: shape === 0 ? 100 : 0, vid: shape === 0 ? 50 : 0 };
  return {
    usage: {
      input_tokens: input,
      output_tokens: output,
      cache_read_tokens: parts.c,
      input_audio_tokens: parts.in_a,
      cache_audio_read_tokens: parts.c_a,
      input_image_tokens: parts.img,
      input_video_tokens: parts.vid,
      output_reasoning_tokens: o.r,
      output_audio_tokens: o.a,
      output_image_tokens: o.img,
      output_video_tokens: o.vid,
      web_searches: 3,
    },
    workload: {
      inputTokens: input,
      outputTokens: output,
      requests: 1,
      days: 1,
      mode: 'standard',
      cachedInputTokens: parts.c,
      extras: {
        inputAudioTokens: parts.in_a,
        cacheAudioReadTokens: parts.c_a,
        inputImageTokens: parts.img,
        inputVideoTokens: parts.vid,
        reasoningTokens: o.r,
        outputAudioTokens: o.a,
        outputImageTokens: o.img,
        outputVideoTokens: o.vid,
        webSearches: 3,
      },
    },
  };
}

describe('parity with genai-prices 0.1.8 on every unit', () => {
  it('every model of its data we can hold costs the same to the nano-dollar, at and around each threshold', () => {
    const billed = new Set<string>();
    const mismatches: string[] = [];
    let compared = 0;
    for (const providerId of PROVIDERS) {
      for (const model of findProvider({ providerId })?.models ?? []) {
        if (Array.isArray(model.prices)) continue;
        const ours = recordOf(model.prices as Record<string, Price | undefined>);
        if (!ours) continue;
        const thresholds = [ours.longContext, ...(ours.longContextSteps ?? [])].flatMap((s) =>
          s ? [s.threshold] : [],
        );
        for (const input of [10_000, 1_000_000, ...thresholds.flatMap((t) => [t - 1, t, t + 1])]) {
          for (const shape of [0, 1]) {
            const { usage, workload } = usageAt(input, shape);
            let theirs: number;
            try {
              const found = calcPrice(usage, model.id, { providerId });
              if (!found) continue;
              theirs = Math.round(found.total_price * 1e9);
            } catch {
              continue; // A price set their engine refuses (a missing join price): nothing to compare.
            }
            compared++;
            for (const key of Object.keys(model.prices)) billed.add(key);
            const mine = Number(calculateCost(ours, workload).perRequest.nanos);
            if (mine !== theirs)
              mismatches.push(`${providerId}/${model.id} ${JSON.stringify(usage)}: ours ${mine}, theirs ${theirs}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(500);
    // Every unit of ours was billed by some compared model.
    expect([...billed].filter((k) => UNIT[k]).sort()).toEqual(Object.keys(UNIT).sort());
  }, 60_000);
});
