// The readers of the public price lists (src/refresh/sources/) on small hand-written copies
// (test/fixtures/sources/) and on the genai-prices data bundled in its pinned npm package.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { GarbageError, type Format } from '../../src/refresh/entry.js';
import { readSource } from '../../src/refresh/sources/index.js';
import { readLitellm } from '../../src/refresh/sources/litellm.js';
import { readModelsDev } from '../../src/refresh/sources/models-dev.js';
import { readOpenRouter } from '../../src/refresh/sources/openrouter.js';
import { matchKey, perTokenToPerMillion, undatedKey } from '../../src/refresh/units.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'sources');
const readJson = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as unknown;

describe('price units', () => {
  it('turns USD per token into USD per 1M tokens exactly', () => {
    expect(perTokenToPerMillion(3e-6)).toBe(3);
    expect(perTokenToPerMillion(1.25e-7)).toBe(0.125);
    expect(perTokenToPerMillion(2.2e-6)).toBe(2.2); // 2.2e-6 × 1e6 is 2.1999999999999997 in floats
    expect(perTokenToPerMillion(3.2000000000000003e-6)).toBe(3.2); // float noise in the source, rounded to 9 decimals
    expect(perTokenToPerMillion('0.00000375')).toBe(3.75);
    expect(perTokenToPerMillion('0')).toBe(0);
    expect(perTokenToPerMillion('-1')).toBeUndefined();
    expect(perTokenToPerMillion(undefined)).toBeUndefined();
  });
});

describe('matching ids', () => {
  it('reads the same model the same way in every format', () => {
    expect(matchKey('amazon.nova-pro-v1:0')).toBe('nova-pro-v1');
    expect(matchKey('global.amazon.nova-pro-v1:0')).toBe('nova-pro-v1');
    expect(matchKey('gemini/gemini-2.5-pro')).toBe('gemini-2-5-pro');
    expect(matchKey('claude-opus-4.6')).toBe(matchKey('claude-opus-4-6'));
    expect(matchKey('together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo')).toBe(
      matchKey('meta-llama/Llama-3.3-70B-Instruct-Turbo'),
    );
    expect(undatedKey('gpt-4-1-2025-04-14')).toBe('gpt-4-1');
    expect(undatedKey('claude-opus-4-6-20260205')).toBe('claude-opus-4-6');
    expect(undatedKey('command-a-03-2025')).toBeUndefined();
  });
});

describe('readers', () => {
  it('models.dev: text models of our providers, prices per 1M as given', () => {
    const entries = readModelsDev(readJson('models-dev.json'));
    expect(entries.map((e) => [e.slug, e.sourceId])).toEqual([
      ['openai', 'gpt-alpha'],
      ['openai', 'gpt-beta-mini'],
      ['openai', 'gpt-gamma'],
      ['anthropic', 'claude-test-4-6'],
      ['amazon', 'amazon.nova-test-v1:0'],
    ]);
    expect(entries[3]).toMatchObject({ input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 });
  });

  it('litellm: chat models only, per-token prices scaled, the plain Bedrock key preferred', () => {
    const entries = readLitellm(readJson('litellm.json'));
    expect(entries.map((e) => e.sourceId).sort()).toEqual([
      'amazon.nova-test-v1:0',
      'claude-test-4-6',
      'gemini/gemini-test',
      'gpt-alpha',
      'gpt-alpha-2026-01-15',
    ]);
    expect(entries.find((e) => e.sourceId === 'gpt-alpha')).toMatchObject({
      input: 2.2,
      output: 12,
      cachedInput: 0.55,
    });
    expect(entries.find((e) => e.slug === 'amazon')).toMatchObject({ input: 0.8, output: 3.2 });
  });

  it('OpenRouter: no :variants, no negative (variable) prices, no Llama hosts, text output only', () => {
    const entries = readOpenRouter(readJson('openrouter.json'));
    expect(entries.map((e) => [e.slug, e.sourceId])).toEqual([
      ['anthropic', 'anthropic/claude-test-4.6'],
      ['openai', 'openai/gpt-beta-mini'],
      ['alibaba', 'qwen/qwen-test-max'],
      ['xai', 'x-ai/grok-test'],
    ]);
    expect(entries[0]).toMatchObject({ input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 });
  });

  it.each<[Format, unknown]>([
    ['models.dev', { data: [] }],
    ['litellm', [1, 2]],
    ['openrouter', { error: 'rate limited' }],
    ['genai-prices', { providers: [] }],
    [
      'litellm',
      {
        'gpt-x': {
          litellm_provider: 'somewhere-else',
          mode: 'chat',
          input_cost_per_token: 1e-6,
          output_cost_per_token: 1e-6,
        },
      },
    ],
  ])('%s: something else than the format (or none of our models) is garbage', (format, json) => {
    expect(() => readSource(format, json, { today: '2026-11-24' })).toThrow(GarbageError);
  });
});

