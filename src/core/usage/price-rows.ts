/**
 * Usage rows priced with the engine (the one /api/calculate uses): each row as a single request of
 * its totals, at the prices in force on its date, at today's, and on each target. Per-request
 * fees are charged for the row's requests where the export counts them; the long-context band is
 * picked by the input per request (or the export's own window), never by a day's total.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { U, UNIT_COUNT, UNPRICED } from '../schema/units.js';
import { costInto, newRequestCost, roundedNanos } from '../pricing/cost.js';
import { modelOn, priceChanges, priceTimeline } from '../pricing/history.js';
import { buildSheets, SERVICE_TIERS, unitKey, type ModelSheets, type ServiceTier } from '../pricing/price-sheet.js';
import { quantitiesFromCounts, type Quantities } from '../pricing/quantities.js';
import type { Mode, Workload } from '../pricing/workload.js';
import { LONG_CONTEXT_INPUT } from './anthropic.js';
import type { UsageRow } from './rows.js';

/** A model priced on a day, and what to say about that day. */
export interface PricedOn {
  sheets: ModelSheets;
  /** The first day of the price set used. */
  pricesFrom: string | null;
  /** The row is older than any price on record: priced at the earliest known. */
  beforeFirstPrice?: string;
}

/** Sheets per model and price set, built once per answer; and each model's price changes. */
export class SheetCache {
  private readonly onDay = new Map<string, PricedOn>();
  private readonly bySet = new Map<string, ModelSheets>();
  private readonly changes = new Map<Model, string[]>();
  on(model: Model, date: string): PricedOn {
    const key = `${model.id}\u0000${date}`;
    const hit = this.onDay.get(key);
    if (hit) return hit;
    let found = modelOn(model, date);
    let before: string | undefined;
    if (found.kind !== 'priced') {
      // Older than any price on record: the earliest known, flagged.
      before = priceTimeline(model)[0]?.effectiveFrom ?? model.checkedOn;
      found = modelOn(model, before);
    }
    const priced = found.kind === 'priced' ? found : { model, set: { effectiveFrom: model.checkedOn } };
    const setKey = `${model.id}\u0000${priced.set.effectiveFrom}`;
    let sheets = this.bySet.get(setKey);
    if (!sheets) {
      sheets = buildSheets(priced.model);
      this.bySet.set(setKey, sheets);
    }
    const answer: PricedOn = {
      sheets,
      pricesFrom: priced.set.effectiveFrom,
      ...(before === undefined ? {} : { beforeFirstPrice: before }),
    };
    this.onDay.set(key, answer);
    return answer;
  }
  /** The first day a price change of the model takes effect inside (date, endDate], if any. */
  changeInside(model: Model, date: string, endDate: string | undefined): string | undefined {
    if (endDate === undefined) return undefined;
    let days = this.changes.get(model);
    if (!days) {
      days = priceChanges([model])
        .map((c) => c.date)
        .sort();
      this.changes.set(model, days);
    }
    return days.find((d) => d > date && d <= endDate);
  }
}

/** The row's leaf counts (the quantities' rule: cache reads, then writes, then audio, out of the input). */
export function rowCounts(r: UsageRow): number[] {
  const c = new Array<number>(UNIT_COUNT).fill(0);
  const cached = Math.min(r.cachedInputTokens, r.inputTokens);
  const w5 = Math.min(r.cacheWrite5mTokens, r.inputTokens - cached);
  const w1 = Math.min(r.cacheWrite1hTokens, r.inputTokens - cached - w5);
  const audioIn = Math.min(r.inputAudioTokens, r.inputTokens - cached - w5 - w1);
  c[U.cachedInput] = cached;
  c[U.cacheWrite5m] = w5;
  c[U.cacheWrite1h] = w1;
  c[U.inputAudio] = audioIn;
  c[U.input] = r.inputTokens - cached - w5 - w1 - audioIn;
  const reasoning = Math.min(r.reasoningTokens, r.outputTokens);
  const audioOut = Math.min(r.outputAudioTokens, r.outputTokens - reasoning);
  c[U.outputReasoning] = reasoning;
  c[U.outputAudio] = audioOut;
  c[U.output] = r.outputTokens - reasoning - audioOut;
  c[U.webSearches] = r.webSearches;
  c[U.requests] = r.requests ?? 0;
  return c;
}

/** A service tier as exports write it ("default", "auto": standard). */
export function tierOf(text: string | undefined): ServiceTier {
  const t = text?.toLowerCase();
  return (SERVICE_TIERS as readonly string[]).includes(t ?? '') ? (t as ServiceTier) : 'standard';
}

/** How a row is billed: mode, tier and the input per request that picks the band. */
export interface Billing {
  mode: Mode;
  serviceTier: ServiceTier;
}

export function rowBilling(r: UsageRow): Billing {
  return { mode: r.batch ? 'batch' : 'standard', serviceTier: tierOf(r.serviceTier) };
}

const scratch = newRequestCost();

/** The quantities of a row for one mode (batch and standard weigh alike; kept per mode for clarity). */
export function rowQuantities(r: UsageRow, counts: number[], mode: Mode): Quantities {
  const perRequest = r.longContext ? LONG_CONTEXT_INPUT : r.requests ? Math.floor(r.inputTokens / r.requests) : 0;
  return quantitiesFromCounts(counts, mode, perRequest);
}

/** The row's cost on these sheets, whole nano-dollars. */
export function rowNanos(sheets: ModelSheets, q: Quantities, b: Billing): bigint {
  const w: Workload = {
    inputTokens: q.inputTokens,
    outputTokens: 0,
    requests: 1,
    days: 1,
    mode: b.mode,
    serviceTier: b.serviceTier,
  };
  return roundedNanos(costInto(scratch, sheets, q, w), sheets.digits);
}

/** The units the row uses that the sheets have no price for (they would be billed as 0). */
export function unpricedUnits(sheets: ModelSheets, counts: readonly number[]): string[] {
  const standard = sheets.bands[0];
  const out: string[] = [];
  if (!standard) return out;
  for (let u = 0; u < UNIT_COUNT; u++)
    if ((counts[u] as number) > 0 && standard.billedAs[u] === UNPRICED) out.push(unitKey(u));
  return out;
}
