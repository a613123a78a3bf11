#!/usr/bin/env node
// Builds data/quality/benchmarks.json from ../shared/reference/quality.json: the benchmark values
// the reference holds for each catalogue record (joined by referenceId), with each source's name,
// link, terms and snapshot date. A source whose terms do not let us republish its numbers keeps
// only the 0-100 value derived from them (src/core/quality/score-rule.ts), never the number itself.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOUNDS, normalise } from './benchmarks-normalise.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCE = resolve(ROOT, '..', 'shared', 'reference', 'quality.json');
const OUT = join(ROOT, 'data', 'quality', 'benchmarks.json');

/** Who publishes each source's numbers, where, and on what terms (checked 2026-11-26). */
export const SOURCES = {
  artificial_analysis: {
    name: 'Artificial Analysis', url: 'https://artificialanalysis.ai/leaderboards/models', republish: true,
    terms: 'Free data; attribution to https://artificialanalysis.ai/ is required for all use (Artificial Analysis API documentation, "Attribution & Sharing of Data").',
  },
  openrouter: {
    name: 'Artificial Analysis, as embedded in the OpenRouter model listing', url: 'https://artificialanalysis.ai/', republish: true,
    terms: 'Artificial Analysis indices carried by OpenRouter\'s public /api/v1/models listing; attribution to https://artificialanalysis.ai/ as Artificial Analysis asks.',
  },
  designarena: {
    name: 'DesignArena (as embedded in the OpenRouter model listing)', url: 'https://www.designarena.ai/', republish: false,
    terms: 'No published terms allow republishing DesignArena ratings, so only the 0-100 value derived from them is kept here, not the rating.',
  },
  lmarena: {
    name: 'LMArena (arena.ai)', url: 'https://arena.ai/leaderboard/text', republish: true,
    terms: 'Arena publishes its leaderboards openly, including the full history as a public dataset (huggingface.co/datasets/lmarena-ai/leaderboard-dataset); cited with a link to the board.',
  },
  lmarena_2026_09: {
    name: 'LMArena (arena.ai), late-August 2026 boards', url: 'https://arena.ai/leaderboard/code', republish: true,
    terms: 'As LMArena; only the top of each board (code 50, document 39, vision 20, text 10) is in this snapshot, so a missing model is not a low score.',
  },
  livebench: {
    name: 'LiveBench', url: 'https://livebench.ai/', republish: true,
    terms: 'Open benchmark (Apache-2.0) with a public leaderboard; cited with a link.',
  },
  aider: {
    name: 'Aider polyglot leaderboard', url: 'https://aider.chat/docs/leaderboards/', republish: true,
    terms: 'Published in the Apache-2.0 aider repository (aider/website/_data/polyglot_leaderboard.yml).',
  },
  swebench: {
    name: 'SWE-bench Verified (bash-only)', url: 'https://www.swebench.com/', republish: true,
    terms: 'Published in the MIT-licensed SWE-bench website repository (data/leaderboards.json).',
  },
};

