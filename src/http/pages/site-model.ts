/**
 * What the home page shows for one workload, computed alike on the server (the first render) and
 * in the browser (/assets/site.js, after each change to the calculator): each model's monthly
 * cost from the core engine, which models the headline and the table leave out (exclusionOf's
 * rules, as the API's ranked answers apply them), the headline and the lines that say what
 * was left out and why.
 */
import type { Model } from '../../core/schema/catalogue-schema.js';
import type { PriceTerm } from '../../core/schema/units.js';
import { monthlyCost, type Workload } from '../../core/pricing/cost.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { inputPartsText, outputPartsText, searchesText } from '../../core/pricing/parts-text.js';
import { exclusionOf, WORKLOAD_EXCLUSIONS, type Exclusion } from '../../core/pricing/fit.js';
import { partsExclusion, unpricedCandidates } from '../../core/advice/eligible.js';
import { buildSheets } from '../../core/pricing/price-sheet.js';
import { sellsTier } from '../../core/pricing/select.js';
import { longContextBand, type BandPrices } from '../../core/pricing/band-prices.js';
import { compareTies } from '../../core/advice/ties.js';
import type { Usd } from '../../core/schema/money.js';
import { escapeHtml, modelPagePath } from '../../lib/escape.js';
import { partsParams } from '../../endpoints/part-rules.js';

/** The calculator's starting workload: /api/calculate's defaults. */
export const DEFAULT_WORKLOAD: Workload = {
  inputTokens: 2000,
  outputTokens: 500,
  requests: 1000,
  days: 30,
  mode: 'standard',
};

/**
 * The fields of a model the browser needs to sort, filter, price it with the core engine (every
 * price the calculator's workloads can reach) and apply the fit rules.
 */
export type SiteModel = Pick<
  Model,
  | 'id'
  | 'name'
  | 'provider'
  | 'providerSlug'
  | 'tier'
  | 'input'
  | 'output'
  | PriceTerm
  | 'contextTokens'
  | 'maxOutputTokens'
  | 'quality'
  | 'freeTierOnly'
  | 'status'
  | 'scores'
  | 'serviceTiers'
  | 'unitPrices'
  | 'modalities'
  | 'useCases'
> & {
  /** The id of the model whose place this variant shares in rankings (catalogue.headOf): the chart draws the head alone, as the API ranks it. */
  variantOf?: string;
  /** The price change within twelve months of today, in words (the API's priceChange). */
  priceChange?: string;
};

export function siteModel(m: Model & { priceChange?: string }): SiteModel {
  const { id, name, provider, providerSlug, tier, input, output, contextTokens, quality, status, scores, useCases } = m;
  const optional = {
    cachedInput: m.cachedInput,
    cacheWrite: m.cacheWrite,
    cacheWrite1h: m.cacheWrite1h,
    longContext: m.longContext,
    longContextSteps: m.longContextSteps,
    longContextRule: m.longContextRule,
    offPeak: m.offPeak,
    batch: m.batch,
    maxOutputTokens: m.maxOutputTokens,
    freeTierOnly: m.freeTierOnly,
    scores,
    serviceTiers: m.serviceTiers,
    unitPrices: m.unitPrices,
    modalities: m.modalities,
    priceChange: m.priceChange,
  };
  const present = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined));
  return {
    id,
    name,
    provider,
    providerSlug,
    tier,
    input,
    output,
    contextTokens,
    quality,
    status,
    useCases,
    ...present,
  };
}

/** The status filter the rankings take (status=current by default): the site's headline, table and chart show this pool. */
export type StatusFilter = 'current' | 'legacy' | 'all';
export const STATUS_CHOICES: readonly StatusFilter[] = ['current', 'legacy', 'all'];

export const inPool = (m: Pick<SiteModel, 'status'>, status: StatusFilter) => status === 'all' || m.status === status;

/**
 * The query of /api/recommend?frontier=true for this workload, use case, status and sellers (the chart's
 * claim links to it): every workload field given, as the calculator's fields name them.
 */
