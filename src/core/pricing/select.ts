/** Which sheets bill a request on a model: band by input size, service tier, and the off-peak share. */
import type { AppliedPrices } from './applied-prices.js';
import type { Workload } from './workload.js';
import type { ModelSheets, ServiceTier, Sheet } from './price-sheet.js';
import { isOffPeak, onWeekend } from './time-of-day.js';

export interface Selection {
  /** The sheet of the peak (or only) prices: the band's, or the tier's. */
  peak: Sheet;
  /** The band the request's input falls in (0: standard). */
  band: number;
  /** The service tier whose prices billed the request; undefined when none was asked. */
  tier: ServiceTier | undefined;
  off: Sheet | undefined;
  /** Percent of the requests billed at the off-peak sheet (0 for a model without one). */
  percent: number;
  day: Pick<AppliedPrices, 'day' | 'dayAssumed'>;
}

const NO_DAY: Selection['day'] = Object.freeze({});

/**
 * The band for a request of this many input tokens: the highest long-context step it reaches,
 * else standard. The one place the provider's rule applies: "above" needs more input tokens than
 * the threshold, "at" the threshold or more.
 */
function bandFor(ms: ModelSheets, inputTokens: number): number {
  const at = ms.fromThreshold;
  const { bands } = ms;
  for (let i = bands.length - 1; i > 0; i--) {
    const { threshold } = bands[i] as Sheet;
    if (at ? inputTokens >= threshold : inputTokens > threshold) return i;
  }
  return 0;
}

// One scratch selection: pricing is synchronous and reads it before the next call.
const scratch: Selection = {
  peak: undefined as unknown as Sheet,
  band: 0,
  tier: undefined,
  off: undefined,
  percent: 0,
  day: NO_DAY,
};

/**
 * The selection for the workload. The result is shared scratch, valid until the next call
 * (rankings select for every model of a catalogue on every request): copy what you keep.
 */
export function select(ms: ModelSheets, w: Workload, inputTokens: number): Selection {
  const band = bandFor(ms, inputTokens);
  let peak = ms.bands[band] as Sheet;
  let tier: ServiceTier | undefined = w.serviceTier;
  if (tier !== undefined && tier !== 'standard') {
    // A tier sheet prices the standard band only: a tier the model does not sell, or a request in a
    // long-context band, is billed at standard prices (a warning says so).
    const sheet = band === 0 ? ms.tiers[tier] : undefined;
    if (sheet) peak = sheet;
    else tier = 'standard';
  }
  let percent = 0;
  let day = NO_DAY;
  const off = ms.offPeak;
  const time = w.timeOfDay;
  const record = ms.offPeakRecord;
  if (off && record && time) {
    percent = 'offPeakPercent' in time ? time.offPeakPercent : isOffPeak(record, time) ? 100 : 0;
    const weekends = record.weekends;
    if (weekends && 'utcSecond' in time) day = DAY_ASSUMED;
    if (weekends && 'instantMs' in time) day = onWeekend(time.instantMs, weekends) ? WEEKEND : WEEKDAY;
  }
  scratch.peak = peak;
  scratch.band = band;
  scratch.tier = tier;
  scratch.off = off;
  scratch.percent = percent;
  scratch.day = day;
  return scratch;
}

const DAY_ASSUMED: Selection['day'] = Object.freeze({ day: 'weekday', dayAssumed: true });
const WEEKEND: Selection['day'] = Object.freeze({ day: 'weekend' });
const WEEKDAY: Selection['day'] = Object.freeze({ day: 'weekday' });

/**
 * Whether the service tier the workload asks is sold for it on the model: a tier sheet of its own,
 * and a prompt in the standard band (a tier sheet prices that band only). True for standard.
 */
export function sellsTier(ms: ModelSheets, w: Workload): boolean {
  const tier = w.serviceTier;
  if (tier === undefined || tier === 'standard') return true;
  return ms.tiers[tier] !== undefined && bandFor(ms, w.inputTokens) === 0;
}