/** Display name and scale of each benchmark (the reference's metric text is kept as `metric`). */
const NAMES = {
  aa_intelligence_index: ['AA Intelligence Index', '0-100'], aa_coding_index: ['AA Coding Index', '0-100'],
  aa_agentic_index: ['AA Agentic Index', '0-100'], aa_gpqa: ['GPQA Diamond', '0-1'], aa_hle: ["Humanity's Last Exam", '0-1'],
  aa_ifbench: ['IFBench', '0-1'], aa_lcr: ['AA-LCR', '0-1'], aa_mmmu_pro: ['MMMU-Pro', '0-1'], aa_tau2_bench: ['τ²-bench', '0-1'],
  aa_terminal_bench_hard: ['Terminal-Bench Hard', '0-1'], aa_scicode: ['SciCode', '0-1'], aa_multilingual_index: ['AA Multilingual Index', '0-1'],
  aa_output_tokens_per_s: ['AA output speed', 'tokens/s'], aa_ttft_s: ['AA time to first token', 'seconds'],
  or_aa_intelligence_index: ['AA Intelligence Index', '0-100'], or_aa_coding_index: ['AA Coding Index', '0-100'],
  or_aa_agentic_index: ['AA Agentic Index', '0-100'], designarena_code: ['DesignArena code', 'Elo'], designarena_website: ['DesignArena website', 'Elo'],
  lmarena_text: ['LMArena text', 'Elo'], lmarena_text_2026_08: ['LMArena text', 'Elo'], lmarena_text_coding: ['LMArena coding', 'Elo'],
  lmarena_text_creative_writing: ['LMArena creative writing', 'Elo'], lmarena_text_instruction_following: ['LMArena instruction following', 'Elo'],
  lmarena_text_math: ['LMArena math', 'Elo'], lmarena_text_hard_prompts: ['LMArena hard prompts', 'Elo'], lmarena_text_longer_query: ['LMArena longer query', 'Elo'],
  lmarena_text_multiturn: ['LMArena multi-turn', 'Elo'], lmarena_text_expert: ['LMArena expert', 'Elo'], lmarena_text_multilingual: ['LMArena multilingual', 'Elo'],
  lmarena_vision: ['LMArena vision', 'Elo'], lmarena_vision_2026_08: ['LMArena vision', 'Elo'], lmarena_code_2026_08: ['Code Arena', 'Elo'],
  lmarena_document_2026_07: ['LMArena document', 'Elo'], livebench_global: ['LiveBench', '0-100'], livebench_reasoning: ['LiveBench reasoning', '0-100'],
  livebench_coding: ['LiveBench coding', '0-100'], livebench_agentic_coding: ['LiveBench agentic coding', '0-100'],
  livebench_mathematics: ['LiveBench mathematics', '0-100'], livebench_data_analysis: ['LiveBench data analysis', '0-100'],
  livebench_if: ['LiveBench instruction following', '0-100'], livebench_language: ['LiveBench language', '0-100'],
  livebench_summarize: ['LiveBench summarize', '0-100'], livebench_story_generation: ['LiveBench story generation', '0-100'],
  aider_polyglot: ['Aider polyglot', '% solved'], swebench_bash_only: ['SWE-bench Verified', '% resolved'],
};

const sourceOf = (key, refSource) => (key.startsWith('designarena_') ? 'designarena' : refSource);

export function seed(reference, dataDir) {
  const byRef = new Map(reference.models.map((r) => [r.model_id, r]));
  const dates = Object.fromEntries(reference.sources.map((s) => [s.id, s.date]));
  const benchmarks = {};
  const models = {};
  for (const name of readdirSync(dataDir).filter((n) => n.endsWith('.json')).sort()) {
    for (const record of JSON.parse(readFileSync(join(dataDir, name), 'utf8')).models) {
      const scores = byRef.get(record.referenceId)?.scores ?? {};
      const values = {};
      for (const key of Object.keys(scores).sort()) {
        const { value, date, source_model: sourceModel } = scores[key];
        const source = sourceOf(key, reference.score_keys[key].source);
        // Not ours to republish and feeding no score (DesignArena website): nothing to keep.
        if (!SOURCES[source].republish && !(key in BOUNDS)) continue;
        const [title, scale] = NAMES[key];
        benchmarks[key] ??= { name: title, metric: reference.score_keys[key].metric, scale, source };
        values[key] = SOURCES[source].republish ? { value, date, sourceModel } : { derived: Math.round(normalise(key, value) * 10) / 10, date };
      }
      if (Object.keys(values).length) models[record.id] = values;
    }
  }
  const sources = Object.fromEntries(Object.entries(SOURCES).map(([id, s]) => [id, { ...s, snapshot: dates[id === 'designarena' ? 'openrouter' : id] }]));
  return {
    about: 'Benchmark results per catalogue model, from dated public leaderboard snapshots (the reference dataset of 2026-11-21); the 0-100 scores are derived from them by the rule in docs/quality.md.',
    sources,
    benchmarks: Object.fromEntries(Object.keys(benchmarks).sort().map((k) => [k, benchmarks[k]])),
    models,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = seed(JSON.parse(readFileSync(REFERENCE, 'utf8')), join(ROOT, 'data'));
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`${OUT}: ${Object.keys(out.models).length} models, ${Object.keys(out.benchmarks).length} benchmarks`);
}
