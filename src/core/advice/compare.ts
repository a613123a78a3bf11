/** Side-by-side costs of chosen models and what the cheapest saves against the dearest. */
import type { Model } from '../schema/catalogue-schema.js';
import { calculateCost, type CostsWithYear, type Workload } from '../pricing/cost.js';
import { exclusionOf } from '../pricing/fit.js';
import { unpricedCandidates } from './eligible.js';
import { buildSheets, type ModelSheets, type Sheet } from '../pricing/price-sheet.js';
import { sellsTier } from '../pricing/select.js';
import { UNPRICED } from '../schema/units.js';
import { divideRoundHalfUp, type Usd } from '../schema/money.js';
import type { OwnTokens } from '../pricing/tokenizers.js';

export interface Comparison {
  comparison: Array<{ model: Model; costs: CostsWithYear }>;
  summary: {
    cheapest: { model: Model; monthly: Usd };
    mostExpensive: { model: Model; monthly: Usd };
    /** Most expensive minus cheapest; percent of the most expensive, to two decimals. */
    savings: { monthly: Usd; yearly: Usd; percent: number };
    /** With a service tier other than standard: the models not sold on it for this request (priced at standard, named by neither end while any model sells it). */
    notOnTier?: Model[];
  };
}

/**
 * Models in the order given; the first of equal costs wins cheapest and most expensive. The
 * cheapest is one that can run the workload and is sold as capacity when any of them is:
 * a $0 free tier or a model that would refuse the request is no saving anyone can make. Cheapest
 * and most expensive are of the models that price every unit the workload uses, when any does. The
 * catalogue's sheets of the models (sheetsOf) spare building them again. With `own` (counted_with),
 * each model is priced and judged on the workload in its own tokens.
 */
export function compareModels(
  models: readonly Model[],
  workload: Workload,
  sheetsOf: (model: Model) => ModelSheets | undefined = () => undefined,
  own?: OwnTokens,
): Comparison {
  const on = (model: Model) => (own === undefined ? workload : own.of(model).workload);
  const used = unpricedCandidates(workload);
  const priced = new Set<Model>();
  const notOnTier: Model[] = [];
  const comparison = models.map((model) => {
    const sheets = sheetsOf(model) ?? buildSheets(model);
    const billedAs = (sheets.bands[0] as Sheet).billedAs;
    if (used.every((u) => billedAs[u] !== UNPRICED)) priced.add(model);
    if (!sellsTier(sheets, on(model))) notOnTier.push(model);
    return { model, costs: calculateCost(model, on(model), sheets) };
  });
  const [first] = comparison;
  if (!first) throw new RangeError('compareModels needs at least one model');
  // A model with no price for a unit the workload uses (web searches) has a cost that leaves it out: no saving to name.
  const pricedAll = comparison.filter(({ model }) => priced.has(model));
  // A tier asked: a model not sold on it is no saving on that tier (nor the dearest on it), while any model sells it.
  const onTier = pricedAll.filter(({ model }) => !notOnTier.includes(model));
  const pool = onTier.length ? onTier : pricedAll.length ? pricedAll : comparison;
  const usable = pool.filter(
    ({ model }) => exclusionOf(model, on(model).inputTokens, on(model).outputTokens, false) === undefined,
  );
  let cheapest = usable[0] ?? (pool[0] as typeof first);
  for (const entry of usable.length ? usable : pool) {
    if (entry.costs.monthly.compare(cheapest.costs.monthly) < 0) cheapest = entry;
  }
  let dearest = pool[0] as typeof first;
  for (const entry of pool) {
    if (entry.costs.monthly.compare(dearest.costs.monthly) > 0) dearest = entry;
  }
  const savedMonthly = dearest.costs.monthly.minus(cheapest.costs.monthly);
  const dearestMonthly = dearest.costs.monthly.nanos;
  const hundredths = dearestMonthly === 0n ? 0n : divideRoundHalfUp(savedMonthly.nanos * 10_000n, dearestMonthly);
  return {
    comparison,
    summary: {
      cheapest: { model: cheapest.model, monthly: cheapest.costs.monthly },
      mostExpensive: { model: dearest.model, monthly: dearest.costs.monthly },
      savings: {
        monthly: savedMonthly,
        yearly: dearest.costs.yearly.minus(cheapest.costs.yearly),
        percent: Number(hundredths) / 100,
      },
      ...(workload.serviceTier !== undefined && workload.serviceTier !== 'standard' ? { notOnTier } : {}),
    },
  };
}
