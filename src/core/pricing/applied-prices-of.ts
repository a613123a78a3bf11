/** appliedPrices: which prices a workload is billed at on a model; the cost is made of exactly these. */
import type { Model } from '../schema/catalogue-schema.js';
import { STREAMING_MARGIN, type AppliedPrices, type AppliedUnit } from './applied-prices.js';
import type { Workload } from './workload.js';
import { buildSheets, standardPricedUnits, unitKey, type ModelSheets } from './price-sheet.js';
import { leafCounts } from './quantities.js';
import { select } from './select.js';
import { describeOffPeak } from './time-of-day.js';
import { U, UNITS, UNPRICED } from '../schema/units.js';

export type { AppliedPrices };

/** The units listed in `units` (text input, output, cache use and reasoning have their own fields). */
const LISTED = [
  U.inputAudio,
  U.cachedInputAudio,
  U.inputImage,
  U.inputVideo,
  U.outputAudio,
  U.outputImage,
  U.outputVideo,
  U.webSearches,
  U.requests,
];

export function appliedPrices(
  model: Model,
  workload: Workload,
  sheets: ModelSheets = buildSheets(model),
): AppliedPrices {
  const counts = leafCounts(workload);
  const s = select(sheets, workload, workload.inputTokens);
  const { peak, off, percent, day } = s;
  const cached = (counts[U.cachedInput] as number) + (counts[U.cachedInputAudio] as number) > 0;
  const ttl = workload.cacheTtl ?? '5m';
  const writeUnit = ttl === '1h' ? U.cacheWrite1h : U.cacheWrite5m;
  const written = (counts[writeUnit] as number) > 0;
  const applied: AppliedPrices = {
    band: (sheets.bands[s.band] as { name: string }).name,
    input: peak.usd[U.input] as number,
    output: peak.usd[U.output] as number,
  };
  if (cached) applied.cachedInput = peak.usd[U.cachedInput] as number;
  if (written) {
    applied.cacheWrite = peak.usd[writeUnit] as number;
    applied.cacheTtl = ttl;
    if (peak.billedAs[writeUnit] !== writeUnit) applied.cacheWriteAsInput = true;
  }
  if (workload.mode === 'batch' && model.batch)
    applied.batch = { discountPercent: model.batch.discountPercent, source: model.batch.source };
  if (workload.mode === 'streaming') applied.streamingMargin = STREAMING_MARGIN;
  if (off && model.offPeak) {
    applied.period = percent === 0 ? 'peak' : percent === 100 ? 'off-peak' : 'mixed';
    Object.assign(applied, day);
    if (percent > 0) {
      applied.offPeak = {
        input: off.usd[U.input] as number,
        output: off.usd[U.output] as number,
        ...(cached ? { cachedInput: off.usd[U.cachedInput] as number } : {}),
        ...(written && off.billedAs[writeUnit] !== writeUnit ? { cacheWrite: off.usd[U.input] as number } : {}),
        window: describeOffPeak(model.offPeak),
        percent,
      };
    }
  }
  if (s.tier !== undefined) applied.serviceTier = s.tier;
  const standardPriced = standardPricedUnits(peak, counts);
  if (standardPriced.length > 0) applied.standardPriced = standardPriced.map(unitKey);
  const reasoning = counts[U.outputReasoning] as number;
  if (reasoning > 0) {
    const own = peak.billedAs[U.outputReasoning] === U.outputReasoning;
    applied.reasoning = {
      tokens: reasoning,
      price: peak.usd[U.outputReasoning] as number,
      billedAs: own ? 'outputReasoning' : 'output',
    };
  }
  const units: AppliedUnit[] = [];
  for (const u of LISTED) {
    const quantity = counts[u] as number;
    const from = peak.billedAs[u] as number;
    // The request fee is a unit of every request, listed only where the model charges one.
    if (quantity === 0 || (u === U.requests && from === UNPRICED)) continue;
    const { per } = UNITS[u] as { per: number };
    units.push({
      unit: unitKey(u),
      quantity,
      price: peak.usd[u] as number,
      per,
      billedAs: from === UNPRICED ? 'unpriced' : unitKey(from),
    });
  }
  if (units.length > 0) applied.units = units;
  return applied;
}
