/**
 * Joins the benchmark evidence onto the models at load: each model gets its `benchmarks` and
 * `scores` (unrated without evidence), and the catalogue keeps how each score was reached.
 */
import { benchmarkFileSchema, resultsOf } from './benchmarks.js';
import type { Model } from './catalogue-schema.js';
import { scoreModel, type ModelScores } from './scores.js';

/** The evidence file's problems are the catalogue's: the caller turns this message into its error. */
export function attachEvidence(models: Model[], file: string | undefined, data: unknown): { details: Map<string, ModelScores['details']>; problem?: string } {
  const details = new Map<string, ModelScores['details']>();
  let evidence = undefined;
  if (file !== undefined) {
    const parsed = benchmarkFileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { details, problem: `${file}, field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}` };
    }
    evidence = parsed.data;
    const known = new Set(models.map((m) => m.id));
    for (const [id, entries] of Object.entries(evidence.models)) {
      if (!known.has(id)) return { details, problem: `${file}: model "${id}" is not in the catalogue` };
      for (const key of Object.keys(entries)) {
        const b = evidence.benchmarks[key];
        if (!b) return { details, problem: `${file}: model "${id}": benchmark "${key}" is not defined in "benchmarks"` };
        if (!evidence.sources[b.source]) return { details, problem: `${file}: benchmark "${key}": source "${b.source}" is not defined in "sources"` };
      }
    }
  }
  for (const model of models) {
    const entries = evidence?.models[model.id];
    const results = evidence && entries ? resultsOf(evidence, entries) : [];
    const scored = scoreModel(results);
    model.benchmarks = results;
    model.scores = scored.scores;
    details.set(model.id, scored.details);
  }
  return { details };
}
