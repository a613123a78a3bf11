/**
 * The benchmarks that say most about a model in a line: the composite indices first (Artificial
 * Analysis Intelligence, then Coding), then the human-preference boards, then LiveBench. One
 * measure appears once (AA's index read directly or through OpenRouter).
 */
import type { BenchmarkResult } from './benchmarks.js';

const PRIORITY = [
  ['aa_intelligence_index', 'or_aa_intelligence_index'],
  ['aa_coding_index', 'or_aa_coding_index'],
  ['lmarena_text', 'lmarena_text_2026_08'],
  ['lmarena_code_2026_08'],
  ['livebench_global'],
  ['swebench_bash_only'],
  ['aider_polyglot'],
];

export function headlineBenchmarks(results: readonly BenchmarkResult[], count = 2): BenchmarkResult[] {
  return PRIORITY.flatMap((ids) => {
    const found = ids.map((id) => results.find((r) => r.id === id)).find((r) => r !== undefined);
    return found ? [found] : [];
  }).slice(0, count);
}
