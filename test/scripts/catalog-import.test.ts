// npm run catalog:import on small hand-written copies of the three formats (test/fixtures/import/),
// against a small data dir copied to a temporary directory: data/ itself is never written.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/core/catalogue.js';
import { priceOn } from '../../src/core/history.js';
import { applyChange, main, propose, readDataDir } from '../../scripts/catalog-import.mjs';
import {
  matchKey, perTokenToPerMillion, readLitellm, readModelsDev, readOpenRouter, undatedKey,
} from '../../scripts/catalog-import-sources.mjs';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'import');
const REAL_DATA = resolve(import.meta.dirname, '..', '..', 'data');
const fixture = (name: string) => join(FIXTURES, name);
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as any; // any: raw JSON

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of the fixture data dir. */
function dataCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-import-'));
  temps.push(dir);
  cpSync(fixture('data'), dir, { recursive: true });
  return dir;
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { out: (l) => out.push(l), err: (l) => err.push(l), today: '2026-12-01' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

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
    expect(matchKey('nova-pro-v1')).toBe('nova-pro-v1');
    expect(matchKey('gemini/gemini-2.5-pro')).toBe('gemini-2-5-pro');
    expect(matchKey('claude-opus-4.6')).toBe(matchKey('claude-opus-4-6'));
    expect(matchKey('together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo')).toBe(matchKey('meta-llama/Llama-3.3-70B-Instruct-Turbo'));
    expect(undatedKey('gpt-4-1-2025-04-14')).toBe('gpt-4-1');
    expect(undatedKey('claude-opus-4-6-20260205')).toBe('claude-opus-4-6');
    expect(undatedKey('command-a-03-2025')).toBeUndefined();
  });

  it('matches the real catalogue by referenceId in litellm and OpenRouter spellings', () => {
    const files = readDataDir(REAL_DATA);
    const litellm = propose(files, readLitellm(readJson(fixture('real-ids-litellm.json'))));
    // 11 keys: two are dated snapshots of models we list, so they are neither matched nor new.
    expect(litellm.matched).toBe(9);
    expect(litellm.added).toEqual([]);
    const openrouter = propose(files, readOpenRouter(readJson(fixture('real-ids-openrouter.json'))));
    expect(openrouter.matched).toBe(6);
    expect(openrouter.added).toEqual([]);
  });
});

describe('readers', () => {
  it('models.dev: text models of our providers, prices per 1M as given', () => {
    const entries = readModelsDev(readJson(fixture('models-dev.json')));
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
    const entries = readLitellm(readJson(fixture('litellm.json')));
    expect(entries.map((e) => e.sourceId).sort()).toEqual(['amazon.nova-test-v1:0', 'claude-test-4-6', 'gemini/gemini-test', 'gpt-alpha', 'gpt-alpha-2026-01-15']);
    expect(entries.find((e) => e.sourceId === 'gpt-alpha')).toMatchObject({ input: 2.2, output: 12, cachedInput: 0.55 });
    expect(entries.find((e) => e.slug === 'amazon')).toMatchObject({ input: 0.8, output: 3.2 });
  });

  it('OpenRouter: no :variants, no negative (variable) prices, no Llama hosts, text output only', () => {
    const entries = readOpenRouter(readJson(fixture('openrouter.json')));
    expect(entries.map((e) => [e.slug, e.sourceId])).toEqual([
      ['anthropic', 'anthropic/claude-test-4.6'],
      ['openai', 'openai/gpt-beta-mini'],
      ['alibaba', 'qwen/qwen-test-max'],
      ['xai', 'x-ai/grok-test'],
    ]);
    expect(entries[0]).toMatchObject({ input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 });
  });
});

describe('npm run catalog:import (dry run)', () => {
  it('models.dev: prints changed prices and new models, writes nothing', () => {
    const dir = dataCopy();
    const before = snapshot(dir);
    const { code, out } = run(['--from', 'models.dev', fixture('models-dev.json'), '--data', dir]);
    expect(code).toBe(0);
    expect(out).toContain('5 priced text models of our providers read; 4 of our 4 models found in it.');
    expect(out).toMatch(/openai-gpt-beta-mini\s+gpt-beta-mini\s+input\s+0\.4\s+0\.5\n\s+output\s+1\.6\s+2\n\s+cachedInput\s+0\.1\s+0\.125/);
    expect(out).toContain('Changed prices: 1 model(s)');
    expect(out).toMatch(/New models in the source, not in data\/: 1\n\s+openai\s+gpt-gamma\s+input 10, output 40/);
    expect(out).toContain('Dry run: nothing written.');
    expect(snapshot(dir)).toEqual(before);
  });

  it('OpenRouter: no change where the prices agree (a field the source lacks is not a change)', () => {
    const dir = dataCopy();
    const { code, out } = run(['--from', 'openrouter', fixture('openrouter.json'), '--data', dir, '--write']);
    expect(code).toBe(0);
    expect(out).toContain('Changed prices: 0 model(s)');
    expect(out).toMatch(/alibaba\s+qwen\/qwen-test-max\s+input 1\.6, output 6\.4/);
    expect(out).toMatch(/xai\s+x-ai\/grok-test\s+input 2, output 10, cachedInput 0\.5/);
    expect(readdirSync(dir).sort()).toEqual(['amazon.json', 'anthropic.json', 'openai.json']);
    expect(snapshot(dir)).toEqual(snapshot(fixture('data')));
  });

  it.each([
    [['--from', 'genai-prices', 'x.json'], '--from must be one of models.dev, litellm, openrouter'],
    [['--from', 'litellm'], 'the file to read is missing'],
    [['--from', 'litellm', 'a.json', 'b.json'], 'unexpected argument b.json'],
    [['--from', 'litellm', 'a.json', '--date', '2026-02-30'], '--date must be a date as YYYY-MM-DD'],
    [['--from', 'litellm', 'a.json', '--force'], 'unknown option --force'],
    [['--from', 'litellm', '/nonexistent/file.json'], 'cannot read /nonexistent/file.json as JSON'],
  ])('refuses %j with exit code 2', (args, message) => {
    const { code, err } = run(args);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });
});

