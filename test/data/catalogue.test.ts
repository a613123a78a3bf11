import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerFileSchema, type ProviderFile } from '../../src/core/schema/catalogue-schema.js';
import { formatContext } from '../../src/core/pricing/context-window.js';
import { crossCheckDir as crossCheck, REFERENCE_PRICES } from '../../src/refresh/io.js';
import { tierFor } from '../../src/refresh/record.js';

const DATA_DIR = resolve(import.meta.dirname, '..', '..', 'data');
const files = readdirSync(DATA_DIR).filter((f) => f.endsWith('.json')).sort();
const raw = files.map((f) => ({ file: f, json: JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8')) as unknown }));

const PROVIDERS: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  mistral: 'Mistral AI',
  deepseek: 'DeepSeek',
  xai: 'xAI',
  cohere: 'Cohere',
  amazon: 'Amazon',
  alibaba: 'Alibaba Cloud (Qwen)',
  together: 'Together AI',
};
/** Beside the spec's ten: the makers of open-weight models the market buys from many sellers, priced at a named door. */
const OPEN_WEIGHT_MAKERS: Record<string, string> = { moonshot: 'Moonshot AI', zhipu: 'Zhipu AI', minimax: 'MiniMax', nvidia: 'NVIDIA' };

function parsed(): ProviderFile[] {
  return raw.map(({ json }) => providerFileSchema.parse(json));
}

describe('data/ catalogue', () => {
  it.each(raw.map((r) => [r.file, r.json] as const))('%s parses with providerFileSchema', (file, json) => {
    const result = providerFileSchema.safeParse(json);
    if (!result.success) throw new Error(`${file}: ${result.error.message}`);
    expect(`${(json as ProviderFile).provider.slug}.json`).toBe(file);
  });

  it('has the ten spec providers and the four open-weight makers, each with its exact name', () => {
    const seen = Object.fromEntries(parsed().map((f) => [f.provider.slug, f.provider.name]));
    expect(seen).toEqual({ ...PROVIDERS, ...OPEN_WEIGHT_MAKERS });
  });

  it('has at least 60 models, at least 3 per spec provider (DeepSeek at least 2), and the open-weight makers\' and gpt-oss models by id', () => {
    const all = parsed();
    expect(all.reduce((n, f) => n + f.models.length, 0)).toBeGreaterThanOrEqual(60);
    for (const f of all.filter((x) => x.provider.slug in PROVIDERS)) expect(f.models.length, f.provider.slug).toBeGreaterThanOrEqual(f.provider.slug === 'deepseek' ? 2 : 3);
    const ids = (slug: string) => all.find((f) => f.provider.slug === slug)?.models.map((m) => m.id);
    expect(ids('moonshot')).toEqual(['moonshot-kimi-k3', 'moonshot-kimi-k2.6', 'moonshot-kimi-k2.7-code']);
    expect(ids('zhipu')).toEqual(['zhipu-glm-5.3', 'zhipu-glm-5.3-flash', 'zhipu-glm-5.2', 'zhipu-glm-5.1']);
    expect(ids('minimax')).toEqual(['minimax-minimax-m3', 'minimax-minimax-m2.7', 'minimax-minimax-m2.5']);
    expect(ids('nvidia')).toEqual(['nvidia-nemotron-3-ultra-550b-a55b', 'nvidia-nemotron-3-super-120b-a12b']);
    expect(ids('openai')).toEqual(expect.arrayContaining(['openai-gpt-oss-120b', 'openai-gpt-oss-20b']));
  });

  it('ids are <slug>-<model_key> and unique across files', () => {
    const ids = new Set<string>();
    for (const f of parsed()) {
      for (const m of f.models) {
        expect(m.id.startsWith(`${f.provider.slug}-`), m.id).toBe(true);
        expect(m.id).toMatch(/^[a-z0-9.-]+$/);
        expect(ids.has(m.id), `duplicate ${m.id}`).toBe(false);
        ids.add(m.id);
      }
    }
  });

  it('context equals formatContext(contextTokens)', () => {
    for (const f of parsed()) for (const m of f.models) expect(m.context, m.id).toBe(formatContext(m.contextTokens));
  });

  it('a long-context threshold is below the context window', () => {
    for (const f of parsed()) {
      for (const m of f.models) if (m.longContext) expect(m.longContext.threshold, m.id).toBeLessThan(m.contextTokens);
    }
  });

  it('every provider has at least one current model; the newest of a line makes the older ones legacy', () => {
    for (const f of parsed()) expect(f.models.some((m) => m.status === 'current'), f.provider.slug).toBe(true);
    const status = (id: string) => parsed().flatMap((f) => f.models).find((m) => m.id === id)?.status;
    expect(['moonshot-kimi-k3', 'moonshot-kimi-k2.6', 'zhipu-glm-5.3', 'zhipu-glm-5.2', 'minimax-minimax-m3', 'minimax-minimax-m2.7'].map(status)).toEqual(['current', 'legacy', 'current', 'legacy', 'current', 'legacy']);
  });

  it('every tier follows the documented price rule', () => {
    for (const f of parsed()) for (const m of f.models) expect(m.tier, m.id).toBe(tierFor(m.input, m.output));
  });

  it('verified is the month of checkedOn; sourceUrl is the provider page (the seller\'s, for a record priced at a seller\'s door)', () => {
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    for (const f of parsed()) {
      for (const m of f.models) {
        const [y, mo] = m.checkedOn.split('-');
        expect(m.verified, m.id).toBe(`${months[Number(mo) - 1]} ${y}`);
        if (m.referenceDoor?.rule === 'median-direct') expect(m.sourceUrl, m.id).not.toBe(f.provider.pricingUrl);
        else expect(m.sourceUrl, m.id).toBe(f.provider.pricingUrl);
      }
    }
  });

  it('price history is oldest first and its entry in force on checkedOn has the record prices', () => {
    for (const f of parsed()) {
      for (const m of f.models) {
        const h = m.priceHistory ?? [];
        for (let i = 1; i < h.length; i++) expect(h[i - 1]!.effectiveFrom < h[i]!.effectiveFrom, m.id).toBe(true);
        const inForce = h.filter((p) => p.effectiveFrom <= m.checkedOn).at(-1);
        if (inForce) {
          expect([inForce.input, inForce.output], m.id).toEqual([m.input, m.output]);
          expect(inForce.cachedInput, m.id).toBe(m.cachedInput);
        }
      }
    }
  });

  it.skipIf(!existsSync(REFERENCE_PRICES))('has no unjustified difference from the reference consensus', () => {
    const rows = crossCheck() ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status === 'unjustified')).toEqual([]);
  });
});
