/**
 * The refresh of the benchmark evidence (data/quality/benchmarks.json, docs/quality.md): newer
 * results from files in the shapes of the reference's inputs, proposed with the score changes they
 * make, like price changes. Two shapes are read:
 * - the reference's quality.json: `models: [{model_id, scores: {<key>: {value, date, source_model}}}]`,
 *   matched to a record by its referenceId;
 * - its transcriptions (quality_inputs/transcribed.json): LMArena boards
 *   (`lmarena_2026_09.boards.<board>.rows: [model, vendor, score, ci, votes]`, dated last_updated)
 *   and the SWE-bench bash-only board (`swebench_bash_only.rows: [name, model_tag, resolved_pct, date, ...]`),
 *   matched to a record by the leaderboard's name for it that the evidence already holds.
 * A result older than the one held, or equal to it, is no change; a benchmark the evidence does not
 * describe is listed and skipped. A source we may not republish gets only its derived value.
 */
import { benchmarkFileSchema, resultsOf, type BenchmarkEntry, type BenchmarkFile } from '../core/quality/benchmarks.js';
import { normalise } from '../core/quality/score-rule.js';
import { scoreModel, type Score, type ScoreKey } from '../core/quality/scores.js';

/** One result read from an input file, with what names its model there. */
export interface Row {
  key: string;
  value: number;
  date: string;
  /** The record's referenceId (quality.json shape) or the leaderboard's own model name (transcriptions). */
  referenceId?: string;
  sourceModel?: string;
}

export interface EvidenceChange {
  model: string;
  key: string;
  from?: BenchmarkEntry;
  to: BenchmarkEntry;
}

export interface ScoreChange {
  model: string;
  score: ScoreKey;
  from: Score;
  to: Score;
}

export interface EvidenceProposal {
  label: string;
  changes: EvidenceChange[];
  scoreChanges: ScoreChange[];
  /** Benchmarks an input holds that the evidence does not describe (skipped). */
  unknown: string[];
}

const BOARDS: Record<string, string> = {
  code: 'lmarena_code_2026_08',
  vision: 'lmarena_vision_2026_08',
  text: 'lmarena_text_2026_08',
  document: 'lmarena_document_2026_07',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows of an input file, or an error naming the file when it is neither shape. */
export function readRows(json: unknown, file: string): Row[] {
  if (!isObject(json)) throw new Error(`${file} is not a JSON object`);
  const rows: Row[] = [];
  if (Array.isArray(json.models)) {
    for (const m of json.models as Json[]) {
      for (const [key, s] of Object.entries(isObject(m.scores) ? m.scores : {})) {
        if (
          isObject(s) &&
          typeof s.value === 'number' &&
          typeof s.date === 'string' &&
          typeof m.model_id === 'string'
        ) {
          rows.push({
            key,
            value: s.value,
            date: s.date,
            referenceId: m.model_id,
            ...(typeof s.source_model === 'string' ? { sourceModel: s.source_model } : {}),
          });
        }
      }
    }
  }
  const arena =
    isObject(json.lmarena_2026_09) && isObject(json.lmarena_2026_09.boards) ? json.lmarena_2026_09.boards : {};
  for (const [board, b] of Object.entries(arena)) {
    const key = BOARDS[board];
    if (!key || !isObject(b) || typeof b.last_updated !== 'string' || !Array.isArray(b.rows)) continue;
    for (const [model, , score] of b.rows as unknown[][]) {
      if (typeof model === 'string' && typeof score === 'number')
        rows.push({ key, value: score, date: b.last_updated, sourceModel: model });
    }
  }
  const swe =
    isObject(json.swebench_bash_only) && Array.isArray(json.swebench_bash_only.rows)
      ? json.swebench_bash_only.rows
      : [];
  for (const [name, , pct, date] of swe as unknown[][]) {
    if (typeof name === 'string' && typeof pct === 'number' && typeof date === 'string')
      rows.push({ key: 'swebench_bash_only', value: pct, date, sourceModel: name });
  }
  if (rows.length === 0)
    throw new Error(
      `${file} holds no benchmark results in a known shape (quality.json's models[].scores, or LMArena / SWE-bench board rows)`,
    );
  return rows;
}

const sameEntry = (a: BenchmarkEntry, b: BenchmarkEntry) => JSON.stringify(a) === JSON.stringify(b);

/** The changes `rows` make to `evidence`; `referenceIds` maps each record's referenceId to its id. */
export function proposeEvidence(
  evidence: BenchmarkFile,
  rows: readonly Row[],
  referenceIds: ReadonlyMap<string, string>,
  label: string,
): EvidenceProposal {
  const unknown = new Set<string>();
  const next = new Map<string, EvidenceChange>();
  for (const row of rows) {
    const benchmark = evidence.benchmarks[row.key];
    if (!benchmark) {
      unknown.add(row.key);
      continue;
    }
    const ids =
      row.referenceId !== undefined
        ? [referenceIds.get(row.referenceId)].filter((id): id is string => id !== undefined)
        : Object.entries(evidence.models)
            .filter(([, e]) => {
              const held = e[row.key];
              return held && 'sourceModel' in held && held.sourceModel === row.sourceModel;
            })
            .map(([id]) => id);
    const republish = evidence.sources[benchmark.source]?.republish ?? false;
    const to: BenchmarkEntry = republish
      ? { value: row.value, date: row.date, ...(row.sourceModel ? { sourceModel: row.sourceModel } : {}) }
      : { derived: Math.round(normalise(row.key, row.value) * 10) / 10, date: row.date };
    for (const model of ids) {
      const from = evidence.models[model]?.[row.key];
      const pending = next.get(`${model} ${row.key}`)?.to;
      if ((from && (from.date > row.date || sameEntry(from, to))) || (pending && pending.date >= row.date)) continue;
      next.set(`${model} ${row.key}`, { model, key: row.key, ...(from ? { from } : {}), to });
    }
  }
  const changes = [...next.values()].sort((a, b) => (a.model + a.key < b.model + b.key ? -1 : 1));
  const after = applyEvidence(evidence, changes);
  const scoreChanges: ScoreChange[] = [];
  for (const model of new Set(changes.map((c) => c.model))) {
    const before = scoreModel(resultsOf(evidence, evidence.models[model] ?? {})).scores;
    const now = scoreModel(resultsOf(after, after.models[model] ?? {})).scores;
    for (const score of Object.keys(now) as ScoreKey[]) {
      if (before[score] !== now[score]) scoreChanges.push({ model, score, from: before[score], to: now[score] });
    }
  }
  return { label, changes, scoreChanges, unknown: [...unknown].sort() };
}

/** The evidence with the changes applied, each source's snapshot moved to its newest result. */
export function applyEvidence(evidence: BenchmarkFile, changes: readonly EvidenceChange[]): BenchmarkFile {
  const out = structuredClone(evidence);
  for (const { model, key, to } of changes) {
    const entries = (out.models[model] ??= {});
    entries[key] = to;
    out.models[model] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1)));
    const source = out.sources[out.benchmarks[key]!.source]!;
    if (to.date > source.snapshot) source.snapshot = to.date;
  }
  return benchmarkFileSchema.parse(out);
}

