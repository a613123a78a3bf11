/**
 * The models a ranking may offer for a request: those that meet its filters, can run the request
 * (exclusionOf), are known to take its audio, image or video and price every unit it uses
 * (partsExclusion), are sold as capacity (not a free tier only, unless asked), and are not a
 * variant of a model already in the running. What it leaves out is counted by reason.
 */
import type { Model } from '../schema/catalogue-schema.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ModelSheets } from '../pricing/price-sheet.js';
import type { Workload } from '../pricing/cost.js';
import type { Exclusion } from '../pricing/fit.js';
// Types only: the site's script takes partsExclusion from here, without the catalogue's schema.
import type { ColumnFilters, FilterTable } from '../catalogue/filter-table.js';
import { MODALITY_FIELDS, takesModality } from '../pricing/problems.js';
import { leafCounts } from '../pricing/quantities.js';
import { U, UNIT_COUNT, UNITS, UNPRICED } from '../schema/units.js';
import { sellsTier } from '../pricing/select.js';
import type { OwnTokens } from '../pricing/tokenizers.js';

/** A ranking's choices that decide whether a model can be offered for the workload (its filters aside). */
export interface Screen {
  /** Offer models served only on a free tier (marked) instead of leaving them out. */
  includeFreeTier?: boolean;
  /** With a service tier asked: rank a model not sold on it at standard prices (warned) instead of leaving it out. */
  tierFallback?: boolean;
  /** counted_with: whether a model can run the request is judged on the workload in its own tokens. */
  own?: OwnTokens | undefined;
}

/** How many models met the filters but were left out, by reason. */
export type Excluded = Partial<Record<Exclusion, number>>;

/**
 * Calls `offer` with each model (and its row in `rankable`, the price table's) that meets the
 * filters and can be offered, in catalogue order (variants are not in `catalogue.rankable`), and
 * returns what was left out: one pass over the catalogue's filter columns, with
 * no list in between and no record read for a model left out, as rankings walk every model on
 * every request. `aside`, when given, is called instead with each model that only the status
 * filter leaves out (nothing it leaves out is counted): in the same walk, a ranking ranks them
 * apart to count those it would list with any status (the answer's legacy count).
 */
export function forEachEligible(
  catalogue: Catalogue,
  filters: ColumnFilters,
  w: Workload,
  screen: Screen,
  offer: (model: Model, index: number) => void,
  aside?: (model: Model, index: number) => void,
): Excluded {
  const excluded: Excluded = {};
  const { inputTokens, outputTokens } = w;
  const tokens = inputTokens + outputTokens;
  const includeFreeTier = screen.includeFreeTier ?? false;
  // The units that leave out a model with no price for them, as bits; a workload with audio, image
  // or video asks each model's record first (partsExclusion), as those come before.
  const used = unpricedCandidates(w);
  let usedBits = 0;
  for (const u of used) usedBits |= 1 << u;
  // A service tier asked (not standard): a model not selling it for this request is left out, unless asked to fall back.
  const tierAsked = w.serviceTier !== undefined && w.serviceTier !== 'standard' && !screen.tierFallback;
  const modalities = MODALITY_FIELDS.some(({ field }) => (w.extras?.[field] ?? 0) !== 0);
  const { rankable, rankableSheets, filterTable: t } = catalogue;
  const own = screen.own;
  for (let i = 0; i < rankable.length; i++) {
    const asked = filters.status < 0 || t.status[i] === filters.status;
    if ((!asked && aside === undefined) || !meetsFilters(t, i, filters)) continue;
    let why: Exclusion | undefined;
    const mine = own === undefined ? undefined : own.of(rankable[i] as Model).workload;
    if ((mine === undefined ? tokens : mine.inputTokens + mine.outputTokens) > (t.contextTokens[i] as number))
      why = 'context_window';
    else if ((mine === undefined ? outputTokens : mine.outputTokens) > (t.maxOutputTokens[i] as number))
      why = 'max_output';
    else if (t.freeTierOnly[i] === 1 && !includeFreeTier) why = 'free_tier_only';
    else if (modalities)
      why = partsExclusion(rankable[i] as Model, (rankableSheets[i] as ModelSheets).bands[0]?.billedAs ?? [], w, used);
    else if (((t.unpriced[i] as number) & usedBits) !== 0) why = 'unit_unpriced';
    if (why === undefined && tierAsked && !sellsTier(rankableSheets[i] as ModelSheets, w))
      why = 'service_tier_not_offered';
    if (why === undefined) (asked ? offer : (aside as typeof offer))(rankable[i] as Model, i);
    else if (asked) excluded[why] = (excluded[why] ?? 0) + 1;
  }
  return excluded;
}

/** Whether row i of the filter table meets the filters other than status (the rule of the filters, from the columns). */
function meetsFilters(t: FilterTable, i: number, f: ColumnFilters): boolean {
  return (
    (f.tiers & (1 << (t.tier[i] as number))) !== 0 &&
    ((t.suited[i] as number) & f.suited) === f.suited &&
    (t.quality[i] as number) >= f.minQuality &&
    (t.contextTokens[i] as number) >= f.minContext
  );
}

/**
 * The units of the workload a model may have no price for: those with no parent (a unit with one
 * is billed at its parent's price at worst), less the request fee (a model without one charges none).
 */
export function unpricedCandidates(w: Workload): number[] {
  const counts = leafCounts(w);
  const units: number[] = [];
  for (let u = 0; u < UNIT_COUNT; u++) {
    if (
      u !== U.requests &&
      (counts[u] as number) > 0 &&
      (UNITS[u] as { parents: readonly number[] }).parents.length === 0
    )
      units.push(u);
  }
  return units;
}

/**
 * Why a ranking leaves out a model that can run the request: audio, image or video it is on record
 * as not taking (modality) or not known to take (modality_unknown: neither its modalities nor a
 * price of its own say it does), or a unit the workload uses with no price on its sheet
 * (unit_unpriced: counting it as $0 would rank the model cheapest for what it does not sell).
 * `billedAs` is its standard sheet's (tiers and bands price the same units), `used` unpricedCandidates(w).
 */
export function partsExclusion(
  model: Model,
  billedAs: readonly number[],
  w: Workload,
  used: readonly number[],
): Exclusion | undefined {
  const x = w.extras;
  if (x) {
    for (const { field, modality, direction } of MODALITY_FIELDS) {
      if ((x[field] ?? 0) === 0) continue;
      const takes = takesModality(model, modality, direction);
      if (takes !== true) return takes === false ? 'modality' : 'modality_unknown';
    }
  }
  for (const u of used) if (billedAs[u] === UNPRICED) return 'unit_unpriced';
  return undefined;
}
