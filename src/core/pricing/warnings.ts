/** What a cost record warns about before anyone acts on it: each a code and a sentence. */
import type { Model } from '../schema/catalogue-schema.js';
import type { Workload } from './cost.js';
import type { Prices } from './history.js';
import { fitMessage, fitProblem } from './fit.js';
import { buildSheets, standardPricedUnits, type ModelSheets } from './price-sheet.js';
import { leafCounts } from './quantities.js';
import { MODALITY_FIELDS, takesModality } from './problems.js';
import { select } from './select.js';
import { U } from '../schema/units.js';

export interface Warning {
  code:
    | 'context_window'
    | 'max_output'
    | 'free_tier_only'
    | 'no_batch_discount'
    | 'service_tier_not_offered'
    | 'tier_unit_price'
    | 'modality_text_price'
    | 'modality_unknown'
    | 'unit_unpriced'
    | 'price_change_scheduled'
    | 'cache_ttl_unpriced';
  message: string;
  /** price_change_scheduled: the day, the new prices (USD per 1M tokens), percent per price, source. */
  change?: { date: string; to: Prices; percent: { [K in keyof Prices]?: number }; source: string };
}

/**
 * The warnings of pricing this workload on this model: the request does not fit (the provider
 * would refuse it), the model is served only on a free tier (its $0 is no capacity to buy), or
 * batch was asked of a provider with no batch discount on record (billed at standard rates); and
 * what the newer units were billed at when not at a price of their own (unitWarnings).
 */
export function costWarnings(model: Model, workload: Workload, sheets?: ModelSheets): Warning[] {
  const warnings: Warning[] = [];
  const problem = fitProblem(model, workload.inputTokens, workload.outputTokens);
  if (problem)
    warnings.push({ code: problem, message: fitMessage(model, problem, workload.inputTokens, workload.outputTokens) });
  if (model.freeTierOnly) {
    warnings.push({
      code: 'free_tier_only',
      message: `${model.provider} serves ${model.name} only on a free, rate-limited tier: its $0 is not capacity you can buy for this workload.`,
    });
  }
  if (workload.mode === 'batch' && !model.batch) {
    warnings.push({
      code: 'no_batch_discount',
      message: `${sellerName(model)} has no batch API with a published discount on record for ${model.name}: batch is priced at standard rates.`,
    });
  }
  if (workload.cacheTtl === '1h' && (leafCounts(workload)[U.cacheWrite1h] as number) > 0) {
    const sheet = (sheets ?? buildSheets(model)).bands[0];
    if (sheet && sheet.billedAs[U.cacheWrite1h] !== U.cacheWrite1h) {
      warnings.push({
        code: 'cache_ttl_unpriced',
        message: `${sellerName(model)} publishes no 1-hour cache-write price for ${model.name} on record: those writes are billed at the ${sheet.billedAs[U.cacheWrite1h] === U.input ? 'input' : 'nearest published'} price, which may be less than the seller charges.`,
      });
    }
  }
  if (workload.serviceTier !== undefined && workload.serviceTier !== 'standard')
    warnings.push(...tierWarnings(model, workload, sheets ?? buildSheets(model)));
  if (workload.extras) warnings.push(...unitWarnings(model, workload));
  return warnings;
}

/** A tier the model does not sell (or not for this request's band), or a unit the tier publishes no price for. */
function tierWarnings(model: Model, w: Workload, sheets: ModelSheets): Warning[] {
  const tier = w.serviceTier as Exclude<typeof w.serviceTier, 'standard' | undefined>;
  const sheet = sheets.tiers[tier];
  if (!sheet) {
    return [
      {
        code: 'service_tier_not_offered',
        message: `${model.provider} sells no ${tier} service tier for ${model.name} on record: priced at standard rates.`,
      },
    ];
  }
  const { band } = select(sheets, w, w.inputTokens);
  if (band > 0) {
    return [
      {
        code: 'service_tier_not_offered',
        message: `${model.provider} publishes no ${tier} prices for ${model.name}'s long-context band (${(sheets.bands[band] as { name: string }).name}): priced at that band's standard rates.`,
      },
    ];
  }
  const units = standardPricedUnits(sheet, leafCounts(w));
  if (units.length === 0) return [];
  return [
    {
      code: 'tier_unit_price',
      message: `${model.provider} publishes no ${tier} price for ${model.name}'s ${units.map((u) => UNIT_WORDS[u]).join(', ')}: billed at the standard price.`,
    },
  ];
}

const UNIT_WORDS: Record<number, string> = {
  [U.cachedInput]: 'cache reads',
  [U.cachedInputAudio]: 'cached audio input',
  [U.cacheWrite5m]: 'cache writes',
  [U.cacheWrite1h]: '1-hour cache writes',
  [U.inputAudio]: 'audio input',
  [U.inputImage]: 'image input',
  [U.inputVideo]: 'video input',
  [U.outputReasoning]: 'reasoning output',
  [U.outputAudio]: 'audio output',
  [U.outputImage]: 'image output',
  [U.outputVideo]: 'video output',
  [U.webSearches]: 'web searches',
};

/** Modality tokens billed at the text price (the model publishes none of its own, or no source says it takes them), and searches with no price. */
function unitWarnings(model: Model, w: Workload): Warning[] {
  const x = w.extras ?? {};
  const warnings: Warning[] = [];
  const seen = new Set<string>();
  for (const { field, modality, direction, price } of MODALITY_FIELDS) {
    const key = `${modality} ${direction}`;
    if ((x[field] ?? 0) === 0 || seen.has(key)) continue;
    seen.add(key);
    const takes = takesModality(model, modality, direction);
    if (takes === undefined) {
      warnings.push({
        code: 'modality_unknown',
        message: `No source on record says whether ${model.name} takes ${key}: priced at its text ${direction} price.`,
      });
    } else if (takes && model.unitPrices?.[price] === undefined) {
      warnings.push({
        code: 'modality_text_price',
        message: `${model.provider} publishes no separate ${key} price for ${model.name}: priced at its text ${direction} price.`,
      });
    }
  }
  if ((x.webSearches ?? 0) > 0 && model.unitPrices?.webSearches === undefined) {
    warnings.push({
      code: 'unit_unpriced',
      message: `No web-search price is on record for ${model.name}: the searches are not in the cost.`,
    });
  }
  return warnings;
}

/**
 * Who sells at the record's prices: its provider, or for a record priced at another seller's door
 * (a reference door, or a door `<model-id>@<seller>`) that seller, as its priceSource names it.
 */
function sellerName(model: Model): string {
  const door =
    model.id.includes('@') || (model.referenceDoor !== undefined && model.referenceDoor.seller !== model.providerSlug);
  const named = /^(.+?)'s price\b/.exec(model.priceSource)?.[1];
  return door && named ? named : model.provider;
}
