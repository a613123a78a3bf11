/**
 * The benchmark evidence (data/quality/benchmarks.json): dated leaderboard results per model,
 * each with its source, kept apart from the price files and joined onto each model at load.
 */
import * as z from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const sourceSchema = z.strictObject({
  name: z.string().min(1),
  url: z.url(),
  /** False when the source's terms do not let us republish its numbers: only derived values are kept. */
  republish: z.boolean(),
  terms: z.string().min(1),
  snapshot: isoDate,
});

const benchmarkSchema = z.strictObject({
  name: z.string().min(1),
  metric: z.string().min(1),
  scale: z.string().min(1),
  source: z.string().min(1),
});

/** A published value, or (for a source we may not republish) only its 0-100 value under the rule. */
const entrySchema = z.union([
  z.strictObject({ value: z.number(), date: isoDate, sourceModel: z.string().optional() }),
  z.strictObject({ derived: z.number().min(0).max(100), date: isoDate }),
]);

export const benchmarkFileSchema = z.strictObject({
  about: z.string(),
  sources: z.record(z.string(), sourceSchema),
  benchmarks: z.record(z.string(), benchmarkSchema),
  models: z.record(z.string(), z.record(z.string(), entrySchema)),
});
export type BenchmarkFile = z.infer<typeof benchmarkFileSchema>;
export type BenchmarkEntry = z.infer<typeof entrySchema>;

/** One benchmark result as a model record serves it. */
export interface BenchmarkResult {
  id: string;
  name: string;
  metric: string;
  scale: string;
  /** Null when the source's terms keep its number out (then `derived` holds the 0-100 value). */
  value: number | null;
  derived?: number;
  date: string;
  source: string;
  url: string;
}

/** The results of one model, with their sources, as served. */
export function resultsOf(file: BenchmarkFile, entries: Readonly<Record<string, BenchmarkEntry>>): BenchmarkResult[] {
  return Object.entries(entries).map(([id, entry]) => {
    const b = file.benchmarks[id]!;
    const source = file.sources[b.source]!;
    const number = 'value' in entry ? { value: entry.value } : { value: null, derived: entry.derived };
    return {
      id,
      name: b.name,
      metric: b.metric,
      scale: b.scale,
      ...number,
      date: entry.date,
      source: source.name,
      url: source.url,
    };
  });
}
