// catalog:refresh --benchmarks: newer results from files in the reference's shapes (quality.json's
// models[].scores, the transcribed LMArena boards), proposed with the score changes they make and
// written with --write; on a temporary copy of the refresh fixtures' data dir plus a small evidence file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/refresh/main.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'refresh');
const PRICES = [
  ['genai-prices', 'genai-prices.json'],
  ['models.dev', 'models-dev.json'],
  ['litellm', 'litellm.json'],
  ['openrouter', 'openrouter.json'],
].flatMap(([name, file]) => [`--${name}`, join(FIXTURES, file!)]);

const EVIDENCE = {
  about: 'test',
  sources: {
    aa: {
      name: 'Artificial Analysis',
      url: 'https://artificialanalysis.ai/',
      republish: true,
      terms: 'attribution',
      snapshot: '2026-07-10',
    },
    arena: {
      name: 'LMArena',
      url: 'https://arena.ai/leaderboard/code',
      republish: true,
      terms: 'open',
      snapshot: '2026-08-30',
    },
    da: {
      name: 'DesignArena',
      url: 'https://www.designarena.ai/',
      republish: false,
      terms: 'derived only',
      snapshot: '2026-08-01',
    },
  },
  benchmarks: {
    aa_coding_index: { name: 'AA Coding Index', metric: 'index', scale: '0-100', source: 'aa' },
    lmarena_code_2026_08: { name: 'Code Arena', metric: 'Elo', scale: 'Elo', source: 'arena' },
    designarena_code: { name: 'DesignArena code', metric: 'Elo', scale: 'Elo', source: 'da' },
  },
  models: {
    'openai-gpt-alpha': {
      aa_coding_index: { value: 50, date: '2026-07-10' },
      lmarena_code_2026_08: { value: 1510, date: '2026-08-30', sourceModel: 'gpt-alpha-high' },
    },
    'deepseek-deepseek-v9': { lmarena_code_2026_08: { value: 1460, date: '2026-08-30', sourceModel: 'deepseek-v9' } },
  },
};

// The reference's quality.json shape: matched by referenceId (gpt-alpha).
const QUALITY = {
  models: [
    {
      model_id: 'gpt-alpha',
      scores: {
        aa_coding_index: { value: 65, date: '2026-10-01', source_model: 'GPT Alpha' },
        designarena_code: { value: 1200, date: '2026-10-01', source_model: 'openai/gpt-alpha' },
        aa_gpqa: { value: 0.8, date: '2026-10-01' },
      },
    },
  ],
};
// The transcribed boards' shape: matched by the leaderboard's name the evidence holds.
const BOARDS = {
  lmarena_2026_09: {
    boards: {
      code: {
        last_updated: '2026-09-28',
        rows: [
          ['gpt-alpha-high', 'OpenAI', 1560, 5, 900],
          ['unknown-model', 'X', 1700, 5, 900],
        ],
      },
    },
  },
  swebench_bash_only: { rows: [['Somebody', 'tag', 70, '2025-01-01', '1.0']] },
};

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'refresh-benchmarks-'));
  temps.push(dir);
  cpSync(join(FIXTURES, 'data'), join(dir, 'data'), { recursive: true });
  const openai = JSON.parse(readFileSync(join(dir, 'data', 'openai.json'), 'utf8'));
  openai.models.find((m: { id: string }) => m.id === 'openai-gpt-alpha').referenceId = 'gpt-alpha';
  writeFileSync(join(dir, 'data', 'openai.json'), `${JSON.stringify(openai, null, 2)}\n`);
  mkdirSync(join(dir, 'data', 'quality'));
  writeFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), JSON.stringify(EVIDENCE));
  for (const [name, json] of [
    ['quality.json', QUALITY],
    ['boards.json', BOARDS],
  ] as const)
    writeFileSync(join(dir, name), JSON.stringify(json));
  return dir;
}

