/** Which models run a workload for the least money. */
import { SUITED_SCORE, type Model, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { calculateCost, monthlyNanos, requestNumerator, type Costs, type Workload } from './cost.js';
import { topK } from './top-k.js';

export type QualityBand = 'high' | 'budget';
export const QUALITY_BANDS: Record<QualityBand, readonly Tier[]> = {
  high: ['Mid', 'Premium'],
  budget: ['Budget'],
};

export interface CheapestOptions {
  /** Drop models whose monthly cost exceeds this many nano-dollars. */
  budgetNanos?: bigint;
  useCase?: UseCase;
  quality?: QualityBand;
  limit: number;
}

export interface Ranked {
  rank: number;
  model: Model;
  costs: Costs;
}

export function isSuited(model: Model, useCase: UseCase): boolean {
  return (model.useCases[useCase] ?? 0) >= SUITED_SCORE;
}

/** Models cheapest first (ties by id), after the budget, use-case and quality filters. */
export function findCheapest(catalogue: Catalogue, workload: Workload, options: CheapestOptions): Ranked[] {
  const tiers = options.quality ? QUALITY_BANDS[options.quality] : undefined;
  const pool = tiers ? tiers.flatMap((t) => catalogue.byTier.get(t) ?? []) : catalogue.models;
  const { useCase, budgetNanos } = options;

  // Only the exact numerator is needed to rank and filter; the four rounded costs are worked out
  // for the k winners alone.
  const candidates: Array<{ model: Model; cost: bigint }> = [];
  for (const model of pool) {
    if (useCase && !isSuited(model, useCase)) continue;
    const cost = requestNumerator(model, workload);
    if (budgetNanos !== undefined && monthlyNanos(cost, workload) > budgetNanos) continue;
    candidates.push({ model, cost });
  }
  const best = topK(candidates, options.limit, (a, b) =>
    a.cost === b.cost ? compareIds(a.model, b.model) : a.cost < b.cost ? -1 : 1,
  );
  return best.map(({ model }, i) => ({ rank: i + 1, model, costs: calculateCost(model, workload) }));
}

export function compareIds(a: Model, b: Model): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
