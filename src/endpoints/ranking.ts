/**
 * What cheapest and recommend share: their filters under the same names, what each ranked item
 * carries besides its costs, and the count of the models they left out.
 */
import { TIERS, USE_CASES, type Model } from '../core/schema/catalogue-schema.js';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { RankFilters } from '../core/advice/cheapest.js';
import type { CostsWithYear, Workload } from '../core/pricing/cost.js';
import type { DoorCost } from '../core/offers/rank.js';
import type { Excluded } from '../core/advice/eligible.js';
import { EXCLUSION_TEXT, type Exclusion } from '../core/pricing/fit.js';
import { costWarnings, type Warning } from '../core/pricing/warnings.js';
import { appliedPricesOf } from './applied-prices.js';
import { partsHint } from './parts-hint.js';
import { scheduledYearly, scheduleWarnings } from '../core/pricing/schedule.js';
import { schedulePhrase } from '../core/advice/as-priced.js';
import { ApiError } from '../lib/errors.js';
import { choice, choiceOr, contextSize, flag, integer, optionalInteger, type StatusFilter } from './params.js';

const [BUDGET, MID, PREMIUM] = TIERS;

/** A tier as people name it: budget or low, mid or medium, premium or high. */
export const tierChoice = (description: string, hint = '') =>
  choice(TIERS, description, { low: BUDGET, medium: MID, high: PREMIUM }, hint);

/** The filters both rankings take, under these names. */
export const rankFilters = {
  use_case: choice(USE_CASES, 'Keep only models suited to this use case (a use-case score of 3 or more).', {
    long_context: 'long-context',
  }),
  tier: tierChoice('Keep only this tier: budget (or low), mid (or medium), premium (or high).'),
  min_quality: optionalInteger(
    1,
    5,
    'Minimum overall quality score, 1 to 5.',
    ' (for a minimum 0-100 benchmark score, use min_score on /api/recommend)',
  ),
  min_context: contextSize('Minimum context window in tokens (128000, 128K or 1M).'),
  include_free_tier: flag(
    'Also offer models served only on a free, rate-limited tier (left out by default: their $0 is no capacity to buy); they come marked freeTierOnly.',
  ),
  service_tier_fallback: choiceOr(
    ['none', 'standard'] as const,
    'none',
    'With service_tier: none (default) leaves out models not sold on that tier (counted in excluded as service_tier_not_offered); standard ranks them at standard prices, each with a warning.',
  ),
  limit: integer(1, 10, 5, 'Maximum number of results, 1 to 10.'),
};

/** The fallback as the answers echo it: only when a service tier other than standard is asked. */
export const fallbackEcho = (p: { service_tier: string; service_tier_fallback: 'none' | 'standard' }) =>
  p.service_tier === 'standard' ? {} : { service_tier_fallback: p.service_tier_fallback };

/** The same value given under two names (the spec's and the unambiguous one), or a 400 when they differ. */
export function either<T>(
  spec: { name: string; value: T | undefined },
  plain: { name: string; value: T | undefined },
): T | undefined {
  if (spec.value !== undefined && plain.value !== undefined && spec.value !== plain.value) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `${spec.name} and ${plain.name} mean the same here and differ (${String(spec.value)}, ${String(plain.value)}); give one.`,
      { param: plain.name },
    );
  }
  return plain.value ?? spec.value;
}

/** The core's filters for the shared parameters. */
export function rankFiltersOf(
  p: {
    use_case?: RankFilters['useCase'];
    min_context?: number | undefined;
    include_free_tier: boolean;
    service_tier_fallback: 'none' | 'standard';
    status: StatusFilter;
  },
  tier: RankFilters['tier'],
  minQuality: number | undefined,
): RankFilters {
  // Set field by field, not spread (see rankedItem).
  const filters: RankFilters = { includeFreeTier: p.include_free_tier };
  if (p.service_tier_fallback === 'standard') filters.tierFallback = true;
  if (p.use_case) filters.useCase = p.use_case;
  if (tier) filters.tier = tier;
  if (minQuality !== undefined) filters.minQuality = minQuality;
  if (p.min_context !== undefined) filters.minContext = p.min_context;
  if (p.status !== 'all') filters.status = p.status;
  // The default status=current counts the legacy models that would rank (excludedBody), in the same walk.
  if (p.status === 'current') filters.countLegacy = true;
  return filters;
}

/** Who a ranked model is, in the order the answers list it: its rank (when it has one), the model, its variants and warnings. */
export interface RankedWho {
  rank?: number;
  id: string;
  name: string;
  provider: string;
  tier: Model['tier'];
  status: Model['status'];
  freeTierOnly?: true;
  variants?: readonly string[];
  warnings?: Warning[];
  /** The first price change within twelve months of the date priced: "rises 100% on 2027-01-01". */
  priceChange?: string;
}

