/**
 * The rule that turns benchmark results into 0-100 scores (docs/quality.md). Its bounds are the
 * tier bounds of the reference's 1-5 rule (shared/reference/QUALITY.md): a value at the bound of
 * tier t scores 20·(t−1), so the 1-5 tiers and the 0-100 scale read alike (80 = where tier 5
 * starts). Between two bounds the scale is linear; above the tier-5 bound it rises towards 100
 * and below the tier-2 bound it falls towards 0, each with the slope of the nearest segment, so
 * the frontier models, where the 1-5 rule has them all at 5, stay apart.
 */
import type { UseCase } from '../schema/catalogue-schema.js';

/** Lower bounds of tiers 2, 3, 4 and 5 for each benchmark that feeds a score. */
export const BOUNDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  aa_intelligence_index: [9, 24, 36, 48],
  or_aa_intelligence_index: [9, 24, 36, 48],
  aa_coding_index: [20, 35, 50, 65],
  or_aa_coding_index: [20, 35, 50, 65],
  aa_ifbench: [0.33, 0.42, 0.55, 0.7],
  aa_lcr: [0.2, 0.4, 0.55, 0.68],
  aa_mmmu_pro: [0.45, 0.58, 0.7, 0.78],
  aa_multilingual_index: [0.7, 0.8, 0.86, 0.9],
  aa_output_tokens_per_s: [40, 70, 120, 200],
  lmarena_text: [1300, 1380, 1430, 1465],
  lmarena_text_2026_08: [1300, 1380, 1430, 1465],
  lmarena_text_coding: [1340, 1410, 1460, 1500],
  lmarena_text_creative_writing: [1300, 1380, 1430, 1465],
  lmarena_text_instruction_following: [1300, 1380, 1430, 1465],
  lmarena_text_math: [1300, 1380, 1430, 1465],
  lmarena_text_hard_prompts: [1310, 1390, 1440, 1475],
  lmarena_text_longer_query: [1300, 1380, 1430, 1465],
  lmarena_text_multiturn: [1300, 1380, 1430, 1465],
  lmarena_text_expert: [1310, 1390, 1440, 1475],
  lmarena_text_multilingual: [1300, 1380, 1430, 1465],
  lmarena_vision: [1100, 1180, 1230, 1270],
  lmarena_vision_2026_08: [1100, 1180, 1230, 1270],
  lmarena_code_2026_08: [1400, 1460, 1510, 1560],
  lmarena_document_2026_07: [1380, 1420, 1450, 1480],
  designarena_code: [950, 1100, 1200, 1280],
  livebench_global: [42, 55, 65, 75],
  livebench_reasoning: [40, 55, 70, 82],
  livebench_coding: [55, 65, 72, 78],
  livebench_agentic_coding: [15, 30, 45, 58],
  livebench_mathematics: [50, 65, 80, 90],
  livebench_data_analysis: [45, 55, 65, 75],
  livebench_if: [30, 45, 60, 70],
  livebench_summarize: [30, 45, 60, 72],
  livebench_story_generation: [30, 45, 60, 72],
  aider_polyglot: [20, 40, 60, 80],
  swebench_bash_only: [20, 40, 55, 65],
};

/** A benchmark value on the 0-100 scale (exclusive of both ends outside the bounds). */
export function normalise(key: string, value: number): number {
  const b = BOUNDS[key];
  if (!b) throw new Error(`no bounds for benchmark ${key}`);
  if (value < b[0]) return 20 * Math.exp((value - b[0]) / (b[1] - b[0]));
  if (value >= b[3]) return 100 - 20 * Math.exp(-(value - b[3]) / (b[3] - b[2]));
  let i = 0;
  while (value >= b[i + 1]!) i++;
  return 20 * (i + 1) + (20 * (value - b[i]!)) / (b[i + 1]! - b[i]!);
}

/** [benchmark, weight, substitute read with the same weight when the benchmark is missing]. */
export type Input = readonly [key: string, weight: number, substitute?: string];

const VISION: readonly Input[] = [
  ['lmarena_vision', 2, 'lmarena_vision_2026_08'],
  ['aa_mmmu_pro', 1],
];

/** The overall score's inputs (the reference's quality inputs). */
export const OVERALL: readonly Input[] = [
  ['aa_intelligence_index', 3, 'or_aa_intelligence_index'],
  ['lmarena_text', 2, 'lmarena_text_2026_08'],
  ['livebench_global', 2],
];

/** Each use case's inputs; `general` is the overall score. Speed has no fallback (see scoreModel). */
export const USE_CASE_INPUTS: Readonly<Record<Exclude<UseCase, 'general'>, readonly Input[]>> = {
  coding: [
    ['aa_coding_index', 3, 'or_aa_coding_index'],
    ['lmarena_code_2026_08', 2],
    ['designarena_code', 1],
    ['lmarena_text_coding', 1],
    ['livebench_coding', 1],
    ['livebench_agentic_coding', 1],
    ['aider_polyglot', 0.5],
    ['swebench_bash_only', 0.5],
  ],
  chat: [
    ['lmarena_text', 2, 'lmarena_text_2026_08'],
    ['lmarena_text_multiturn', 1],
  ],
  classification: [
    ['aa_ifbench', 1],
    ['lmarena_text_instruction_following', 1],
    ['livebench_if', 1],
  ],
  extraction: [
    ['aa_ifbench', 1],
    ['lmarena_text_instruction_following', 1],
    ['livebench_if', 1],
    ['livebench_data_analysis', 1],
    ['lmarena_document_2026_07', 1],
  ],
  reasoning: [
    ['aa_intelligence_index', 2, 'or_aa_intelligence_index'],
    ['livebench_reasoning', 1],
    ['livebench_mathematics', 1],
    ['lmarena_text_hard_prompts', 1],
    ['lmarena_text_math', 1],
  ],
  analysis: [
    ['aa_intelligence_index', 1, 'or_aa_intelligence_index'],
    ['livebench_data_analysis', 1],
    ['lmarena_text_expert', 1],
    ['lmarena_document_2026_07', 1],
  ],
  creative: [
    ['lmarena_text_creative_writing', 2],
    ['livebench_story_generation', 1],
  ],
  summarization: [
    ['livebench_summarize', 1],
    ['lmarena_text_longer_query', 1],
    ['aa_lcr', 1],
    ['lmarena_document_2026_07', 1],
  ],
  multilingual: [
    ['aa_multilingual_index', 1],
    ['lmarena_text_multilingual', 1],
  ],
  speed: [['aa_output_tokens_per_s', 1]],
  'long-context': [
    ['aa_lcr', 2],
    ['lmarena_text_longer_query', 1],
    ['lmarena_document_2026_07', 1],
  ],
  vision: VISION,
  multimodal: VISION,
};
