/**
 * The models a ranking may offer for a request: those that meet its filters, can run the request
 * (fit.ts), are sold as capacity (not a free tier only, unless asked), and are not a variant of a
 * model already in the running (variants.ts). What it leaves out is counted by reason.
 */
import type { Model } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { exclusionOf, type Exclusion } from './fit.js';

export interface Screen {
  inputTokens: number;
  outputTokens: number;
  /** Offer models served only on a free tier (marked) instead of leaving them out. */
  includeFreeTier?: boolean;
}

/** How many models met the filters but were left out, by reason. */
export type Excluded = Partial<Record<Exclusion, number>>;

/** The models that meet `keep` and can be offered, in catalogue order, and what was left out. */
export function eligibleModels(catalogue: Catalogue, keep: (model: Model) => boolean, screen: Screen): { models: Model[]; excluded: Excluded } {
  const models: Model[] = [];
  const excluded: Excluded = {};
  for (const model of catalogue.models) {
    if (catalogue.headOf.has(model.id) || !keep(model)) continue;
    const why = exclusionOf(model, screen.inputTokens, screen.outputTokens, screen.includeFreeTier ?? false);
    if (why === undefined) models.push(model);
    else excluded[why] = (excluded[why] ?? 0) + 1;
  }
  return { models, excluded };
}
