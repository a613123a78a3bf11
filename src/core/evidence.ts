/**
 * Joins the benchmark evidence onto the models at load: each model gets its `scores` (unrated
 * without evidence); the catalogue keeps each model's results (served with the one-model answer and
 * on its page, not in every list: they are most of a record's size) and how each score was reached.
 */
import { benchmarkFileSchema, resultsOf, type BenchmarkFile, type BenchmarkResult } from './benchmarks.js';
import type { CatalogueFile, Model } from './catalogue-schema.js';
import { scoreModel, type ModelScores } from './scores.js';

/** The evidence file's problems are the catalogue's: the caller turns this message into its error. */
export interface Evidence {
  details: Map<string, ModelScores['details']>;
  results: Map<string, BenchmarkResult[]>;
  problem?: string;
}

/** The evidence file (data/quality/benchmarks.json), when there is one. */
export function attachEvidence(models: Model[], source: CatalogueFile | undefined): Evidence {
  const details = new Map<string, ModelScores['details']>();
  const byModel = new Map<string, BenchmarkResult[]>();
  let evidence = undefined;
  if (source !== undefined) {
    const { file, data, checked } = source;
    const parsed = checked ? { success: true as const, data: data as BenchmarkFile } : benchmarkFileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { details, results: byModel, problem: `${file}, field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}` };
    }
    evidence = parsed.data;
    // Results of a model no longer in the catalogue are left unread, not refused: removing a model
    // from its price file (a refresh, a reload) must not stop the catalogue loading. test/core/scores.test.ts
    // holds the shipped file to the catalogue's ids.
    for (const [id, entries] of Object.entries(evidence.models)) {
      for (const key of Object.keys(entries)) {
        const b = evidence.benchmarks[key];
        if (!b) return { details, results: byModel, problem: `${file}: model "${id}": benchmark "${key}" is not defined in "benchmarks"` };
        if (!evidence.sources[b.source]) return { details, results: byModel, problem: `${file}: benchmark "${key}": source "${b.source}" is not defined in "sources"` };
      }
    }
  }
  for (const model of models) {
    const entries = evidence?.models[model.id];
    const results = evidence && entries ? resultsOf(evidence, entries) : [];
    const scored = scoreModel(results);
    model.scores = scored.scores;
    details.set(model.id, scored.details);
    byModel.set(model.id, results);
  }
  return { details, results: byModel };
}
