import { describe, expect, it } from 'vitest';
import { buildDoors, matchRecord, type CatalogueRecord } from '../../../src/refresh/offers/build.js';
import { modelKeys, normaliseId, sameModel, servingVariant } from '../../../src/refresh/offers/normalise.js';
import { readGenaiPrices } from '../../../src/refresh/offers/read-genai-prices.js';
import { readLitellm } from '../../../src/refresh/offers/read-litellm.js';
import { readModelsDevOffers } from '../../../src/refresh/offers/read-models-dev.js';
import type { Seller } from '../../../src/core/offers/door-schema.js';
import { seller as fixtureSeller } from '../../fixtures/sellers.js';

const records: CatalogueRecord[] = [
  { providerSlug: 'deepseek', id: 'deepseek-deepseek-v4-pro', referenceId: 'deepseek-v4-pro' },
  { providerSlug: 'deepseek', id: 'deepseek-deepseek-v4-flash', referenceId: 'deepseek-v4-flash' },
  {
    providerSlug: 'anthropic',
    id: 'anthropic-claude-sonnet-4-5',
    referenceId: 'claude-sonnet-4-5',
    aliases: ['anthropic-claude-sonnet-4-5-20250929'],
  },
  {
    providerSlug: 'together',
    id: 'together-llama-3-3-70b-instruct-turbo',
    referenceId: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  },
];
const seller = (slug: string, kind: Seller['kind'], aliases: string[] = [], extra: Partial<Seller> = {}): Seller =>
  fixtureSeller(slug, kind, { aliases, ...extra });
const sellers = [
  seller('deepseek', 'maker'),
  seller('deepinfra', 'host'),
  seller('fireworks', 'host', ['fireworks-ai', 'fireworks_ai']),
  seller('amazon-bedrock', 'cloud', ['bedrock', 'bedrock_converse', 'aws']),
  seller('together', 'host', ['togetherai', 'together_ai'], { ownCatalogue: ['together'] }),
];

