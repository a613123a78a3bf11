/**
 * Joins the benchmark evidence onto the models at load: each model gets its `scores` (unrated
 * without evidence); the catalogue keeps each model's results (served with the one-model answer and
 * on its page, not in every list: they are most of a record's size) and how each score was reached,
 * with what answers show of it made on a model's first use (ScoreDetails).
 */
import { benchmarkFileSchema, resultsOf, type BenchmarkFile, type BenchmarkResult } from './benchmarks.js';
import type { CatalogueFile, Model, ScoreKey, Scores } from '../schema/catalogue-schema.js';
import { evidenceFrom } from './score-reason.js';
import {
  evidenceLevel,
  scoreModel,
  type EvidenceLevel,
  type ModelScores,
  type ScoreDetail,
  type ScoreInput,
} from './scores.js';

/** A result as a score-ranked answer lists it: the result, its normalised value to one decimal, its weight. */
export type ShownInput = BenchmarkResult & { normalised: number; weight: number };

/**
 * A score with what answers say of it, made once per model (ScoreDetails) for every answer that
 * shows it: the evidence its words name (evidenceFrom) and its inputs as listed,
 * each shared by the scores that read the same inputs.
 */
export interface ShownScore extends ScoreDetail {
  from: string;
  shown: readonly ShownInput[];
}

export type ShownScores = Partial<Record<ScoreKey, ShownScore>>;

function shownScores(details: ModelScores['details']): ShownScores {
  const out: ShownScores = {};
  // A model's scores share results, and a use case scored from the overall inputs shares them all:
  // each listed result (by result and weight) and each evidence fragment (by inputs) is made once.
  const items = new Map<string, ShownInput>();
  const byInputs = new Map<readonly ScoreInput[], { from: string; shown: readonly ShownInput[] }>();
  for (const [key, detail] of Object.entries(details) as Array<[ScoreKey, ScoreDetail]>) {
    let made = byInputs.get(detail.inputs);
    if (!made) {
      const shown = detail.inputs.map(({ result, normalised, weight }) => {
        const id = `${result.id} ${weight}`;
        const item = items.get(id) ?? { ...result, normalised: Math.round(normalised * 10) / 10, weight };
        items.set(id, item);
        return item;
      });
      made = { from: evidenceFrom(detail.inputs), shown };
      byInputs.set(detail.inputs, made);
    }
    out[key] = { ...detail, from: made.from, shown: made.shown };
  }
  return out;
}

/** What a load needs of a model's evidence: its scores, and how much evidence each rests on (evidenceLevel). */
export interface ScoredModel {
  scores: Scores;
  levels: Partial<Record<ScoreKey, EvidenceLevel>>;
}

function scoredModel({ scores, details }: ModelScores): ScoredModel {
  const levels: ScoredModel['levels'] = {};
  for (const [key, detail] of Object.entries(details) as Array<[ScoreKey, ScoreDetail]>)
    levels[key] = evidenceLevel(detail);
  return { scores, levels };
}

/**
 * Each rated model's scores and levels, by id: the build keeps them beside its check of the
 * evidence file, so that a start reads them instead of scoring
 * (scoring every model costs about a sixth of a cold start's CPU).
 */
export function scoreEvidence(evidence: BenchmarkFile): Record<string, ScoredModel> {
  return Object.fromEntries(
    Object.entries(evidence.models).map(([id, entries]) => [id, scoredModel(scoreModel(resultsOf(evidence, entries)))]),
  );
}

/**
 * Each model's shown scores, by model id, made on the first answer that asks for the model's: at
 * load only the numeric scores and their levels are needed (the rankings' columns); how each was
 * reached is scored again from the model's results when an answer first shows it, mostly for models
 * that no answer of a process's first seconds names. A model's value is made once and kept, so
 * every answer shows the same.
 */
export class ScoreDetails {
  readonly #made = new Map<string, ShownScores>();
  readonly #results: ReadonlyMap<string, readonly BenchmarkResult[]>;
  readonly #levels: ReadonlyMap<string, ScoredModel['levels']>;

  constructor(
    results: ReadonlyMap<string, readonly BenchmarkResult[]>,
    levels: ReadonlyMap<string, ScoredModel['levels']>,
  ) {
    this.#results = results;
    this.#levels = levels;
  }

  /** A model's shown scores; undefined for an id not in the catalogue. */
  get(id: string): ShownScores | undefined {
    let shown = this.#made.get(id);
    if (shown === undefined) {
      const results = this.#results.get(id);
      if (results === undefined) return undefined;
      shown = shownScores(scoreModel(results).details);
      this.#made.set(id, shown);
    }
    return shown;
  }

  /** How much evidence a model's score rests on (evidenceLevel); undefined when unrated. */
  level(id: string, key: ScoreKey): EvidenceLevel | undefined {
    return this.#levels.get(id)?.[key];
  }
}

/** The evidence file's problems are the catalogue's: the caller turns this message into its error. */
export interface Evidence {
  details: ScoreDetails;
  results: Map<string, BenchmarkResult[]>;
  problem?: string;
}

/** An evidence file as the catalogue takes it: with a checked file, the build's scores of its models (scoreEvidence), when it has them. */
export interface EvidenceSource extends CatalogueFile {
  scored?: Readonly<Record<string, ScoredModel>>;
}

/** The evidence file (data/quality/benchmarks.json), when there is one. */
export function attachEvidence(models: Model[], source: EvidenceSource | undefined): Evidence {
  const levels = new Map<string, ScoredModel['levels']>();
  const byModel = new Map<string, BenchmarkResult[]>();
  const refused = (problem: string): Evidence => ({
    details: new ScoreDetails(byModel, levels),
    results: byModel,
    problem,
  });
  let evidence = undefined;
  if (source !== undefined) {
    const { file, data, checked } = source;
    const parsed = checked
      ? { success: true as const, data: data as BenchmarkFile }
      : benchmarkFileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refused(`${file}, field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`);
    }
    evidence = parsed.data;
    // Results of a model no longer in the catalogue are left unread, not refused: removing a model
    // from its price file (a refresh, a reload) must not stop the catalogue loading. A test
    // holds the shipped file to the catalogue's ids.
    for (const [id, entries] of Object.entries(evidence.models)) {
      for (const key of Object.keys(entries)) {
        const b = evidence.benchmarks[key];
        if (!b) return refused(`${file}: model "${id}": benchmark "${key}" is not defined in "benchmarks"`);
        if (!evidence.sources[b.source])
          return refused(`${file}: benchmark "${key}": source "${b.source}" is not defined in "sources"`);
      }
    }
  }
  for (const model of models) {
    const entries = evidence?.models[model.id];
    const results = evidence && entries ? resultsOf(evidence, entries) : [];
    const scored =
      (entries && source?.checked ? source.scored?.[model.id] : undefined) ?? scoredModel(scoreModel(results));
    model.scores = scored.scores;
    levels.set(model.id, scored.levels);
    byModel.set(model.id, results);
  }
  return { details: new ScoreDetails(byModel, levels), results: byModel };
}
