/** Which models run a workload for the least money. */
import { SUITED_SCORE, type Model, type ModelStatus, type Tier, type UseCase } from './catalogue-schema.js';
import type { Catalogue } from './catalogue.js';
import { calculateCost, requestNumerators, type Costs, type Workload } from './cost.js';
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
  /** Keep only models of this status (all when unset). */
  status?: ModelStatus;
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

/** Models cheapest first (ties: current before legacy, then by id), after the status, use-case, quality and budget filters. */
export function findCheapest(catalogue: Catalogue, workload: Workload, options: CheapestOptions): Ranked[] {
  const { useCase, quality, status, budgetNanos, limit } = options;
  const tiers = quality ? QUALITY_BANDS[quality] : undefined;
  const numerator = requestNumerators(workload);
  const candidates: Array<{ model: Model; cost: bigint }> = [];
  for (const model of catalogue.models) {
    if (status && model.status !== status) continue;
    if (tiers && !tiers.includes(model.tier)) continue;
    if (useCase && !isSuited(model, useCase)) continue;
    candidates.push({ model, cost: numerator(model) });
  }
  const cheapest = topK(candidates, limit, (a, b) => (a.cost < b.cost ? -1 : a.cost > b.cost ? 1 : compareTies(a.model, b.model)));
  const ranked: Ranked[] = [];
  for (const { model } of cheapest) {
    const costs = calculateCost(model, workload);
    // The monthly cost never falls as the request cost rises, so those within budget are a prefix.
    if (budgetNanos !== undefined && costs.monthly.nanos > budgetNanos) break;
    ranked.push({ rank: ranked.length + 1, model, costs });
  }
  return ranked;
}

/** Between models ranked equal: current models before legacy ones, then by id. */
export function compareTies(a: Model, b: Model): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
