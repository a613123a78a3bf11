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

function parsed(): ProviderFile[] {
  return raw.map(({ json }) => providerFileSchema.parse(json));
}

describe('data/ catalogue', () => {
  it.each(raw.map((r) => [r.file, r.json] as const))('%s parses with providerFileSchema', (file, json) => {
    const result = providerFileSchema.safeParse(json);
    if (!result.success) throw new Error(`${file}: ${result.error.message}`);
    expect(`${(json as ProviderFile).provider.slug}.json`).toBe(file);
  });

  it('has the ten providers with their exact names', () => {
    const seen = Object.fromEntries(parsed().map((f) => [f.provider.slug, f.provider.name]));
    expect(seen).toEqual(PROVIDERS);
  });

  it('has at least 60 models, at least 3 per provider (DeepSeek at least 2)', () => {
    const all = parsed();
    expect(all.reduce((n, f) => n + f.models.length, 0)).toBeGreaterThanOrEqual(60);
    for (const f of all) expect(f.models.length, f.provider.slug).toBeGreaterThanOrEqual(f.provider.slug === 'deepseek' ? 2 : 3);
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

  it('every provider has at least one current model', () => {
    for (const f of parsed()) expect(f.models.some((m) => m.status === 'current'), f.provider.slug).toBe(true);
  });

  it('every tier follows the documented price rule', () => {
    for (const f of parsed()) for (const m of f.models) expect(m.tier, m.id).toBe(tierFor(m.input, m.output));
  });

  it('verified is the month of checkedOn; sourceUrl is the provider page', () => {
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    for (const f of parsed()) {
      for (const m of f.models) {
        const [y, mo] = m.checkedOn.split('-');
        expect(m.verified, m.id).toBe(`${months[Number(mo) - 1]} ${y}`);
        expect(m.sourceUrl, m.id).toBe(f.provider.pricingUrl);
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
