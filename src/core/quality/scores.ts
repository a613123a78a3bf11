/**
 * A model's 0-100 scores, overall and per use case, from its benchmark results by the rule of
 * docs/quality.md: each score is the weighted mean of the normalised results of
 * its inputs the model has (a missing input is left out of the mean, its substitute read in its
 * place), rounded to a whole number. A use case with none of its inputs takes the overall score
 * (said so in its detail), except speed, which only a speed measurement rates. Without any
 * result a score is `unrated`, never a number.
 */
import { SCORE_KEYS, UNRATED, type ScoreKey, type Scores, type UseCase } from '../schema/catalogue-schema.js';
import type { BenchmarkResult } from './benchmarks.js';
import { BOUNDS, normalise, OVERALL, USE_CASE_INPUTS, type Input } from './score-rule.js';

export { UNRATED, type Score, type ScoreKey, type Scores } from '../schema/catalogue-schema.js';

/** A result as one score read it. */
export interface ScoreInput {
  result: BenchmarkResult;
  /** The result on the 0-100 scale. */
  normalised: number;
  weight: number;
}

export interface ScoreDetail {
  score: number;
  /** Heaviest first. */
  inputs: ScoreInput[];
  /** True when the use case has none of its own inputs and takes the overall score. */
  fromOverall: boolean;
}

export interface ModelScores {
  scores: Scores;
  details: Partial<Record<ScoreKey, ScoreDetail>>;
}

function normalisedOf(result: BenchmarkResult): number | undefined {
  if (result.value === null) return result.derived;
  return result.id in BOUNDS ? normalise(result.id, result.value) : undefined;
}

function weighted(inputs: readonly ScoreInput[]): ScoreDetail | undefined {
  if (inputs.length === 0) return undefined;
  const total = inputs.reduce((sum, i) => sum + i.weight, 0);
  const mean = inputs.reduce((sum, i) => sum + i.weight * i.normalised, 0) / total;
  return { score: Math.round(mean), inputs: [...inputs].sort((a, b) => b.weight - a.weight), fromOverall: false };
}

export function scoreModel(results: readonly BenchmarkResult[]): ModelScores {
  const usable = new Map<string, ScoreInput>();
  for (const result of results) {
    const normalised = normalisedOf(result);
    if (normalised !== undefined) usable.set(result.id, { result, normalised, weight: 1 });
  }
  const read = (inputs: readonly Input[]) =>
    weighted(
      inputs.flatMap(([key, weight, substitute]) => {
        const found = usable.get(key) ?? (substitute === undefined ? undefined : usable.get(substitute));
        return found ? [{ ...found, weight }] : [];
      }),
    );
  // Without the overall inputs, the equal-weight mean of every result the rule reads.
  const overall = read(OVERALL) ?? weighted([...usable.values()]);
  const details: Partial<Record<ScoreKey, ScoreDetail>> = {};
  if (overall) {
    details.overall = overall;
    details.general = overall;
  }
  for (const [useCase, inputs] of Object.entries(USE_CASE_INPUTS) as Array<[UseCase, readonly Input[]]>) {
    const own = read(inputs);
    if (own) details[useCase] = own;
    else if (overall && useCase !== 'speed') details[useCase] = { ...overall, fromOverall: true };
  }
  const scores = Object.fromEntries(SCORE_KEYS.map((key) => [key, details[key]?.score ?? UNRATED])) as Scores;
  return { scores, details };
}

/**
 * How much evidence a score rests on, as a ranking by score weighs it first: 0 for two or more
 * results of its own, 1 for one, 2 for a stand-in (the overall score taken for a use case with no
 * result of its own).
 */
export type EvidenceLevel = 0 | 1 | 2;

export function evidenceLevel(detail: Pick<ScoreDetail, 'inputs' | 'fromOverall'>): EvidenceLevel {
  return detail.fromOverall ? 2 : detail.inputs.length >= 2 ? 0 : 1;
}

/** What a score says of its evidence: its own results (0 for a stand-in), the newest date of those it rests on, and whether it stands in. */
export interface ScoreBasis {
  results: number;
  newest: string;
  standIn: boolean;
}

export function scoreBasis(detail: Pick<ScoreDetail, 'inputs' | 'fromOverall'>): ScoreBasis {
  const newest = detail.inputs.reduce((d, i) => (i.result.date > d ? i.result.date : d), '');
  return { results: detail.fromOverall ? 0 : detail.inputs.length, newest, standIn: detail.fromOverall };
}
