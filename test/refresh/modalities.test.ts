// The refresh's modalities step (src/refresh/modalities.ts) on small fixtures in the shapes of the
// reference's hosts/ files: which source is read, how names are read, which is kept when they disagree.
import { describe, expect, it } from 'vitest';
import type { ProviderFile } from '../../src/core/schema/catalogue-schema.js';
import { applyModalities, indexSources, modalitiesOf, readNames } from '../../src/refresh/modalities.js';
import type { DataFile } from '../../src/refresh/proposal.js';

const offers = {
  offers: [
    { host: 'deepseek', hostModelId: 'deepseek-v9', modalities: { input: ['text'], output: ['text'] } },
    {
      host: 'alibaba',
      hostModelId: 'qwen9-omni',
      modalities: { input: ['text', 'image', 'audio', 'video'], output: ['text'] },
    },
    { host: 'openai', hostModelId: 'gpt-9', modalities: { input: ['text', 'image', 'pdf'], output: ['text'] } },
    // Another seller's entry for the same model is not the maker's door: never read for it.
    { host: 'deepinfra', hostModelId: 'deepseek-v9', modalities: { input: ['text', 'image'], output: ['text'] } },
    {
      host: 'amazon-bedrock',
      hostModelId: 'amazon.nova-9-v1:0',
      modalities: { input: ['text', 'image', 'video'], output: ['text'] },
    },
  ],
};
const models = { models: { 'mistral/mistral-9': { modalities: { input: ['text', 'image'], output: ['text'] } } } };
const openRouter = {
  data: [
    { id: 'deepseek/deepseek-v9', architecture: { input_modalities: ['text'], output_modalities: ['text'] } },
    {
      id: 'qwen/qwen9-omni',
      architecture: { input_modalities: ['text', 'image', 'video'], output_modalities: ['text'] },
    },
    { id: 'openai/gpt-9', architecture: { input_modalities: ['file', 'image', 'text'], output_modalities: ['text'] } },
    { id: 'x-ai/grok-9.1', architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] } },
    { id: 'x-ai/grok-9.1:free', architecture: { input_modalities: ['text', 'audio'], output_modalities: ['text'] } },
  ],
};
const sources = indexSources(offers, models, openRouter);
const DAY = '2026-11-28';

describe('readNames', () => {
  it("reads pdf and OpenRouter's file as image, in the schema's order, dropping names it does not know", () => {
    expect(readNames(['pdf', 'text'])).toEqual(['text', 'image']);
    expect(readNames(['file', 'image', 'text', 'embeddings'])).toEqual(['text', 'image']);
    expect(readNames(['embeddings'])).toBeUndefined();
  });
});

describe('modalitiesOf', () => {
  it('names both sources where they agree', () => {
    expect(modalitiesOf('deepseek', 'deepseek-v9', sources, DAY)).toEqual({
      input: ['text'],
      output: ['text'],
      source: 'models.dev deepseek/deepseek-v9 and OpenRouter deepseek/deepseek-v9 agree',
      checkedOn: DAY,
    });
    expect(modalitiesOf('openai', 'gpt-9', sources, DAY)?.source).toBe(
      'models.dev openai/gpt-9 and OpenRouter openai/gpt-9 agree',
    );
  });

  it("keeps the maker's models.dev entry where OpenRouter disagrees, and says what OpenRouter lists", () => {
    const m = modalitiesOf('alibaba', 'qwen9-omni', sources, DAY);
    expect(m?.input).toEqual(['text', 'image', 'audio', 'video']);
    expect(m?.source).toBe('models.dev alibaba/qwen9-omni');
    expect(m?.note).toMatch(
      /^OpenRouter qwen\/qwen9-omni lists input text, image, video; output text; models.dev kept/,
    );
  });

  it("falls back to models.dev's provider-neutral record, then to OpenRouter alone (dots read as dashes, :variants skipped)", () => {
    expect(modalitiesOf('mistral', 'mistral-9', sources, DAY)).toMatchObject({
      input: ['text', 'image'],
      source: 'models.dev models/mistral/mistral-9',
    });
    expect(modalitiesOf('xai', 'grok-9-1', sources, DAY)).toMatchObject({
      input: ['text', 'image'],
      source: 'OpenRouter x-ai/grok-9.1',
    });
    expect(modalitiesOf('amazon', 'amazon.nova-9-v1:0', sources, DAY)?.input).toEqual(['text', 'image', 'video']);
  });

  it('says nothing where no source names the model', () => {
    expect(modalitiesOf('deepseek', 'deepseek-v8', sources, DAY)).toBeUndefined();
    expect(modalitiesOf('together', 'deepseek-v9', sources, DAY)).toBeUndefined();
  });
});

describe('applyModalities', () => {
  const file = (): DataFile => ({
    path: 'data/deepseek.json',
    json: {
      provider: { slug: 'deepseek', name: 'DeepSeek', pricingUrl: 'https://example.com' },
      models: [{ id: 'deepseek-deepseek-v9', referenceId: 'deepseek-v9' }, { id: 'deepseek-deepseek-v8' }],
    } as unknown as ProviderFile, // only the fields the step reads
  });

  it('sets what the sources say, leaves models none names as they were, and a re-run changes nothing', () => {
    const f = file();
    expect(applyModalities([f], sources, DAY)).toEqual(['data/deepseek.json']);
    expect(f.json.models[0]?.modalities).toMatchObject({ input: ['text'], output: ['text'], checkedOn: DAY });
    expect(f.json.models[1]?.modalities).toBeUndefined();
    expect(applyModalities([f], sources, '2026-12-01')).toEqual([]);
    expect(f.json.models[0]?.modalities?.checkedOn).toBe(DAY);
  });
});