export function frontierQuery(
  w: Workload,
  useCase: string | undefined,
  status: StatusFilter,
  sellers?: string,
  region?: string,
): string {
  const q = new URLSearchParams({
    frontier: 'true',
    sort: 'cost',
    limit: '10',
    input_tokens: String(w.inputTokens),
    output_tokens: String(w.outputTokens),
    requests: String(w.requests),
    days: String(w.days),
  });
  if (w.mode !== 'standard') q.set('mode', w.mode);
  if (w.cachedInputTokens) q.set('cached_input_tokens', String(w.cachedInputTokens));
  if (w.cacheWriteTokens) q.set('cache_write_tokens', String(w.cacheWriteTokens));
  if (w.serviceTier && w.serviceTier !== 'standard') q.set('service_tier', w.serviceTier);
  if (w.timeOfDay && 'offPeakPercent' in w.timeOfDay && w.timeOfDay.offPeakPercent)
    q.set('off_peak_share', String(w.timeOfDay.offPeakPercent));
  for (const [name, value] of Object.entries(partsParams(w))) q.set(name, String(value));
  if (useCase) q.set('use_case', useCase);
  if (status !== 'current') q.set('status', status);
  // The calculator's seller choice is the API's sellers=; unset, each model's own door.
  if (sellers) q.set('sellers', sellers);
  if (region) q.set('region', region);
  return q.toString();
}

/** The cost engine reads only fields SiteModel carries (a test holds it to the API's costs). */
const asModel = (m: SiteModel) => m as Model;

export interface Priced<M extends SiteModel = SiteModel> {
  model: M;
  monthly: Usd;
  /** Why the headline, the table and the chart leave the model out; undefined when it is in. */
  exclusion: Exclusion | undefined;
  /** The long-context band the workload is billed in, when not the standard one (its prices are not the row's). */
  band?: BandPrices | undefined;
}

export function priceAll<M extends SiteModel>(models: readonly M[], w: Workload): Array<Priced<M>> {
  const used = unpricedCandidates(w);
  return models.map((model) => {
    const sheets = buildSheets(asModel(model));
    return {
      model,
      monthly: monthlyCost(asModel(model), w, sheets).monthly,
      // As the rankings leave them out: the fit rules, then a modality it does not (or is not known to) take, or a unit it has no price for.
      // A service tier the model is not sold on leaves it out too, as cheapest does by default.
      exclusion:
        exclusionOf(model, w.inputTokens, w.outputTokens, false) ??
        partsExclusion(asModel(model), sheets.bands[0]?.billedAs ?? [], w, used) ??
        (sellsTier(sheets, w) ? undefined : 'service_tier_not_offered'),
      band: longContextBand(sheets, w),
    };
  });
}

/** A model the table hides: the provider would refuse the request (too large, or a modality it does not take). */
export const hidden = (p: Priced) =>
  p.exclusion === 'context_window' || p.exclusion === 'max_output' || p.exclusion === 'modality';

const n = (v: number) => v.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

export function workloadText(w: Workload): string {
  const e = w.extras ?? {};
  const input = [
    w.cachedInputTokens ? `${n(w.cachedInputTokens)} cached` : '',
    w.cacheWriteTokens ? `${n(w.cacheWriteTokens)} written to the cache` : '',
    ...inputPartsText(e),
  ]
    .filter(Boolean)
    .join(', ');
  const output = outputPartsText(e).join(', ');
  const tier = w.serviceTier && w.serviceTier !== 'standard' ? `, ${w.serviceTier} tier` : '';
  const offPeak = w.timeOfDay && 'offPeakPercent' in w.timeOfDay ? `, ${w.timeOfDay.offPeakPercent}% off-peak` : '';
  return (
    `${n(w.inputTokens)} input${input ? ` (${input})` : ''} + ${n(w.outputTokens)} output${output ? ` (${output})` : ''} tokens${searchesText(e)}` +
    ` × ${n(w.requests)} requests a day × ${w.days} days (${w.mode}${tier}${offPeak})`
  );
}

/** Counts of the models left out, by reason, in the order they are named. */
export function leftOut(priced: readonly Priced[]): Map<Exclusion, number> {
  const counts = new Map<Exclusion, number>();
  for (const reason of WORKLOAD_EXCLUSIONS) {
    const count = priced.filter((p) => p.exclusion === reason).length;
    if (count) counts.set(reason, count);
  }
  return counts;
}

