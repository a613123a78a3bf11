/**
 * The models a ranking may offer for a request: those that meet its filters, can run the request
 * (fit.ts) and take its audio, image or video (problems.ts), are sold as capacity (not a free tier
 * only, unless asked), and are not a variant of a
 * model already in the running (variants.ts). What it leaves out is counted by reason.
 */
import type { Model } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import type { Workload } from './cost.js';
import { exclusionOf, type Exclusion } from './fit.js';
import { modalityProblem } from './problems.js';
import type { ModelSheets } from './price-sheet.js';

export interface Screen {
  inputTokens: number;
  outputTokens: number;
  /** Offer models served only on a free tier (marked) instead of leaving them out. */
  includeFreeTier?: boolean;
  /** The workload, when it has audio, image or video parts: a model on record as not taking them is left out. */
  workload?: Workload;
}

/** How many models met the filters but were left out, by reason. */
export type Excluded = Partial<Record<Exclusion, number>>;

/**
 * Calls `offer` with each model (and its price sheets) that meets `keep` and can be offered, in catalogue order (variants
 * are not in `catalogue.rankable`), and returns what was left out: one pass with no list in
 * between, as rankings walk every model on every request.
 */
export function forEachEligible(catalogue: Catalogue, keep: (model: Model) => boolean, screen: Screen, offer: (model: Model, sheets: ModelSheets) => void): Excluded {
  const excluded: Excluded = {};
  const { inputTokens, outputTokens } = screen;
  const includeFreeTier = screen.includeFreeTier ?? false;
  const withParts = screen.workload?.extras ? screen.workload : undefined;
  const { rankable, rankableSheets } = catalogue;
  for (let i = 0; i < rankable.length; i++) {
    const model = rankable[i] as Model;
    if (!keep(model)) continue;
    const why = exclusionOf(model, inputTokens, outputTokens, includeFreeTier)
      ?? (withParts && modalityProblem(model, withParts) ? 'modality' : undefined);
    if (why === undefined) offer(model, rankableSheets[i] as ModelSheets);
    else excluded[why] = (excluded[why] ?? 0) + 1;
  }
  return excluded;
}
