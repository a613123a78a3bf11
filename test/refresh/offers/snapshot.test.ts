// The doors as `catalog:doors` builds them from the snapshot in ../shared/reference/hosts and
// genai-prices 0.1.8: the matching cases of issue 51, and no false merge anywhere.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sellersFileSchema, type Door } from '../../../src/core/offers/door-schema.js';
import { buildDoors, matchRecord, type BuiltDoors } from '../../../src/refresh/offers/build.js';
import { modelKeys, normaliseId, sameModel, servingVariant } from '../../../src/refresh/offers/normalise.js';
import { offersFromModelsDevApi, readDoorSources, readRecords } from '../../../src/refresh/offers/io.js';
import { readModelsDevOffers } from '../../../src/refresh/offers/read-models-dev.js';
import type { RawDoor } from '../../../src/refresh/offers/raw-door.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const HOSTS = resolve(ROOT, '..', 'shared', 'reference', 'hosts');
const DATA = join(ROOT, 'data');

describe.skipIf(!existsSync(join(HOSTS, 'models-dev-offers.json')))('doors built from the snapshot', () => {
  let built: BuiltDoors;
  let raws: RawDoor[];
  let doors: Door[];
  const sellers = () =>
    sellersFileSchema.parse(JSON.parse(readFileSync(join(DATA, 'offers', 'sellers.json'), 'utf8'))).sellers;
  const records = () => readRecords(DATA);
  beforeAll(async () => {
    const sources = await readDoorSources(HOSTS);
    raws = sources.raws;
    built = buildDoors(records(), sellers(), raws, sources.labels);
    doors = [...built.files.flatMap((f) => f.doors), ...built.referenceDoors];
  });
  /** A seller's plain door to a model (its serving variants are doors of their own, `variant` named). */
  const door = (model: string, seller: string) =>
    doors.find((d) => d.model === model && d.seller === seller && d.variant === undefined);
  const price = (d: Door | undefined) => d?.prices && `${d.prices.input} / ${d.prices.output}`;

  it("finds Venice's gpt-oss-120b and Gemma 4 31B by models.dev's base_model link (hyphenated vendor prefix)", () => {
    expect(door('openai-gpt-oss-120b', 'venice')).toMatchObject({
      sellerModelId: 'openai-gpt-oss-120b',
      prices: { input: 0.07, output: 0.3 },
    });
    expect(door('google-gemma-4-31b-it', 'venice')).toMatchObject({
      sellerModelId: 'google-gemma-4-31b-it',
      prices: { input: 0.12, output: 0.36 },
    });
  });
  it("finds DigitalOcean's openai-gpt-oss-120b, Cerebras' gemma-4-31b (genai-prices) and Databricks' databricks- ids", () => {
    expect(door('openai-gpt-oss-120b', 'digitalocean')).toMatchObject({
      sellerModelId: 'openai-gpt-oss-120b',
      prices: { input: 0.1, output: 0.7 },
    });
    expect(door('google-gemma-4-31b-it', 'cerebras')?.source).toMatch(/^genai-prices/);
    expect(door('openai-gpt-oss-120b', 'databricks')?.sellerModelId).toBe('databricks-gpt-oss-120b');
  });
  it("finds the six new models' doors: Venice's nvidia- prefixed Nemotron 3 Ultra, Kimi K3 and GLM-5.3 at the hosts genai-prices lists", () => {
    expect(door('nvidia-nemotron-3-ultra-550b-a55b', 'venice')).toMatchObject({
      sellerModelId: 'nvidia-nemotron-3-ultra-550b-a55b',
      prices: { input: 0.625, output: 3.125 },
    });
    expect(price(door('nvidia-nemotron-3-ultra-550b-a55b', 'baseten'))).toBe('0.6 / 2.4');
    expect(price(door('nvidia-nemotron-3-ultra-550b-a55b', 'together'))).toBe('0.6 / 3.6');
    expect(price(door('moonshot-kimi-k3', 'fireworks'))).toBe('3 / 15');
    expect(price(door('zhipu-glm-5.3-flash', 'baseten'))).toBe('0.15 / 0.5');
    expect(price(door('minimax-minimax-m3', 'together'))).toBe('0.3 / 1.2');
    // Fireworks' fast router and MiniMax's highspeed tier are serving variants: doors of their own, never the plain model's.
    expect(door('moonshot-kimi-k3', 'fireworks')?.sellerModelId).toBe('accounts/fireworks/models/kimi-k3');
    const fast = built.files
      .flatMap((f) => f.doors)
      .find((d) => d.model === 'moonshot-kimi-k3' && d.variant === 'fast');
    expect(fast).toMatchObject({ seller: 'fireworks', prices: { input: 4.5, output: 22.5 } });
    expect(built.variants).toContainEqual(
      expect.objectContaining({
        seller: 'fireworks',
        sellerModelId: 'accounts/fireworks/routers/kimi-k3-fast',
        model: 'moonshot-kimi-k3',
        variant: 'fast',
      }),
    );
    expect(built.variants).toContainEqual(
      expect.objectContaining({
        seller: 'minimax',
        sellerModelId: 'MiniMax-M2.7-highspeed',
        model: 'minimax-minimax-m2.7',
        variant: 'highspeed',
      }),
    );
  });
  it("reads LiteLLM's Bedrock openai.gpt-oss-120b-1:0 as gpt-oss-120b, and bedrock_mantle as Amazon Bedrock", () => {
    const index = new Map(records().flatMap((r) => modelKeys(r, r.providerSlug).map((k) => [k, r] as const)));
    const bedrock = raws.find(
      (r) => r.sellerAlias === 'bedrock_converse' && r.sellerModelId === 'openai.gpt-oss-120b-1:0',
    );
    expect(bedrock && matchRecord(bedrock, index)?.id).toBe('openai-gpt-oss-120b');
    expect(price(door('google-gemma-4-31b-it', 'amazon-bedrock'))).toBe('0.14 / 0.4');
    expect(price(door('google-gemma-4-26b-a4b-it', 'amazon-bedrock'))).toBe('0.13 / 0.4');
    expect(built.unreviewed.map((u) => u.alias)).not.toContain('bedrock_mantle');
  });
  it("makes NanoGPT's TEE/ entries and Chutes' turbo-TEE doors of their own, named as variants, apart from the plain model", () => {
    expect(door('openai-gpt-oss-120b', 'nano-gpt')).toMatchObject({
      sellerModelId: 'openai/gpt-oss-120b',
      prices: { input: 0.05, output: 0.25 },
    });
    expect(built.variants).toContainEqual({
      seller: 'nano-gpt',
      sellerModelId: 'TEE/gpt-oss-120b',
      model: 'openai-gpt-oss-120b',
      variant: 'tee',
    });
    expect(doors.find((d) => d.model === 'openai-gpt-oss-120b' && d.seller === 'nano-gpt' && d.variant)).toMatchObject({
      sellerModelId: 'TEE/gpt-oss-120b',
      variant: 'tee',
      prices: { input: 2, output: 2 },
    });
    // Every door whose id names a variant says so, and every variant door's id names it.
    const byId = new Map(records().map((r) => [r.id, r]));
    for (const d of doors) {
      // Tokens the model's own name has (Together's Turbo and FP8 Llama records) are no variant.
      const keys = modelKeys(byId.get(d.model)!, byId.get(d.model)!.providerSlug).map((k) => k.split('-'));
      const tokens = servingVariant(normaliseId(d.sellerModelId)).variant.filter(
        (t) => !keys.some((k) => k.includes(t)),
      );
      expect(d.variant, `${d.seller} ${d.sellerModelId}`).toBe(tokens.join(' ') || undefined);
    }
    // Each (model, seller, region, variant) once.
    const keys = doors.map((d) => `${d.model}@${d.seller}/${d.region ?? ''}:${d.variant ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('leaves no seller of the sources unreviewed, and keeps the suspect entries apart with their reason', () => {
    expect(built.unreviewed).toEqual([]);
    expect(door('moonshot-kimi-k2.6', 'vultr')).toBeUndefined();
    expect(built.suspect).toContainEqual(
      expect.objectContaining({
        seller: 'vultr',
        sellerModelId: 'moonshotai/Kimi-K2.6',
        reason: expect.stringContaining('$0.15 / $0.60'),
      }),
    );
    expect(doors.filter((d) => d.seller === 'synthetic')).toEqual([]);
    expect(built.suspect.filter((x) => x.seller === 'synthetic').length).toBeGreaterThan(0);
    // Tencent Cloud, Crusoe and Vultr sell these models and are reviewed now.
    expect(door('deepseek-deepseek-v4-pro', 'tencent-cloud')?.prices).toMatchObject({ input: 0.435, output: 0.87 });
    expect(door('openai-gpt-oss-120b', 'crusoe')?.source).toMatch(/^LiteLLM/);
  });
  it("merges no size, version or variant: each door's id is a key of its model, a respelling of it, or its seller's own reviewed id", () => {
    const byId = new Map(records().map((r) => [r.id, r]));
    const own = new Map(sellers().map((s) => [s.slug, new Set(Object.keys(s.modelIds ?? {}).map(normaliseId))]));
    for (const d of doors) {
      const record = byId.get(d.model)!;
      const id = normaliseId(d.sellerModelId);
      const keys = modelKeys(record, record.providerSlug);
      // A variant's door: its id less the variant's tokens is the model's.
      const plain = d.variant ? servingVariant(id).plain : id;
      const ok = keys.some((k) => sameModel(plain, k)) || own.get(d.seller)?.has(plain);
      expect(ok, `${d.seller} ${d.sellerModelId} as ${d.model}`).toBe(true);
      // A serving-variant token is a plain door's only where the model's own name has it (Together's Turbo records).
      if (!d.variant)
        for (const token of servingVariant(id).variant)
          expect(
            keys.some((k) => k.split('-').includes(token)),
            `${d.seller} ${d.sellerModelId}`,
          ).toBe(true);
    }
  });
});

describe('models.dev api.json, as the weekly workflow downloads it', () => {
  it("reads as the snapshot's provider entries: one offer per provider and model id, with the provider's page", () => {
    const api = {
      venice: {
        name: 'Venice AI',
        doc: 'https://docs.venice.ai',
        models: {
          'openai-gpt-oss-120b': { cost: { input: 0.07, output: 0.3 }, limit: { context: 131072, output: 32768 } },
        },
      },
    };
    const offers = offersFromModelsDevApi(api, '2026-12-07');
    expect(offers.meta.committed).toBe('2026-12-07');
    expect(readModelsDevOffers(offers, 'models.dev api.json of 2026-12-07', '2026-12-07', 3)).toEqual([
      {
        sellerAlias: 'venice',
        sellerModelId: 'openai-gpt-oss-120b',
        prices: { input: 0.07, output: 0.3 },
        contextTokens: 131072,
        maxOutputTokens: 32768,
        sourceUrl: 'https://docs.venice.ai',
        source: 'models.dev api.json of 2026-12-07',
        date: '2026-12-07',
        rank: 3,
      },
    ]);
  });
});
