/**
 * The prices of units beyond text tokens and of service tiers are their sources' own: every
 * unitPrices value is the pinned genai-prices package's for that model, and every service tier
 * the reference's (LiteLLM's priority and flex, models.dev's fast mode), taken only where that
 * source's standard price is the record's (tiers beside another standard price belong to it). The
 * tier check needs ../shared/reference and is skipped without it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { calcPrice } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { providerFileSchema, type ModelData, type ProviderFile } from '../../src/core/schema/catalogue-schema.js';

const DATA_DIR = resolve(import.meta.dirname, '..', '..', 'data');
const REFERENCE = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'prices.json');
const files: ProviderFile[] = readdirSync(DATA_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => providerFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8'))));
const records = files.flatMap((f) => f.models.map((m) => ({ provider: f.provider, m })));

const GENAI: Record<string, string> = { openai: 'openai', anthropic: 'anthropic', google: 'google', mistral: 'mistral', deepseek: 'deepseek', xai: 'x-ai' };
const KEYS: Record<string, string> = {
  inputAudio: 'input_audio_mtok', cachedInputAudio: 'cache_audio_read_mtok', outputAudio: 'output_audio_mtok', inputImage: 'input_image_mtok',
  outputImage: 'output_image_mtok', inputVideo: 'input_video_mtok', outputVideo: 'output_video_mtok', outputReasoning: 'output_reasoning_mtok',
  webSearches: 'web_searches_kcount', requests: 'requests_kcount',
};

function genaiModel(slug: string, m: ModelData) {
  const providerId = GENAI[slug];
  if (!providerId) return undefined;
  const names = [m.referenceId, m.id.slice(slug.length + 1)].filter((n): n is string => n !== undefined);
  for (const name of names) {
    const found = calcPrice({ input_tokens: 1, output_tokens: 1 }, name, { providerId, timestamp: new Date(`${m.checkedOn}T12:00:00Z`) });
    if (found) return found;
  }
  return undefined;
}

describe('unit and tier prices', () => {
  it('are genai-prices 0.1.8 values for the model, named in the source, and some are on record', () => {
    let values = 0;
    for (const { provider, m } of records) {
      if (!m.unitPrices) continue;
      const found = genaiModel(provider.slug, m);
      expect(found, m.id).toBeDefined();
      const { source, checkedOn, ...prices } = m.unitPrices;
      expect(source, m.id).toMatch(new RegExp(`^genai-prices 0\\.1\\.8 data for \\S+ ${found?.model.id.replace(/[.]/g, '\\.')}$`));
      for (const [field, value] of Object.entries(prices)) {
        expect((found?.model_price as Record<string, unknown>)[KEYS[field] as string], `${m.id} ${field}`).toBe(value);
        values++;
      }
    }
    expect(values).toBeGreaterThan(20);
  });

  it.skipIf(!existsSync(REFERENCE))('service tiers are the reference entry\'s, LiteLLM\'s or models.dev\'s as the source says', () => {
    const reference = JSON.parse(readFileSync(REFERENCE, 'utf8')) as { models: Array<Record<string, unknown> & { provider: string; model_id: string; match_key: string }> };
    let tiers = 0;
    for (const { provider, m } of records) {
      const key = m.id.slice(provider.slug.length + 1);
      for (const [tier, prices] of Object.entries(m.serviceTiers ?? {})) {
        if (!prices) continue;
        const entry = reference.models.find((r) => r.provider === provider.name && (r.model_id === (m.referenceId ?? key) || r.match_key === key));
        const theirs = (tier === 'fast' ? entry?.fast_mode_models_dev : (entry?.service_tiers_litellm as Record<string, unknown> | undefined)?.[tier]) as Record<string, number> | undefined;
        expect(theirs, `${m.id} ${tier}`).toBeDefined();
        // The source's own standard price at the same date: the one its tier prices go with.
        const standard = tier === 'fast' ? 'models_dev' : 'litellm';
        expect([entry?.[`input_${standard}`], entry?.[`output_${standard}`]], `${m.id} ${tier}: ${standard}'s standard price`).toEqual([m.input, m.output]);
        expect(prices.source).toMatch(tier === 'fast' ? /^models\.dev of 2026-07-02 \(fast mode\)/ : new RegExp(`^LiteLLM's price list of 2026-08-01 \\(${tier} tier\\)`));
        expect([prices.input, prices.output, prices.cachedInput, prices.cacheWrite], `${m.id} ${tier}`)
          .toEqual([theirs?.input, theirs?.output, theirs?.cache_read ?? undefined, theirs?.cache_write ?? undefined]);
        tiers++;
      }
    }
    expect(tiers).toBeGreaterThan(30);
  });

  it('flex is cheaper than standard and priority dearer, on every record with them', () => {
    let checked = 0;
    for (const { m } of records) {
      const { flex, priority } = m.serviceTiers ?? {};
      if (flex) {
        expect(flex.input <= m.input && flex.output <= m.output, `${m.id} flex`).toBe(true);
        expect(flex.input < m.input || flex.output < m.output, `${m.id} flex is the standard price`).toBe(true);
        checked++;
      }
      if (priority) {
        expect(priority.input >= m.input && priority.output >= m.output, `${m.id} priority`).toBe(true);
        expect(priority.input > m.input || priority.output > m.output, `${m.id} priority is the standard price`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