const shown = (e: BenchmarkEntry | undefined) =>
  e === undefined
    ? 'none'
    : 'value' in e
      ? `${e.value.toLocaleString('en-US')} (${e.date})`
      : `derived ${e.derived}/100 (${e.date})`;

/** The proposal in words, one line per result and per model's score changes. */
export function reportEvidence(evidence: BenchmarkFile, p: EvidenceProposal): string {
  const lines = [
    `Benchmarks from ${p.label}: ${p.changes.length} newer result(s) for ${new Set(p.changes.map((c) => c.model)).size} model(s).`,
  ];
  for (const c of p.changes) {
    const b = evidence.benchmarks[c.key]!;
    lines.push(`  ${c.model}: ${b.name} ${shown(c.from)} -> ${shown(c.to)}, ${evidence.sources[b.source]!.name}`);
  }
  const byModel = new Map<string, string[]>();
  for (const s of p.scoreChanges)
    byModel.set(s.model, [...(byModel.get(s.model) ?? []), `${s.score} ${s.from} -> ${s.to}`]);
  for (const [model, parts] of byModel) lines.push(`  ${model} scores: ${parts.join(', ')}`);
  if (p.unknown.length) lines.push(`  Skipped (not described in the evidence file): ${p.unknown.join(', ')}`);
  return lines.join('\n');
}

/** The reading of the evidence refresh: the file, where it is, and each input's proposal in order. */
export interface EvidenceRun {
  path: string;
  evidence: BenchmarkFile;
  proposals: EvidenceProposal[];
}

/** Each input proposed against the evidence as the inputs before it leave it. */
export function proposeAll(
  evidence: BenchmarkFile,
  inputs: ReadonlyArray<{ file: string; json: unknown }>,
  referenceIds: ReadonlyMap<string, string>,
): EvidenceProposal[] {
  let current = evidence;
  return inputs.map(({ file, json }) => {
    const proposal = proposeEvidence(current, readRows(json, file), referenceIds, file);
    current = applyEvidence(current, proposal.changes);
    return proposal;
  });
}

export function reportRun(run: EvidenceRun): string {
  let evidence = run.evidence;
  return run.proposals
    .map((p) => {
      const text = reportEvidence(evidence, p);
      evidence = applyEvidence(evidence, p.changes);
      return text;
    })
    .join('\n');
}