describe('normalised ids', () => {
  it('read one model however a seller spells it', () => {
    expect(normaliseId('deepseek-ai/DeepSeek-V4-Pro')).toBe('deepseek-v4-pro');
    expect(normaliseId('accounts/fireworks/models/deepseek-v4-pro')).toBe('deepseek-v4-pro');
    expect(normaliseId('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929');
    expect(normaliseId('accounts/fireworks/models/llama-v3p1-8b-instruct')).toBe('llama-v3-1-8b-instruct');
    expect(normaliseId('Meta-Llama-3_3-70B-Instruct')).toBe('meta-llama-3-3-70b-instruct');
  });
  it('keep sizes, quantisations, speed variants and versions apart', () => {
    const pro = normaliseId('deepseek-v4-pro');
    for (const other of [
      'route/deepseek-v4-pro-6bit',
      'deepseek-v4-pro-lightning',
      'deepseek-ai/DeepSeek-V4-Pro-0813',
      'deepseek-v4-pro-fp8',
      'deepseek-v4',
    ]) {
      expect(normaliseId(other)).not.toBe(pro);
    }
    expect(normaliseId('llama-3.1-70b')).not.toBe(normaliseId('llama-3.3-70b'));
    expect(normaliseId('llama-3.3-70b-instruct-turbo')).not.toBe(normaliseId('llama-3.3-70b-instruct'));
  });
  it("drop hyphenated vendor prefixes, Databricks' prefix and Bedrock's -1:0, but keep NanoGPT's TEE/ folder as a variant", () => {
    expect(normaliseId('openai-gpt-oss-120b')).toBe('gpt-oss-120b');
    expect(normaliseId('google-gemma-4-31b-it')).toBe('gemma-4-31b-it');
    expect(normaliseId('zai-org-glm-5-1')).toBe('glm-5-1');
    expect(normaliseId('databricks-gpt-oss-120b')).toBe('gpt-oss-120b');
    expect(normaliseId('nvidia-nemotron-3-ultra-550b-a55b')).toBe('nemotron-3-ultra-550b-a55b');
    expect(normaliseId('openai.gpt-oss-120b-1:0')).toBe('gpt-oss-120b');
    expect(normaliseId('TEE/gpt-oss-120b')).toBe('tee-gpt-oss-120b');
    expect(normaliseId('openai/gpt-oss-120b')).toBe('gpt-oss-120b');
    expect(servingVariant(normaliseId('TEE/gpt-oss-120b'))).toEqual({ variant: ['tee'], plain: 'gpt-oss-120b' });
    expect(servingVariant(normaliseId('google/gemma-4-31B-turbo-TEE'))).toEqual({
      variant: ['turbo', 'tee'],
      plain: 'gemma-4-31b',
    });
  });
  it('read a base_model link as the same model only for a respelling or a name less an omittable token', () => {
    expect(sameModel('qwen-3-6-plus', 'qwen3-6-plus')).toBe(true);
    expect(sameModel('minimax-m25', 'minimax-m2-5')).toBe(true);
    expect(sameModel('claude-sonnet-4', 'claude-sonnet-4-20250514')).toBe(true);
    expect(sameModel('nemotron-super-3-120b', 'nemotron-3-super-120b-a12b')).toBe(true);
    expect(sameModel('gemini-3-pro', 'gemini-3-pro-preview')).toBe(true);
    // Another version, size or variant: models.dev's link is not followed.
    expect(sameModel('claude-sonnet-4', 'claude-sonnet-4-5-20250929')).toBe(false);
    expect(sameModel('gemini-3-1-pro', 'gemini-3-1-pro-preview-customtools')).toBe(false);
    expect(sameModel('mistral-small-2503', 'mistral-small-2603')).toBe(false);
    expect(sameModel('mimo-v2-5', 'mimo-v2-5-pro')).toBe(false);
    expect(sameModel('llama-4-maverick', 'llama-4-maverick-17b-instruct')).toBe(false);
    expect(sameModel('gemma-4-31b-turbo-tee', 'gemma-4-31b-it')).toBe(false);
    expect(sameModel('deepseek-v4-pro-6bit', 'deepseek-v4-pro')).toBe(false);
  });
  it('give a record its id, reference id and aliases as keys', () => {
    expect(modelKeys(records[2]!, 'anthropic')).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929']);
  });
});

describe('matching', () => {
  const index = new Map(records.flatMap((r) => modelKeys(r, r.providerSlug).map((k) => [k, r] as const)));
  it('takes a base_model link only when the seller id has the same tokens', () => {
    expect(
      matchRecord({ sellerModelId: 'route/deepseek-v4-pro-6bit', baseModel: 'deepseek/deepseek-v4-pro' }, index),
    ).toBeUndefined();
    expect(matchRecord({ sellerModelId: 'pro-v4-deepseek', baseModel: 'deepseek/deepseek-v4-pro' }, index)?.id).toBe(
      'deepseek-deepseek-v4-pro',
    );
    expect(matchRecord({ sellerModelId: 'deepseek-v4-flash' }, index)?.id).toBe('deepseek-deepseek-v4-flash');
  });
  it('lets the link match a respelt id, and falls back to the id where the link names another model', () => {
    expect(matchRecord({ sellerModelId: 'deep-seek-v4-pro', baseModel: 'deepseek/deepseek-v4-pro' }, index)?.id).toBe(
      'deepseek-deepseek-v4-pro',
    );
    expect(matchRecord({ sellerModelId: 'deep-seek-v4-pro' }, index)).toBeUndefined();
    expect(matchRecord({ sellerModelId: 'deepseek-v4-flash', baseModel: 'deepseek/deepseek-v4-pro' }, index)?.id).toBe(
      'deepseek-deepseek-v4-flash',
    );
    expect(
      matchRecord({ sellerModelId: 'deepseek-v4-flash', baseModel: 'deepseek/deepseek-v4-flash' }, index)?.id,
    ).toBe('deepseek-deepseek-v4-flash');
    expect(
      matchRecord({ sellerModelId: 'claude-sonnet-4-5', baseModel: 'anthropic/claude-sonnet-4-5-20250929' }, index)?.id,
    ).toBe('anthropic-claude-sonnet-4-5');
    expect(matchRecord({ sellerModelId: 'TEE/deepseek-v4-pro' }, index)).toBeUndefined();
  });
});

describe('buildDoors', () => {
  const modelsDev = {
    offers: [
      {
        host: 'deepinfra',
        hostModelId: 'deepseek-ai/DeepSeek-V4-Pro',
        base_model: 'deepseek/deepseek-v4-pro',
        cost: { input: 1.3, output: 2.6, cache_read: 0.1 },
        limit: { context: 1048576, output: 16384 },
      },
      {
        host: 'fireworks-ai',
        hostModelId: 'accounts/fireworks/models/deepseek-v4-pro',
        cost: { input: 1.8, output: 3.6 },
      },
      {
        host: 'routing-run',
        hostModelId: 'route/deepseek-v4-pro-6bit',
        base_model: 'deepseek/deepseek-v4-pro',
        cost: { input: 0.49, output: 0.74 },
      },
      { host: 'deepseek', hostModelId: 'deepseek-v4-pro', cost: { input: 0.435, output: 0.87 } },
      { host: 'mystery', hostModelId: 'deepseek-v4-pro', cost: { input: 1, output: 2 } },
      { host: 'deepinfra', hostModelId: 'deepseek-ai/DeepSeek-V4-Flash', modalities: { output: ['image'] } },
      {
        host: 'togetherai',
        hostModelId: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
        cost: { input: 0.88, output: 0.88 },
      },
    ],
  };
  const litellm = {
    'bedrock_converse/global.anthropic.claude-sonnet-4-5-20250929-v1:0': {
      litellm_provider: 'bedrock_converse',
      mode: 'chat',
      input_cost_per_token: 3.3e-6,
      output_cost_per_token: 1.65e-5,
    },
    'bedrock_converse/us.anthropic.claude-sonnet-4-5-20250929-v1:0': {
      litellm_provider: 'bedrock_converse',
      mode: 'chat',
      input_cost_per_token: 3.6e-6,
      output_cost_per_token: 1.8e-5,
    },
    'bedrock/eu-west-1/anthropic.claude-sonnet-4-5-20250929-v1:0': {
      litellm_provider: 'bedrock',
      mode: 'chat',
      input_cost_per_token: 9e-6,
      output_cost_per_token: 1e-5,
    },
    'anthropic.claude-sonnet-4-5-20250929-v1:0': {
      litellm_provider: 'bedrock',
      mode: 'chat',
      input_cost_per_token: 3e-6,
      output_cost_per_token: 1.5e-5,
      input_cost_per_token_batches: 1.5e-6,
      output_cost_per_token_batches: 7.5e-6,
      max_input_tokens: 200000,
    },
    'fireworks_ai/accounts/fireworks/models/deepseek-v4-pro': {
      litellm_provider: 'fireworks_ai',
      mode: 'embedding',
      input_cost_per_token: 1e-6,
      output_cost_per_token: 1e-6,
    },
  };
  const genai = [
    {
      id: 'fireworks',
      pricing_urls: ['https://fireworks.ai/pricing'],
      models: [
        {
          id: 'deepseek-v4-pro',
          match: { equals: 'accounts/fireworks/models/deepseek-v4-pro' },
          prices: [
            { prices: { input_mtok: 1.5, output_mtok: 3 } },
            {
              constraint: { start_date: '2026-09-01' },
              prices: { input_mtok: 1.74, output_mtok: 3.48, cache_read_mtok: 0.145 },
            },
            { constraint: { start_date: '2026-12-01' }, prices: { input_mtok: 9, output_mtok: 9 } },
          ],
        },
      ],
    },
  ];
  const raws = [
    ...readGenaiPrices(genai, 'genai', '2026-09-22', 1),
    ...readLitellm(litellm, 'litellm', '2026-08-01', 2),
    ...readModelsDevOffers(modelsDev, 'models.dev', '2026-07-02', 3),
  ];
  const built = buildDoors(records, sellers, raws, ['genai', 'litellm', 'models.dev']);
  const doors = built.files.flatMap((f) => f.doors);
  const door = (model: string, slug: string) => doors.find((d) => d.model === model && d.seller === slug);

  it('keeps one door per model and seller, from the newest source, with the set in force on its date', () => {
    expect(door('deepseek-deepseek-v4-pro', 'fireworks')).toMatchObject({
      prices: { input: 1.74, output: 3.48, cachedInput: 0.145 },
      source: 'genai',
      date: '2026-09-22',
      sourceUrl: 'https://fireworks.ai/pricing',
    });
    expect(door('deepseek-deepseek-v4-pro', 'deepinfra')).toMatchObject({
      prices: { input: 1.3, output: 2.6, cachedInput: 0.1 },
      contextTokens: 1048576,
      maxOutputTokens: 16384,
      date: '2026-07-02',
    });
  });
  it('reads LiteLLM per-token prices per 1M without float noise, the base key before global. and us. for the base door', () => {
    expect(
      doors.find((d) => d.model === 'anthropic-claude-sonnet-4-5' && d.seller === 'amazon-bedrock' && !d.region),
    ).toMatchObject({
      sellerModelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
      prices: { input: 3, output: 15 },
      batch: { input: 1.5, output: 7.5 },
      contextTokens: 200000,
    });
  });
  it('makes each regional key a door of its own with its region: a cross-region profile and a cloud region', () => {
    const regional = doors.filter((d) => d.model === 'anthropic-claude-sonnet-4-5' && d.seller === 'amazon-bedrock');
    expect(regional.map((d) => [d.region, d.sellerModelId, d.prices?.input, d.prices?.output])).toEqual([
      [undefined, 'anthropic.claude-sonnet-4-5-20250929-v1:0', 3, 15],
      ['eu-west-1', 'anthropic.claude-sonnet-4-5-20250929-v1:0', 9, 10],
      ['global', 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', 3.3, 16.5],
      ['us', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 3.6, 18],
    ]);
  });
  it("takes a euro-billing seller's price from the source that lists its euros, in EUR, the other sources' dollar figures said apart", () => {
    const ovh = seller('ovhcloud', 'host', [], {
      currency: { code: 'EUR', sources: ['LiteLLM'], note: 'bills in euros' },
    });
    const raw = (source: string, input: number, output: number, date: string) => ({
      sellerAlias: 'ovhcloud',
      sellerModelId: 'deepseek-v4-pro',
      prices: { input, output },
      contextTokens: 131072,
      source,
      date,
      rank: 1,
    });
    const out = buildDoors(
      [records[0] as CatalogueRecord],
      [ovh],
      [raw('genai-prices', 0.09, 0.47, '2026-09-22'), raw('LiteLLM file', 0.08, 0.4, '2026-08-01')],
      [],
    );
    const [door] = out.files.flatMap((f) => f.doors);
    expect(door).toMatchObject({ currency: 'EUR', prices: { input: 0.08, output: 0.4 }, source: 'LiteLLM file' });
    expect(door?.disagreements).toEqual([
      'genai-prices lists $0.09 / $0.47: a dollar figure, where ovhcloud bills in EUR',
    ]);
  });
  it("keeps a maker's regional uplifts (LiteLLM's provider_specific_entry, regional_processing_uplift_multiplier_*) in its file", () => {
    const out = buildDoors(
      [records[2] as CatalogueRecord, { providerSlug: 'openai', id: 'openai-gpt-x', referenceId: 'gpt-x' }],
      [...sellers, seller('anthropic', 'maker'), seller('openai', 'maker')],
      readLitellm(
        {
          'claude-sonnet-4-5': {
            litellm_provider: 'anthropic',
            mode: 'chat',
            input_cost_per_token: 3e-6,
            output_cost_per_token: 1.5e-5,
            provider_specific_entry: { us: 1.1, fast: 6 },
          },
          'gpt-x': {
            litellm_provider: 'openai',
            mode: 'chat',
            input_cost_per_token: 1e-6,
            output_cost_per_token: 2e-6,
            regional_processing_uplift_multiplier_eu: 1.1,
            regional_processing_uplift_multiplier_us: 1.25,
          },
        },
        'litellm',
        '2026-08-01',
        2,
      ),
      [],
    );
    const uplifts = out.files.flatMap((f) =>
      (f.uplifts ?? []).map((u) => [f.maker, u.model, u.seller, u.region, u.multiplier, u.what]),
    );
    expect(uplifts).toEqual([
      ['anthropic', 'anthropic-claude-sonnet-4-5', 'anthropic', 'us', 1.1, 'provider_specific_entry.us'],
      ['openai', 'openai-gpt-x', 'openai', 'eu', 1.1, 'regional_processing_uplift_multiplier_eu'],
      ['openai', 'openai-gpt-x', 'openai', 'us', 1.25, 'regional_processing_uplift_multiplier_us'],
    ]);
    expect(out.files.flatMap((f) => f.doors)).toEqual([]);
  });
  it("leaves out the maker (the catalogue is its door), a record's own seller, quantisations and unreviewed sellers (listed)", () => {
    expect(door('deepseek-deepseek-v4-pro', 'deepseek')).toBeUndefined();
    expect(door('together-llama-3-3-70b-instruct-turbo', 'together')).toBeUndefined();
    expect(doors.some((d) => d.sellerModelId.includes('6bit'))).toBe(false);
    expect(built.unreviewed).toEqual([{ alias: 'mystery', doors: 1 }]);
  });
  it("takes a record's reference door out of the files, for the record is that door; the maker's entry stays no door", () => {
    const oss = { providerSlug: 'openai', id: 'openai-oss', referenceDoor: { seller: 'fireworks' } };
    const raw = (sellerAlias: string, input: number) => ({
      sellerAlias,
      sellerModelId: 'openai/oss',
      prices: { input, output: 1 },
      source: 's',
      date: '2026-08-01',
      rank: 1,
    });
    const out = buildDoors(
      [oss],
      [...sellers, seller('openai', 'maker')],
      [raw('fireworks', 0.2), raw('deepinfra', 0.1), raw('openai', 0.05)],
      [],
    );
    expect(out.referenceDoors.map((d) => `${d.model}@${d.seller}:${d.prices?.input}`)).toEqual([
      'openai-oss@fireworks:0.2',
    ]);
    expect(out.files.flatMap((f) => f.doors.map((d) => d.seller))).toEqual(['deepinfra']);
  });
  it("keeps the door of a seller that shares the maker's slug but is no maker (NVIDIA NIM, a host, for NVIDIA's records)", () => {
    const nemotron = { providerSlug: 'nvidia', id: 'nvidia-nemo', referenceDoor: { seller: 'deepinfra' } };
    const raw = (sellerAlias: string, input: number) => ({
      sellerAlias,
      sellerModelId: 'nvidia/nemo',
      prices: { input, output: 1 },
      source: 's',
      date: '2026-07-02',
      rank: 3,
    });
    const out = buildDoors(
      [nemotron],
      [...sellers, seller('nvidia', 'host', [], { free: 'trial' })],
      [raw('nvidia', 0.2), raw('deepinfra', 0.3), raw('fireworks', 0.4)],
      [],
    );
    expect(out.files.flatMap((f) => f.doors.map((d) => `${d.seller}:${d.prices?.input}`))).toEqual([
      'fireworks:0.4',
      'nvidia:0.2',
    ]);
    expect(out.referenceDoors.map((d) => d.seller)).toEqual(['deepinfra']);
  });
  it("matches a seller's own ids (modelIds) at that seller only, and makes serving variants doors of their own", () => {
    const nemo = { providerSlug: 'nvidia', id: 'nvidia-nemo-3-super-120b-a12b' };
    const withIds = [
      seller('baseten', 'host', [], { modelIds: { 'nvidia/Nemo-120B-A12B': 'nvidia-nemo-3-super-120b-a12b' } }),
      seller('deepinfra', 'host'),
      seller('nano-gpt', 'gateway'),
    ];
    const raw = (sellerAlias: string, sellerModelId: string, input: number) => ({
      sellerAlias,
      sellerModelId,
      prices: { input, output: 1 },
      source: 's',
      date: '2026-07-02',
      rank: 3,
    });
    const out = buildDoors(
      [nemo],
      withIds,
      [
        raw('baseten', 'nvidia/Nemo-120B-A12B', 0.3),
        raw('deepinfra', 'nvidia/Nemo-120B-A12B', 0.2),
        raw('nano-gpt', 'TEE/nemo-3-super-120b-a12b', 2),
        raw('nano-gpt', 'nvidia/nemo-3-super-120b-a12b', 0.1),
      ],
      [],
    );
    // NanoGPT's TEE door is a door of its own at its own $2, named as a variant; its plain door keeps $0.10.
    expect(
      out.files.flatMap((f) =>
        f.doors.map((d) => `${d.seller}:${d.sellerModelId}:${d.variant ?? '-'}:${d.prices?.input}`),
      ),
    ).toEqual([
      'baseten:nvidia/Nemo-120B-A12B:-:0.3',
      'nano-gpt:nvidia/nemo-3-super-120b-a12b:-:0.1',
      'nano-gpt:TEE/nemo-3-super-120b-a12b:tee:2',
    ]);
    expect(out.variants).toEqual([
      {
        seller: 'nano-gpt',
        sellerModelId: 'TEE/nemo-3-super-120b-a12b',
        model: 'nvidia-nemo-3-super-120b-a12b',
        variant: 'tee',
      },
    ]);
  });
  it("makes the maker's own serving variant a door (the plain entry is the record), and merges one variant's ids", () => {
    const m25 = { providerSlug: 'minimax', id: 'minimax-minimax-m2.5', referenceDoor: { seller: 'minimax' } };
    const raw = (sellerAlias: string, sellerModelId: string, input: number, source = 's') => ({
      sellerAlias,
      sellerModelId,
      prices: { input, output: 1 },
      source,
      date: '2026-07-02',
      rank: 3,
    });
    const out = buildDoors(
      [m25],
      [seller('minimax', 'maker'), seller('fireworks', 'host')],
      [
        raw('minimax', 'MiniMax-M2.5', 0.3),
        raw('minimax', 'MiniMax-M2.5-highspeed', 0.6),
        raw('minimax', 'MiniMax-M2.5-lightning', 2.4),
        raw('fireworks', 'accounts/fireworks/routers/minimax-m2p5-fast', 0.9, 'a'),
        raw('fireworks', 'minimax-m2p5-fast', 0.9, 'b'),
      ],
      [],
    );
    expect(out.referenceDoors.map((d) => `${d.seller}:${d.prices?.input}`)).toEqual(['minimax:0.3']);
    expect(out.files.flatMap((f) => f.doors.map((d) => `${d.seller}:${d.variant}:${d.prices?.input}`))).toEqual([
      'fireworks:fast:0.9',
      'minimax:highspeed:0.6',
      'minimax:lightning:2.4',
    ]);
  });
  it("keeps a seller's suspect entries out of the doors, each with its reason (one id, or all of a seller's)", () => {
    const oss = { providerSlug: 'openai', id: 'openai-oss' };
    const withDoubt = [
      seller('vultr', 'cloud', [], { suspect: [{ sellerModelId: 'openai/oss', reason: "another model's price" }] }),
      seller('synthetic', 'host', [], { suspect: [{ reason: 'cached at the full price' }] }),
      seller('deepinfra', 'host'),
    ];
    const raw = (sellerAlias: string, sellerModelId: string) => ({
      sellerAlias,
      sellerModelId,
      prices: { input: 0.1, output: 1 },
      source: 's',
      date: '2026-07-02',
      rank: 3,
    });
    const out = buildDoors(
      [oss],
      withDoubt,
      [raw('vultr', 'OpenAI/OSS'), raw('synthetic', 'hf:openai/oss'), raw('deepinfra', 'openai/oss')],
      [],
    );
    expect(out.files.flatMap((f) => f.doors.map((d) => d.seller))).toEqual(['deepinfra']);
    expect(out.suspect).toEqual([
      { seller: 'vultr', sellerModelId: 'OpenAI/OSS', model: 'openai-oss', reason: "another model's price" },
      { seller: 'synthetic', sellerModelId: 'hf:openai/oss', model: 'openai-oss', reason: 'cached at the full price' },
    ]);
  });
  it('groups doors by maker, in catalogue order', () => {
    expect(built.files.map((f) => f.maker)).toEqual(['anthropic', 'deepseek']);
    expect(built.files[1]!.doors.map((d) => `${d.model}@${d.seller}`)).toEqual([
      'deepseek-deepseek-v4-pro@deepinfra',
      'deepseek-deepseek-v4-pro@fireworks',
    ]);
  });
});

describe('diffDoors', async () => {
  const { diffDoors } = await import('../../../src/refresh/offers/diff.js');
  const d = (seller: string, input: number) => ({
    model: 'm',
    seller,
    sellerModelId: 'm',
    prices: { input, output: input * 2 },
    source: 'src',
    date: '2026-09-22',
  });
  it('proposes new doors, price changes and doors gone, with source and date', () => {
    expect(
      diffDoors(
        { maker: 'x', sources: [], doors: [d('a', 1), d('b', 2), d('c', 3)] },
        { maker: 'x', sources: [], doors: [d('a', 1), d('b', 2.5), d('e', 4)] },
      ),
    ).toEqual([
      'price: m@b $2 / $4 -> $2.5 / $5 (src, 2026-09-22)',
      'new: m@e at $4 / $8 (src, 2026-09-22)',
      'gone: m@c (was $3 / $6, src, 2026-09-22)',
    ]);
  });
});
