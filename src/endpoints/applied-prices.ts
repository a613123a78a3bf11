/** `appliedPrices` of a cost record: the prices the cost engine billed, and since when they apply. */
import type { Model } from '../core/schema/catalogue-schema.js';
import { appliedPrices, type AppliedPrices, type Workload } from '../core/pricing/cost.js';
import type { ModelSheets } from '../core/pricing/price-sheet.js';

/**
 * The prices that made a cost, plus `effectiveFrom` when `from` is a day: with `as_of`, the first
 * day of the price set in force that day; otherwise the date of the dated price the record's
 * prices continue (the catalogue's `datedFrom`, read once at load).
 */
export function appliedPricesOf(
  model: Model,
  workload: Workload,
  from: string | null | undefined,
  sheets?: ModelSheets,
): AppliedPrices & { effectiveFrom?: string } {
  // Added in place, not spread (the object is this call's own; see rankedItem).
  const applied: AppliedPrices & { effectiveFrom?: string } = appliedPrices(model, workload, sheets);
  if (from) applied.effectiveFrom = from;
  return applied;
}
