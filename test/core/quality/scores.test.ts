/**
 * The 0-100 scores: the normalisation on the rule's bounds, a score worked out by hand from the
 * shipped evidence, and every score of every model recomputed from data/quality/benchmarks.json
 * by the reference's own rule (shared/reference/quality.json: bounds, weights, substitutes),
 * skipped on a clone without the reference.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USE_CASES } from '../../../src/core/schema/catalogue-schema.js';
import { normalise } from '../../../src/core/quality/score-rule.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const catalogue = loadCatalogueFromDir(join(ROOT, 'data'));
const shipped = JSON.parse(readFileSync(join(ROOT, 'data', 'quality', 'benchmarks.json'), 'utf8'));
const REFERENCE = join(ROOT, '..', 'shared', 'reference', 'quality.json');
const reference = existsSync(REFERENCE) ? JSON.parse(readFileSync(REFERENCE, 'utf8')) : undefined;

describe('normalise', () => {
  it('puts the bound of tier t at 20·(t−1), linear between bounds, towards 0 and 100 outside them', () => {
    // AA Coding Index bounds 20 / 35 / 50 / 65
    expect([20, 35, 50, 65].map((v) => normalise('aa_coding_index', v))).toEqual([20, 40, 60, 80]);
    expect(normalise('aa_coding_index', 42.5)).toBe(50);
    // Above 65: 100 − 20·e^(−(v − 65)/15); below 20: 20·e^((v − 20)/15)
    expect(normalise('aa_coding_index', 80)).toBeCloseTo(100 - 20 * Math.exp(-1), 10);
    expect(normalise('aa_coding_index', 5)).toBeCloseTo(20 * Math.exp(-1), 10);
    expect(normalise('aa_coding_index', 150)).toBeLessThan(100);
    expect(normalise('aa_coding_index', -1000)).toBeGreaterThan(0);
    expect(() => normalise('aa_gpqa', 0.5)).toThrow('no bounds');
  });
});

describe('scores of the shipped catalogue', () => {
  it('Claude Opus 5 codes at 94: AA Coding Index 78 (×3), Code Arena 1,688 (×2), DesignArena code derived 92.2 (×1)', () => {
    const opus = catalogue.byId.get('anthropic-claude-opus-5')!;
    expect(shipped.models['anthropic-claude-opus-5'].or_aa_coding_index.value).toBe(78);
    expect(shipped.models['anthropic-claude-opus-5'].lmarena_code_2026_08.value).toBe(1688);
    expect(shipped.models['anthropic-claude-opus-5'].designarena_code).toEqual({ derived: 92.2, date: '2026-08-01' });
    const aa = 100 - 20 * Math.exp(-(78 - 65) / 15); // 91.59
    const arena = 100 - 20 * Math.exp(-(1688 - 1560) / 50); // 98.45
    expect(Math.round((3 * aa + 2 * arena + 92.2) / 6)).toBe(94);
    expect(opus.scores?.coding).toBe(94);
  });

  it('every model of the evidence file is a model of the catalogue (by id, not an alias)', () => {
    for (const id of Object.keys(shipped.models))
      expect(
        catalogue.models.some((m) => m.id === id),
        id,
      ).toBe(true);
  });

  it('a model with no benchmark is unrated everywhere, never a number', () => {
    const none = catalogue.models.filter((m) => !shipped.models[m.id]);
    expect(none.length).toBeGreaterThan(0);
    for (const m of none) {
      expect(catalogue.benchmarksOf.get(m.id)).toEqual([]);
      expect(Object.values(m.scores!)).toEqual(Array(USE_CASES.length + 1).fill('unrated'));
    }
  });

  it('a record carries its benchmarks with value, date and source link; DesignArena only derived', () => {
    const opus = catalogue.benchmarksOf.get('anthropic-claude-opus-5')!;
    expect(opus).toContainEqual({
      id: 'lmarena_code_2026_08',
      name: 'Code Arena',
      metric: 'LMArena Code Arena (WebDev) Elo, top 50',
      scale: 'Elo',
      value: 1688,
      date: '2026-08-30',
      source: 'LMArena (arena.ai), late-August 2026 boards',
      url: 'https://arena.ai/leaderboard/code',
    });
    expect(opus.find((b) => b.id === 'designarena_code')).toMatchObject({ value: null, derived: 92.2 });
    for (const results of catalogue.benchmarksOf.values())
      for (const b of results) expect(b.url).toMatch(/^https:\/\//);
  });
});

describe.skipIf(!reference)(
  'against the reference (needs ../shared/reference/quality.json; skipped without it)',
  () => {
    const rule = reference?.rule;
    const byRef = new Map<string, any>((reference?.models ?? []).map((r: any) => [r.model_id, r]));

    /** The rule, written again from the reference's bounds and weights. */
    function expected(
      values: Record<string, { value?: number; derived?: number }>,
      inputs: Array<[string, number, string | null]> | undefined,
    ) {
      const bounds = rule.tier_thresholds_lower_bounds_of_tiers_2_to_5 as Record<string, number[]>;
      const norm = (key: string) => {
        const v = values[key];
        if (!v) return undefined;
        if (v.derived !== undefined) return v.derived;
        const b = bounds[key];
        if (!b) return undefined;
        const x = v.value!;
        if (x < b[0]!) return 20 * Math.exp((x - b[0]!) / (b[1]! - b[0]!));
        if (x >= b[3]!) return 100 - 20 * Math.exp(-(x - b[3]!) / (b[3]! - b[2]!));
        const i = x >= b[2]! ? 2 : x >= b[1]! ? 1 : 0;
        return 20 * (i + 1) + (20 * (x - b[i]!)) / (b[i + 1]! - b[i]!);
      };
      const pairs = inputs
        ? inputs.flatMap(([k, w, sub]) => {
            const n = norm(k) ?? (sub ? norm(sub) : undefined);
            return n === undefined ? [] : [[n, w] as const];
          })
        : Object.keys(values).flatMap((k) => {
            const n = norm(k);
            return n === undefined ? [] : [[n, 1] as const];
          });
      if (pairs.length === 0) return undefined;
      return Math.round(pairs.reduce((s, [n, w]) => s + n * w, 0) / pairs.reduce((s, [, w]) => s + w, 0));
    }

    it("ships the reference's values for each model it holds (DesignArena as derived values only)", () => {
      // The models beyond the reference (gpt-oss, Kimi, GLM, MiniMax, Nemotron) are held to their snapshots in test/data/market-models.test.ts.
      for (const m of catalogue.models.filter((x) => x.referenceId !== undefined)) {
        const ref = byRef.get(m.referenceId ?? '')?.scores ?? {};
        for (const [key, entry] of Object.entries<any>(shipped.models[m.id] ?? {})) {
          expect(entry.date).toBe(ref[key].date);
          if (key.startsWith('designarena_')) expect(entry.value).toBeUndefined();
          else expect(entry.value).toBe(ref[key].value);
        }
      }
    });

    it('every score of every model, recomputed', () => {
      const speed: Array<[string, number, null]> = [['aa_output_tokens_per_s', 1, null]];
      const vision = rule.vision_inputs;
      const longContext: Array<[string, number, null]> = [
        ['aa_lcr', 2, null],
        ['lmarena_text_longer_query', 1, null],
        ['lmarena_document_2026_07', 1, null],
      ];
      let rated = 0;
      for (const m of catalogue.models) {
        const values = shipped.models[m.id] ?? {};
        const overall = expected(values, rule.quality_inputs) ?? expected(values, undefined);
        const want: Record<string, number | string> = { overall: overall ?? 'unrated', general: overall ?? 'unrated' };
        const own: Record<string, Array<[string, number, string | null]>> = {
          ...rule.use_cases,
          speed,
          vision,
          multimodal: vision,
          'long-context': longContext,
        };
        for (const [useCase, inputs] of Object.entries(own)) {
          want[useCase] = expected(values, inputs) ?? (useCase === 'speed' ? undefined : overall) ?? 'unrated';
        }
        expect(m.scores, m.id).toEqual(want);
        if (overall !== undefined) rated++;
      }
      expect(rated).toBe(Object.keys(shipped.models).length);
    });
  },
);