describe('genai-prices (the data bundled in @pydantic/genai-prices 0.1.8)', () => {
  const ids = ['openai', 'anthropic', 'google', 'mistral', 'deepseek', 'x-ai', 'cohere', 'aws', 'together'];
  const data = ids.map((id) => findProvider({ providerId: id }));
  const entries = readSource('genai-prices', data, { today: '2026-11-24' });
  const entry = (slug: string, id: string) => entries.find((e) => e.slug === slug && e.sourceId === id);

  it('reads a tier start of 271999 / 199999 as "from 272000 / 200000 on" and a round one as "above"', () => {
    // The engine applies a tier when the input tokens are strictly above `start`.
    expect(entry('openai', 'gpt-5.6-sol')).toMatchObject({
      longContextRule: 'at',
      longContext: { threshold: 272000, input: 8, output: 30 },
    });
    expect(entry('xai', 'grok-4.5')).toMatchObject({
      longContextRule: 'at',
      longContext: { threshold: 200000, input: 4, output: 12 },
      cachedInput: 0.3,
    });
    expect(entry('anthropic', 'claude-sonnet-4-5')).toMatchObject({
      longContextRule: 'above',
      longContext: { threshold: 200000, input: 6 },
    });
  });

  it('takes the price set in force on the day, dated, with later sets as scheduled', () => {
    expect(entry('openai', 'gpt-5.6-sol')).toMatchObject({ input: 4, output: 20, effectiveFrom: '2026-08-21' });
    const flash = entry('google', 'gemini-3.6-flash')!;
    expect([flash.input, flash.output, flash.scheduled]).toEqual([
      0.75,
      3.75,
      [{ effectiveFrom: '2027-01-01', input: 1.5, output: 7.5, cachedInput: 0.15 }],
    ]);
  });

  it('turns daily windows into peak prices and the off-peak windows (longest first), with the weekend rule its comment states', () => {
    const v4 = entry('deepseek', 'deepseek-v4-flash')!;
    // Peak 01:00-04:00 and 06:00-10:00 UTC from 2026-08-17; off-peak the rest of the day.
    expect([v4.input, v4.output, v4.cachedInput, v4.effectiveFrom]).toEqual([0.44, 1.32, 0.014, '2026-08-17']);
    expect(v4.offPeak).toEqual({
      input: 0.22,
      output: 0.66,
      cachedInput: 0.007,
      windows: [
        { startUtc: '10:00', endUtc: '01:00' },
        { startUtc: '04:00', endUtc: '06:00' },
      ],
      // "from 2026-08-23 Deepseek bills off-peak all day at weekends (Beijing time)": UTC+08:00.
      weekends: { utcOffset: '+08:00', since: '2026-08-23' },
    });
  });

  it('reads long-context cache-write prices: GPT-5.6 Terra writes at $5 from 272K, $2.50 below', () => {
    expect(entry('openai', 'gpt-5.6-terra')).toMatchObject({
      cacheWrite: 2.5,
      longContextRule: 'at',
      longContext: { threshold: 272_000, input: 4, output: 18, cachedInput: 0.4, cacheWrite: 5 },
    });
    // Anthropic's 4.6 models: the long-context tiers (1-hour writes included) ended on 2026-03-13.
    expect(entry('anthropic', 'claude-sonnet-4-6')).not.toHaveProperty('longContext');
    // Their data before then, as a source: 5-minute and 1-hour writes above 200K.
    const tiered = (base: number, price: number) => ({ base, tiers: [{ start: 200_000, price }] });
    const [sonnet] = readSource(
      'genai-prices',
      [
        {
          id: 'anthropic',
          models: [
            {
              id: 'claude-sonnet-4-6',
              match: { equals: 'claude-sonnet-4-6' },
              prices: {
                input_mtok: tiered(3, 6),
                output_mtok: tiered(15, 22.5),
                cache_read_mtok: tiered(0.3, 0.6),
                cache_write_mtok: tiered(3.75, 7.5),
                cache_write_1h_mtok: tiered(6, 12),
              },
            },
          ],
        },
      ],
      { today: '2026-03-01' },
    );
    expect(sonnet).toMatchObject({
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      longContextRule: 'above',
      longContext: { threshold: 200_000, input: 6, output: 22.5, cachedInput: 0.6, cacheWrite: 7.5, cacheWrite1h: 12 },
    });
  });

  it("keeps only Amazon's own models of Bedrock and the 1-hour cache write", () => {
    expect(entries.filter((e) => e.slug === 'amazon').every((e) => /amazon\.nova-/.test(e.sourceId))).toBe(true);
    expect(entry('anthropic', 'claude-opus-5')).toMatchObject({ cacheWrite: 6.25, cacheWrite1h: 10 });
  });
});