/**
 * What a ranked item carries besides its costs: who it is (with its rank, when given) and the
 * prices its costs were worked out at. The item is built field by field, in the answer's order,
 * once per ranked model of every answer, and is the caller's own: it adds its fields to it in place
 * (Object.assign). V8 keeps an object made by spreading another with optional parts
 * (`{ ...item, ...(x ? { y } : {}) }`) in its slow dictionary mode: that would be one per ranked
 * model. The ranked answers' other objects are built the same way, for the same reason.
 */
export function rankedItem(
  catalogue: Catalogue,
  model: Model,
  workload: Workload,
  rank?: number,
  date?: string,
): { item: RankedWho; appliedPrices: ReturnType<typeof appliedPricesOf> } {
  const variants = catalogue.variantsOf.get(model.id);
  const sheets = catalogue.sheets.get(model);
  const warnings = costWarnings(model, workload, sheets);
  // The price schedule: its warnings, and the change named on the item.
  const change = date === undefined ? undefined : schedulePhrase(model, date);
  if (change !== undefined) warnings.push(...scheduleWarnings(model, date as string));
  const item: RankedWho =
    rank === undefined
      ? { id: model.id, name: model.name, provider: model.provider, tier: model.tier, status: model.status }
      : { rank, id: model.id, name: model.name, provider: model.provider, tier: model.tier, status: model.status };
  if (model.freeTierOnly) item.freeTierOnly = true;
  if (variants) item.variants = variants;
  if (warnings.length) item.warnings = warnings;
  if (change !== undefined) item.priceChange = change;
  return { item, appliedPrices: appliedPricesOf(model, workload, catalogue.datedFrom.get(model), sheets) };
}

/**
 * A ranked item's costs with the yearly one calculate gives: the ranking's own (it is ranked by
 * them, and made its year at the same prices), the year under the price schedule of what it is
 * priced at (scheduledYearly) when that changes within the year from `date`.
 * A door other than the record's own has no schedule of the maker's (the door book clears it).
 */
export function withYear(
  ranked: { model: Model; costs: CostsWithYear; at?: DoorCost | undefined },
  workload: Workload,
  date: string,
): CostsWithYear {
  const { model, costs, at } = ranked;
  const yearly = scheduledYearly(at ? (at.door.priced as Model) : model, workload, date, costs.yearly);
  return yearly === costs.yearly
    ? costs
    : { perRequest: costs.perRequest, daily: costs.daily, monthly: costs.monthly, yearly };
}

/** The hint of an empty ranking when models were left out for not selling the service tier asked. */
export function tierHint(p: { service_tier: string }, excluded: Excluded) {
  const count = excluded.service_tier_not_offered;
  if (!count) return undefined;
  const models = count === 1 ? '1 model past the filters is' : `${count} models past the filters are`;
  return {
    param: 'service_tier',
    message: `No model past the filters is sold on the ${p.service_tier} service tier for this request; ${models} sold at standard. service_tier_fallback=standard ranks them at standard prices (marked), or ask service_tier=standard.`,
  };
}

const LEGACY_TEXT = 'they are legacy (older, still sold) and would rank among these with status=all';

/**
 * How many models met the filters but were left out, and why; and, with the default status=current,
 * the legacy models the same ranking with status=all lists among its items (the ranking's `legacy`):
 * the status filter left them out, not their cost or fit, so the answer counts them and names the
 * parameter that shows them.
 */
export function excludedBody(excluded: Excluded, legacy = 0) {
  const byReason: Array<{ reason: Exclusion | 'legacy'; count: number; message: string; shownWith?: string }> = (
    Object.keys(EXCLUSION_TEXT) as Exclusion[]
  )
    .filter((reason) => excluded[reason])
    .map((reason) => ({ reason, count: excluded[reason] ?? 0, message: EXCLUSION_TEXT[reason] }));
  if (legacy > 0) byReason.push({ reason: 'legacy', count: legacy, message: LEGACY_TEXT, shownWith: 'status=all' });
  return { count: byReason.reduce((sum, r) => sum + r.count, 0), byReason };
}

/** How both rankings end: what they left out, the sellers asked, and with no model `left`, why (`nearest` last). */
export function rankingEnd<H>(
  p: { service_tier: string; sellers?: string | undefined },
  { excluded, notSold, legacy }: { excluded: Excluded; notSold?: number | undefined; legacy: number },
  left: number,
  catalogue: Catalogue,
  workload: Workload,
  nearest: () => H,
) {
  const hint = left > 0 ? undefined : (tierHint(p, excluded) ?? partsHint(catalogue, workload) ?? nearest());
  return {
    excluded: excludedBody(excluded, legacy),
    ...(notSold === undefined || p.sellers === undefined ? {} : { sellers: { asked: p.sellers, notSold } }),
    ...(hint ? { hint } : {}),
  };
}
