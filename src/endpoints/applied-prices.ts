/** `appliedPrices` of a cost record: the prices the cost engine billed, and since when they apply. */
import type { Model } from '../core/catalogue-schema.js';
import { appliedPrices, type AppliedPrices, type Workload } from '../core/cost.js';
import { priceOn, type PriceSet } from '../core/history.js';
import type { ModelSheets } from '../core/price-sheet.js';

/**
 * The prices that made a cost, plus `effectiveFrom`: with `as_of`, the first day of the price set
 * in force that day (`asOf`); otherwise the date of the dated price (priceHistory) the record's
 * prices continue, when they continue one.
 */
export function appliedPricesOf(model: Model, workload: Workload, asOf?: PriceSet, sheets?: ModelSheets): AppliedPrices & { effectiveFrom?: string } {
  const applied = appliedPrices(model, workload, sheets);
  const from = asOf ? asOf.effectiveFrom : datedFrom(model);
  return from ? { ...applied, effectiveFrom: from } : applied;
}

function datedFrom(model: Model): string | null | undefined {
  if (!model.priceHistory?.length) return undefined;
  const found = priceOn(model, model.checkedOn);
  if (found.kind !== 'priced') return undefined;
  const from = found.set.effectiveFrom;
  return model.priceHistory.some((entry) => entry.effectiveFrom === from) ? from : undefined;
}
