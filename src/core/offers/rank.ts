/** A model's doors for one workload: the vetted ones that run it, cheapest first; those that cannot run it; those kept out. */
import { monthlyCost, type Costs, type Workload } from '../pricing/cost.js';
import { fitProblem } from '../pricing/fit.js';
import type { PricedDoor } from './book.js';

export interface DoorCost {
  door: PricedDoor;
  costs: Costs;
}

export interface DoorRanking {
  ranked: DoorCost[];
  /** Vetted doors whose limits refuse the workload (input + output past the context window, output past the largest). */
  cannotRun: Array<DoorCost & { problem: 'context_window' | 'max_output' }>;
  keptOut: PricedDoor[];
}

/** The monthly cost order, ties by seller slug (the maker's door first on a tie). */
const byMonthly = (a: DoorCost, b: DoorCost) =>
  a.costs.monthly.compare(b.costs.monthly) ||
  Number(b.door.own) - Number(a.door.own) ||
  a.door.seller.slug.localeCompare(b.door.seller.slug);

export function rankDoors(doors: readonly PricedDoor[], workload: Workload): DoorRanking {
  const ranking: DoorRanking = { ranked: [], cannotRun: [], keptOut: [] };
  for (const door of doors) {
    if (door.keptOut !== undefined || !door.priced) {
      ranking.keptOut.push(door);
      continue;
    }
    const costs = monthlyCost(door.priced, workload, door.sheets());
    const problem = fitProblem(door.priced, workload.inputTokens, workload.outputTokens);
    if (problem) ranking.cannotRun.push({ door, costs, problem });
    else ranking.ranked.push({ door, costs });
  }
  ranking.ranked.sort(byMonthly);
  ranking.cannotRun.sort(byMonthly);
  return ranking;
}