/** The refresh with the price fixtures, on `dir`'s data and its benchmark files, with `extra` arguments. */
const runBenchmarks = (dir: string, files: string[], ...extra: string[]) =>
  run([...PRICES, '--data', join(dir, 'data'), ...files.flatMap((f) => ['--benchmarks', join(dir, f)]), ...extra]);

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), today: '2026-12-01' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('catalog:refresh --benchmarks', () => {
  it('proposes newer results with the score changes they make, and writes nothing on a dry run', async () => {
    const dir = setup();
    const before = readFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), 'utf8');
    const { code, out, err } = await runBenchmarks(dir, ['quality.json', 'boards.json']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('openai-gpt-alpha: AA Coding Index 50 (2026-07-10) -> 65 (2026-10-01), Artificial Analysis');
    // DesignArena may not be republished: 1200 is the bound of its tier 4, so 60 on the rule's scale.
    expect(out).toContain('openai-gpt-alpha: DesignArena code none -> derived 60/100 (2026-10-01), DesignArena');
    expect(out).toContain('Skipped (not described in the evidence file): aa_gpqa');
    expect(out).toContain('openai-gpt-alpha: Code Arena 1,510 (2026-08-30) -> 1,560 (2026-09-28), LMArena');
    // Coding, by hand: before (3·60 + 2·60)/5 = 60 (AA 50 and Code Arena 1510 on tier 4's bounds);
    // after the quality file (3·80 + 2·60 + 60)/6 = 70, then with Code Arena 1560 (3·80 + 2·80 + 60)/6 = 76.7 -> 77.
    expect(out).toContain('openai-gpt-alpha scores: overall 60 -> 67, coding 60 -> 70');
    expect(out).toContain('openai-gpt-alpha scores: overall 67 -> 73, coding 70 -> 77');
    // Only the benchmark part: DeepSeek V9 is not on the new board, so nothing changes for it.
    expect(out.slice(out.indexOf('Benchmarks from'))).not.toContain('deepseek-deepseek-v9');
    expect(readFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), 'utf8')).toBe(before);
  });

  it('--write applies them: the evidence holds the new results and snapshot dates, and the catalogue scores them', async () => {
    const dir = setup();
    const { code } = await runBenchmarks(dir, ['quality.json', 'boards.json'], '--write');
    expect(code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), 'utf8'));
    expect(written.models['openai-gpt-alpha']).toEqual({
      aa_coding_index: { value: 65, date: '2026-10-01', sourceModel: 'GPT Alpha' },
      designarena_code: { derived: 60, date: '2026-10-01' },
      lmarena_code_2026_08: { value: 1560, date: '2026-09-28', sourceModel: 'gpt-alpha-high' },
    });
    expect(written.models['deepseek-deepseek-v9']).toEqual(EVIDENCE.models['deepseek-deepseek-v9']);
    expect([written.sources.aa.snapshot, written.sources.arena.snapshot, written.sources.da.snapshot]).toEqual([
      '2026-10-01',
      '2026-09-28',
      '2026-10-01',
    ]);
    const alpha = loadCatalogueFromDir(join(dir, 'data')).byId.get('openai-gpt-alpha')!;
    expect(alpha.scores?.coding).toBe(77);
    // A second run proposes nothing.
    const again = await runBenchmarks(dir, ['quality.json', 'boards.json']);
    expect(again.out).toContain('Benchmarks from');
    expect(again.out).toMatch(/: 0 newer result\(s\) for 0 model\(s\)\./);
  });

  it('an input that is not JSON or in no known shape: exit 1, nothing written, the file named', async () => {
    const dir = setup();
    writeFileSync(join(dir, 'bad.json'), '{"error":"rate limited"}');
    const before = readFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), 'utf8');
    const { code, err } = await runBenchmarks(dir, ['bad.json'], '--write');
    expect(code).toBe(1);
    expect(err).toContain(`benchmarks: ${join(dir, 'bad.json')} holds no benchmark results in a known shape`);
    expect(readFileSync(join(dir, 'data', 'quality', 'benchmarks.json'), 'utf8')).toBe(before);
  });
});
