// Provenance a person can read, one entry per model (aliases), and coverage of the reference's
// 2026 releases. The coverage test needs ../shared/reference and is skipped without it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerFileSchema, type ProviderFile } from '../../src/core/schema/catalogue-schema.js';
import { offPeakWindows } from '../../src/core/pricing/time-of-day.js';
import { REFERENCE_SCOPE } from '../../src/refresh/crosscheck.js';
import { REFERENCE_PRICES } from '../../src/refresh/io.js';
import { modelKey, qualitySourceOf, type QualityRecord } from './reference-quality.js';

const DATA_DIR = resolve(import.meta.dirname, '..', '..', 'data');
const files: ProviderFile[] = readdirSync(DATA_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => providerFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8'))));
const records = files.flatMap((f) => f.models.map((m) => ({ slug: f.provider.slug, m })));

/** Why a provenance text is not plain: a path, a file, an internal vote term or a snake_case key. */
function jargon(text: string): string | undefined {
  const words = text.replace(/https?:\/\/\S+/g, 'URL');
  const bad = [
    /shared\//, /reference\//, /\.json\b/, /\bbasis\b/, /consensus/i, /\ball_agree\b/, /others_excluded/, /\btie_/,
    /single_source/, /\b[a-z]+_[a-z_]+\b/,
  ].find((re) => re.test(words));
  return bad ? `${bad} in "${text}"` : undefined;
}

describe('plain provenance', () => {
  it('priceSource says who lists the price and when it was checked, in plain words', () => {
    for (const { m } of records) {
      expect(jargon(m.priceSource), m.id).toBeUndefined();
      expect(m.priceSource, m.id).toMatch(/checked \d{4}-\d{2}-\d{2}/);
    }
  });

  it('priceNote, qualitySource and every history entry read plainly too', () => {
    for (const { m } of records) {
      for (const text of [m.priceNote, m.qualitySource, ...(m.priceHistory ?? []).flatMap((h) => [h.source, h.note])]) {
        if (text !== undefined) expect(jargon(text), m.id).toBeUndefined();
      }
    }
  });

  it('qualitySource dates each benchmark by the snapshot it was read from, never by a month nothing was read in', () => {
    for (const { m } of records) {
      expect(m.qualitySource, m.id).not.toMatch(/scores of [A-Z][a-z]+ \d{4}/);
      if (/^(Benchmarks|No general benchmark|Rated as .*, from its)/.test(m.qualitySource)) {
        // Every benchmark named says "of YYYY-MM-DD".
        const benchmarks = m.qualitySource.replace(/^.*?(Benchmarks: |from its |from )/, '').split(/, | and /);
        for (const b of benchmarks) expect(b, m.id).toMatch(/ of \d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('the check itself catches the old style', () => {
    expect(jargon('shared/reference/prices.json consensus (models.dev 2026-07-02), basis all_agree')).toBeDefined();
    expect(jargon('Follows the contested reference consensus (basis others_excluded)')).toBeDefined();
    expect(jargon('shared/reference/quality.json suggested (benchmarks: aa_intelligence_index)')).toBeDefined();
    expect(jargon('OpenAI pricing page, checked 2026-11-21; litellm and genai-prices agree')).toBeUndefined();
  });
});

describe('one entry per model', () => {
  const ids = new Set(records.map(({ m }) => m.id));

  it('an alias names one model only, is never a record id, and belongs to the same provider', () => {
    const seen = new Map<string, string>();
    for (const { slug, m } of records) {
      for (const alias of m.aliases ?? []) {
        expect(ids.has(alias), `${alias} is also a record`).toBe(false);
        expect(seen.get(alias), `${alias} listed by ${seen.get(alias)} and ${m.id}`).toBeUndefined();
        expect(alias.startsWith(`${slug}-`), alias).toBe(true);
        seen.set(alias, m.id);
      }
    }
    // The DeepSeek API names are aliases of V4 Flash, not records of their own.
    expect(seen.get('deepseek-deepseek-chat')).toBe('deepseek-deepseek-v4-flash');
    expect(seen.get('deepseek-deepseek-reasoner')).toBe('deepseek-deepseek-v4-flash');
  });

  it('no two records are checked against the same reference model', () => {
    const refs = records.map(({ slug, m }) => `${slug}:${m.referenceId}`).filter((r) => !r.endsWith(':undefined'));
    expect(refs.length).toBe(new Set(refs).size);
  });

  it('a provider with long-context prices states its threshold rule; off-peak windows are not empty', () => {
    for (const f of files) {
      if (f.models.some((m) => m.longContext)) expect(f.provider.longContextRule, f.provider.slug).toMatch(/^(above|at)$/);
    }
    for (const { m } of records) {
      for (const w of m.offPeak ? offPeakWindows(m.offPeak) : []) expect(w.startUtc, m.id).not.toBe(w.endUtc);
    }
  });
});

interface ReferenceRecord {
  provider: string;
  host: string | null;
  model_id: string;
  match_key?: string;
  release_date: string | null;
}

describe.skipIf(!existsSync(REFERENCE_PRICES))('coverage of the reference (needs ../shared/reference; skipped without it)', () => {
  it('each qualitySource is what the reference\'s quality data says, snapshot dates included', () => {
    const quality = JSON.parse(readFileSync(resolve(REFERENCE_PRICES, '..', 'quality.json'), 'utf8')) as { models: Array<ReferenceRecord & QualityRecord & { deprecated: boolean }> };
    let checked = 0;
    for (const { slug, m } of records) {
      const scope = REFERENCE_SCOPE[slug as keyof typeof REFERENCE_SCOPE]!;
      const q = quality.models.find((r) => r.model_id === m.referenceId && r.provider === scope.provider && (r.host ?? null) === scope.host && !r.deprecated);
      if (!q) continue;
      expect(m.qualitySource, m.id).toBe(qualitySourceOf(q, quality.models));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('lists at least 95% of the 2026 releases of our ten providers (an alias counts for its model)', () => {
    const reference = JSON.parse(readFileSync(REFERENCE_PRICES, 'utf8')) as { models: ReferenceRecord[] };
    const names = new Set(records.flatMap(({ m }) => [m.id, ...(m.aliases ?? [])]));
    const referenced = new Set(records.map(({ slug, m }) => `${slug}:${m.referenceId}`));
    const released2026 = Object.entries(REFERENCE_SCOPE).flatMap(([slug, scope]) =>
      reference.models
        .filter((r) => r.provider === scope.provider && (r.host ?? null) === scope.host && r.release_date?.startsWith('2026'))
        .map((r) => ({ slug, r })),
    );
    const missing = released2026.filter(({ slug, r }) => !referenced.has(`${slug}:${r.model_id}`) && !names.has(`${slug}-${modelKey(r)}`));
    const share = (released2026.length - missing.length) / released2026.length;
    expect(released2026.length).toBeGreaterThanOrEqual(56);
    expect(share, `missing: ${missing.map(({ slug, r }) => `${slug}/${r.model_id}`).join(', ')}`).toBeGreaterThanOrEqual(0.95);
  });
});