const WHY: Record<Exclusion, (count: number) => string> = {
  modality: (c) =>
    `${plural(c, 'model', 'models')} on record as not taking or giving this workload's audio, image or video`,
  modality_unknown: (c) =>
    `${plural(c, 'model', 'models')} not known to take or give this workload's audio, image or video`,
  unit_unpriced: (c) => `${plural(c, 'model', 'models')} with no price on record for this workload's web searches`,
  context_window: (c) =>
    `${plural(c, 'model whose', 'models whose')} context window cannot take input + output tokens this large`,
  max_output: (c) =>
    `${plural(c, 'model that returns', 'models that return')} fewer output tokens than this in one answer`,
  service_tier_not_offered: (c) => `${plural(c, 'model', 'models')} not sold on the service tier asked`,
  free_tier_only: (c) =>
    `${plural(c, 'model', 'models')} served only on a free, rate-limited tier (its $0 is not capacity anyone can buy)`,
  unrated: (c) => `${plural(c, 'model', 'models')} with no benchmark result for this use case (unrated)`,
  region_unknown: (c) => `${plural(c, 'model', 'models')} no door of which is known to serve the region asked`,
  not_in_region: (c) => `${plural(c, 'model', 'models')} whose sellers serve other regions only`,
};

/** "2 models whose … and 1 model served only …", or '' when none. */
export function whyText(counts: ReadonlyMap<Exclusion, number>, only?: readonly Exclusion[]): string {
  const parts = [...counts].filter(([e]) => !only || only.includes(e)).map(([e, c]) => WHY[e](c));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The headline (HTML): the cheapest current model that can run the workload, and what was left
 * out, as /api/cheapest answers by default (current models; legacy ones are in the table).
 */
export function headlineHtml(all: readonly Priced[], w: Workload, status: StatusFilter = 'current'): string {
  const priced = all.filter((p) => inPool(p.model, status));
  let best: Priced | undefined;
  // Cheapest first, ties as /api/cheapest breaks them (current first, then id).
  const before = (a: Priced, b: Priced) =>
    a.monthly.nanos < b.monthly.nanos || (a.monthly.nanos === b.monthly.nanos && compareTies(a.model, b.model) < 0);
  for (const p of priced) if (!p.exclusion && (!best || before(p, best))) best = p;
  const counts = leftOut(priced);
  const why = whyText(counts);
  const left = why ? ` Left out: ${escapeHtml(why)}.` : '';
  if (!best) return `No model in the catalogue can run ${escapeHtml(workloadText(w))}.${left}`;
  const link = `<a href="${escapeHtml(modelPagePath(best.model.id))}">${escapeHtml(best.model.name)}</a>`;
  // With the calculator's seller choice, the door the model is priced at; a price
  // that does not last says so: "(its price rises 100% on 2027-01-01)".
  const seller = (best as { sellerName?: string }).sellerName;
  const change = best.model.priceChange ? ` (its price ${escapeHtml(best.model.priceChange)})` : '';
  return `Cheapest for ${escapeHtml(workloadText(w))}: ${link}${seller ? ` at ${escapeHtml(seller)}` : ''} at ${displayUsd(best.monthly)} a month${change}.${left}`;
}

/** The line above the table: which rows are hidden because the models cannot run the workload. */
export function tableNoteText(priced: readonly Priced[]): string {
  const counts = leftOut(priced);
  const reasons: Exclusion[] = ['context_window', 'max_output', 'modality'];
  if (!reasons.some((r) => counts.get(r))) return '';
  return `Hidden: ${whyText(counts, reasons)}; the provider would refuse the request.`;
}

/**
 * The Monthly cost cell: a price, or "free tier only" where $0 is not a price anyone can pay; a cost
 * billed in a long-context band names that band's prices, as the row's are the standard ones.
 */
export function monthlyCell(p: Priced & { prices?: object }): { text: string; sort: string } {
  const band = p.band ? ` (long-context $${p.band.input} / $${p.band.output})` : '';
  // A cost at another seller's door (prices set by the site's doors) is that door's, whatever the record's free tier.
  return {
    text: p.model.freeTierOnly && !p.prices ? 'free tier only' : `${displayUsd(p.monthly)}${band}`,
    sort: p.monthly.nanos.toString(),
  };
}