describe('npm run catalog:import --write', () => {
  it('updates prices, tier, check date and history, and the result is a valid catalogue', () => {
    const dir = dataCopy();
    const before = snapshot(dir);
    const { code, out } = run(['--from', 'litellm', fixture('litellm.json'), '--data', dir, '--write']);
    expect(code).toBe(0);
    expect(out).toContain('Wrote 1 changed model(s) to 1 file(s), dated 2026-12-01.');
    const after = snapshot(dir);
    expect(after['anthropic.json']).toBe(before['anthropic.json']);
    expect(after['amazon.json']).toBe(before['amazon.json']);

    const openai = JSON.parse(after['openai.json']!);
    const alpha = openai.models[0];
    expect(alpha).toMatchObject({
      id: 'openai-gpt-alpha',
      input: 2.2,
      output: 12,
      cachedInput: 0.55,
      tier: 'Premium', // (3 × 2.2 + 12) / 4 = 4.65: Premium from $4
      checkedOn: '2026-12-01',
      verified: 'December 2026',
      priceSource: 'litellm litellm.json (catalog:import 2026-12-01)',
    });
    // No history before: the old price is kept from the release date, then the new one.
    expect(alpha.priceHistory).toEqual([
      { effectiveFrom: '2026-01-15', input: 2, output: 8, cachedInput: 0.5, source: 'fixture check 2026-11-21', note: 'Price since release (no earlier change recorded).' },
      { effectiveFrom: '2026-12-01', input: 2.2, output: 12, cachedInput: 0.55, source: 'litellm litellm.json (catalog:import)', note: 'Imported on 2026-12-01.' },
    ]);
    // Keys stay in schema order, priceHistory last.
    expect(Object.keys(alpha).at(-1)).toBe('priceHistory');
    expect(Object.keys(alpha).indexOf('cachedInput')).toBeLessThan(Object.keys(alpha).indexOf('quality'));
    // The untouched model of the same file is byte-for-byte the same record.
    expect(openai.models[1]).toEqual(JSON.parse(before['openai.json']!).models[1]);

    const catalogue = buildCatalogue(readDataDir(dir).map((f) => ({ file: f.path, data: f.json })));
    const model = catalogue.byId.get('openai-gpt-alpha')!;
    expect(priceOn(model, '2026-11-30')).toMatchObject({ kind: 'priced', set: { input: 2, output: 8 } });
    expect(priceOn(model, '2026-12-01')).toMatchObject({ kind: 'priced', set: { input: 2.2, output: 12 } });
  });

  it('adds only the new price set when the history already holds the old one', () => {
    const dir = dataCopy();
    expect(run(['--from', 'models.dev', fixture('models-dev.json'), '--data', dir, '--write', '--date', '2027-01-05']).code).toBe(0);
    const mini = JSON.parse(readFileSync(join(dir, 'openai.json'), 'utf8')).models[1];
    expect(mini).toMatchObject({ input: 0.5, output: 2, cachedInput: 0.125, tier: 'Budget', checkedOn: '2027-01-05', verified: 'January 2027' });
    expect(mini.priceHistory.map((h: { effectiveFrom: string; input: number }) => [h.effectiveFrom, h.input])).toEqual([
      ['2026-03-01', 0.4],
      ['2027-01-05', 0.5],
    ]);
  });
});

describe('applyChange', () => {
  const record = {
    id: 'google-gemini-test', name: 'Gemini Test', tier: 'Budget', input: 0.75, output: 3.75, context: '1M',
    verified: 'November 2026', cachedInput: 0.075, checkedOn: '2026-11-21', priceSource: 'reference',
    priceHistory: [
      { effectiveFrom: '2026-07-21', input: 0.75, output: 3.75, cachedInput: 0.075, source: 'launch' },
      { effectiveFrom: '2027-01-01', input: 1.5, output: 7.5, cachedInput: 0.15, source: 'scheduled' },
    ],
  };
  const options = { date: '2027-01-10', format: 'litellm', file: 'prices.json' };

  it('does not date again a scheduled change that has come into force', () => {
    const fields = [
      { field: 'input' as const, ours: 0.75, theirs: 1.5 },
      { field: 'output' as const, ours: 3.75, theirs: 7.5 },
      { field: 'cachedInput' as const, ours: 0.075, theirs: 0.15 },
    ];
    const next = applyChange(record, { fields }, options);
    expect(next).toMatchObject({ input: 1.5, output: 7.5, cachedInput: 0.15, tier: 'Mid', checkedOn: '2027-01-10' });
    expect(next.priceHistory).toEqual(record.priceHistory);
  });

  it('dates a change that differs from the scheduled one', () => {
    const next = applyChange(record, { fields: [{ field: 'input', ours: 0.75, theirs: 1 }] }, options);
    expect(next).toMatchObject({ input: 1, output: 3.75, cachedInput: 0.075 });
    expect(next.priceHistory.map((h: { effectiveFrom: string }) => h.effectiveFrom)).toEqual(['2026-07-21', '2027-01-01', '2027-01-10']);
  });
});
