/**
 * Each model's tokenizer and how exact it is (data/tokenizers/tokenizers.json's rules, on the
 * records at load), and a workload restated in another tokenizer's tokens.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import type { Catalogue } from '../../../src/core/catalogue/catalogue.js';
import { tokenizerAssigner, workloadIn } from '../../../src/core/pricing/tokenizers.js';
import { tokenizerTableSchema } from '../../../src/core/pricing/tokenizer-table.js';
import type { Workload } from '../../../src/core/pricing/workload.js';
import { TOKENIZER_TABLE as table } from '../../../src/endpoints/tokenizer-data.js';

const DATA = resolve(import.meta.dirname, '..', '..', '..', 'data');
let catalogue: Catalogue;
beforeAll(() => {
  catalogue = loadCatalogueFromDir(DATA);
});

const ratio = (tokenizer: string, kind: string) => table.tokenizers[tokenizer]!.kinds[kind]!.ratioToO200k;
const on = (id: string) => catalogue.byId.get(id)!.tokenizer;

describe("each model's tokenizer", () => {
  it('every model of the catalogue is named by a rule (a new line of models needs one)', () => {
    const unnamed = catalogue.models
      .filter((m) => m.tokenizer?.family === undefined || m.tokenizer.family === 'no rule')
      .map((m) => m.id);
    expect(unnamed).toEqual([]);
  });

  it.each([
    ['openai-gpt-5.6-terra', 'o200k', 'exact'],
    ['openai-gpt-4o-mini', 'o200k', 'exact'],
    ['openai-o3', 'o200k', 'exact'],
    ['openai-gpt-oss-120b', 'o200k-harmony', 'exact'],
    ['deepseek-deepseek-v4-pro', 'deepseek-v3', 'family'],
    ['alibaba-qwen3.6-plus', 'qwen3', 'family'],
    ['alibaba-qwen3-coder-plus', 'qwen3', 'family'],
    ['together-llama-4-scout-17b-16e-instruct', 'llama3', 'family'],
    ['together-llama-3.3-70b-instruct-turbo', 'llama3', 'exact'],
    ['google-gemma-4-31b-it', 'gemma3', 'family'],
    ['google-gemini-3.7-flash', 'gemma3', 'family'],
    ['anthropic-claude-opus-4-7', 'o200k', 'unknown'],
    ['anthropic-claude-sonnet-5', 'o200k', 'unknown'],
    ['mistral-mistral-large-2512', 'o200k', 'unknown'],
    ['moonshot-kimi-k2.6', 'o200k', 'unknown'],
    ['zhipu-glm-5.2', 'o200k', 'unknown'],
    ['minimax-minimax-m2.5', 'o200k', 'unknown'],
    ['cohere-command-a-03-2025', 'o200k', 'unknown'],
    ['amazon-nova-pro-v1', 'o200k', 'unknown'],
    ['xai-grok-4.5', 'o200k', 'unknown'],
  ])('%s counts with %s (%s)', (id, tokenizer, exactness) => {
    expect(on(id)).toMatchObject({ id: tokenizer, exactness });
  });

  it('says why wherever it is not exact, and Gemini names the Gemma 3 report it rests on', () => {
    for (const m of catalogue.models)
      if (m.tokenizer?.exactness !== 'exact') expect(m.tokenizer?.note, m.id).toBeTruthy();
    expect(on('google-gemini-3.7-flash')?.note).toMatch(/Gemma 3.*Gemini 2\.0/);
  });

  it('the first matching rule of the provider applies, over the whole id; no rule: unknown, counted as o200k', () => {
    const assign = tokenizerAssigner(table);
    expect(assign('openai', 'openai-gpt-oss-20b').id).toBe('o200k-harmony');
    expect(assign('openai', 'openai-gpt-3.5-turbo')).toMatchObject({
      id: 'o200k',
      exactness: 'unknown',
      family: 'no rule',
    });
    // The provider is part of the key: a model named like another maker's line is not taken for it.
    expect(assign('together', 'together-deepseek-deepseek-v4-pro').family).toBe('no rule');
  });

  it('the schema refuses a rule naming a tokenizer that was not measured, or an unknown one counted as anything but o200k', () => {
    const broken = structuredClone(table);
    broken.models[0]!.tokenizer = 'tekken';
    expect(tokenizerTableSchema.safeParse(broken).success).toBe(false);
    const lending = structuredClone(table);
    const claude = lending.models.find((r) => r.provider === 'anthropic')!;
    claude.tokenizer = 'claude-2';
    expect(tokenizerTableSchema.safeParse(lending).success).toBe(false);
  });
});

describe('a workload in another tokenizer', () => {
  const counting = { countedWith: 'o200k', textKind: 'chinese' };
  const w: Workload = { inputTokens: 100_000, outputTokens: 2_000, requests: 10, days: 30, mode: 'standard' };

  it('is the workload itself in the tokenizer that counted it', () => {
    expect(workloadIn(table, w, counting, 'o200k')).toBe(w);
  });

  it("scales the text by the ratio of the two tokenizers' counts for the kind, rounded half up per part", () => {
    const f = ratio('deepseek-v3', 'chinese') / ratio('o200k', 'chinese');
    expect(f).toBeLessThan(1);
    const out = workloadIn(table, w, counting, 'deepseek-v3');
    expect(out).toEqual({ ...w, inputTokens: Math.round(100_000 * f), outputTokens: Math.round(2_000 * f) });
    // From another tokenizer: through both ratios.
    const fromQwen = workloadIn(table, w, { countedWith: 'qwen3', textKind: 'json' }, 'gemma3');
    expect(fromQwen.inputTokens).toBe(Math.round((100_000 * ratio('gemma3', 'json')) / ratio('qwen3', 'json')));
  });

  it('converts text, cache reads and writes and visible output; not reasoning, audio, image, video or searches', () => {
    const parts: Workload = {
      ...w,
      inputTokens: 10_000,
      cachedInputTokens: 4_000,
      cacheWriteTokens: 1_000,
      outputTokens: 3_000,
      extras: {
        inputAudioTokens: 500,
        cacheAudioReadTokens: 200,
        inputImageTokens: 700,
        reasoningTokens: 1_200,
        outputAudioTokens: 300,
        webSearches: 2,
      },
    };
    const f = ratio('gemma3', 'code') / ratio('llama3', 'code');
    const out = workloadIn(table, parts, { countedWith: 'llama3', textKind: 'code' }, 'gemma3');
    const cachedText = Math.round(3_800 * f);
    const writes = Math.round(1_000 * f);
    // Fresh text: 10,000 less the cache reads (4,000), writes (1,000), fresh audio (300) and images (700).
    const fresh = Math.round(4_000 * f);
    expect(out.cachedInputTokens).toBe(cachedText + 200);
    expect(out.cacheWriteTokens).toBe(writes);
    expect(out.inputTokens).toBe(fresh + cachedText + 200 + writes + 300 + 700);
    expect(out.outputTokens).toBe(Math.round(1_500 * f) + 1_200 + 300);
    expect(out.extras).toBe(parts.extras);
    expect(f).toBeGreaterThan(1.1);
  });
});
