/**
 * genai-prices price sets: per 1M tokens (`input_mtok`, ...), each a number or { base, tiers:
 * [{ start, price }] } (the tier price applies when the request's input tokens are strictly above
 * `start`, as its engine computes). Here: a set's flat prices, its long-context bands and the
 * off-peak prices its daily windows give.
 */
import * as z from 'zod';
import type { LongContextRule } from '../../core/schema/catalogue-schema.js';
import {
  EXTRA_PRICE_FIELDS,
  GarbageError,
  type Band,
  type OffPeak,
  type PriceField,
  type Prices,
  type UnitPriceField,
} from '../entry.js';
import { scaledPrice } from '../units.js';

const tiered = z.looseObject({
  base: z.unknown().optional(),
  tiers: z
    .array(z.looseObject({ start: z.number(), price: z.unknown().optional() }))
    .optional()
    .catch(undefined),
});
export const priceSetSchema = z.record(z.string(), z.union([tiered, z.unknown()]));
export type PriceSet = z.infer<typeof priceSetSchema>;

/** genai-prices key of each catalogue price field. */
const KEYS: Record<PriceField, string> = {
  input: 'input_mtok',
  output: 'output_mtok',
  cachedInput: 'cache_read_mtok',
  cacheWrite: 'cache_write_mtok',
  cacheWrite1h: 'cache_write_1h_mtok',
};

/** genai-prices key of each unit price (a record's `unitPrices` field). */
const UNIT_KEYS: Record<UnitPriceField, string> = {
  inputAudio: 'input_audio_mtok',
  cachedInputAudio: 'cache_audio_read_mtok',
  outputAudio: 'output_audio_mtok',
  inputImage: 'input_image_mtok',
  outputImage: 'output_image_mtok',
  inputVideo: 'input_video_mtok',
  outputVideo: 'output_video_mtok',
  outputReasoning: 'output_reasoning_mtok',
  webSearches: 'web_searches_kcount',
  requests: 'requests_kcount',
};

const asTiered = (v: unknown) => {
  const t = tiered.safeParse(v);
  return t.success ? t.data : undefined;
};
const base = (v: unknown) => scaledPrice(asTiered(v)?.base ?? v);

/** The flat prices of one price set (input or output undefined when it has none); an empty set is free of charge (its engine prices it at 0). */
export function flat(p: PriceSet): Partial<Prices> {
  if (Object.keys(p).length === 0) return { input: 0, output: 0, cachedInput: 0 };
  const out: Partial<Prices> = {};
  const input = base(p[KEYS.input]);
  const output = base(p[KEYS.output]);
  if (input !== undefined) out.input = input;
  if (output !== undefined) out.output = output;
  for (const field of EXTRA_PRICE_FIELDS) {
    const v = base(p[KEYS[field]]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/** The unit prices of one price set (their base price: the catalogue holds a unit's price for the standard band). */
export function unitPricesOf(p: PriceSet): Partial<Record<UnitPriceField, number>> {
  const out: Partial<Record<UnitPriceField, number>> = {};
  for (const [field, key] of Object.entries(UNIT_KEYS) as Array<[UnitPriceField, string]>) {
    const v = base(p[key]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/**
 * Long-context bands of one price set: a start of 199999 / 271999 means "from 200000 / 272000 on"
 * (the provider bills at the threshold, rule "at"); a round start means "above it" (rule "above").
 */
export function bands(p: PriceSet): { rule?: LongContextRule; steps: Band[] } {
  const tiers = asTiered(p[KEYS.input])?.tiers;
  if (!tiers || tiers.length === 0) return { steps: [] };
  const priceAt = (v: unknown, start: number) => scaledPrice(asTiered(v)?.tiers?.find((t) => t.start === start)?.price);
  const starts = tiers.map((t) => t.start).sort((a, b) => a - b);
  const rule: LongContextRule = ((starts[0] ?? 0) + 1) % 1000 === 0 ? 'at' : 'above';
  const steps = starts.map((start) => {
    // A band without its own input price is not one the catalogue can hold: as before, left as the source gives it.
    const step = {
      threshold: rule === 'at' ? start + 1 : start,
      input: priceAt(p[KEYS.input], start),
      output: priceAt(p[KEYS.output], start) ?? base(p[KEYS.output]),
    } as Band;
    for (const field of EXTRA_PRICE_FIELDS) {
      const v = priceAt(p[KEYS[field]], start);
      if (v !== undefined) step[field] = v;
    }
    return step;
  });
  return { rule, steps };
}

type Span = [number, number];
const minutes = (t: unknown): number => {
  const m = /^(\d{2}):(\d{2})/.exec(String(t));
  if (!m) throw new GarbageError(`time of day ${JSON.stringify(t)} is not HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]);
};
const hhmm = (n: number) => `${String(Math.floor(n / 60) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
const length = ([s, e]: Span) => (e - s + 1440) % 1440;

/** The parts of the day outside the given windows, as [start, end] minute pairs. */
function complement(windows: Span[]): Span[] {
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  return sorted.map((w, i): Span => [w[1], (sorted[(i + 1) % sorted.length] as Span)[0]]).filter((w) => length(w) > 0);
}

export interface DailyWindow {
  prices: PriceSet;
  constraint: { start_time?: unknown; end_time?: unknown };
}

/**
 * Peak / off-peak from daily windows: the cheaper of the window price and the day's other price is
 * the off-peak one. Returns the peak prices and `offPeak` with its window (startUtc, endUtc), or
 * its windows (longest first) when there are several.
 */
export function timeOfDay(
  inForce: Prices,
  windows: [DailyWindow, ...DailyWindow[]],
): { peak: Partial<Prices>; offPeak: OffPeak } {
  const windowPrices = flat(windows[0].prices);
  const spans = windows.map((w): Span => [minutes(w.constraint.start_time), minutes(w.constraint.end_time)]);
  const windowsArePeak = (windowPrices.input ?? 0) > inForce.input;
  const peak = windowsArePeak ? windowPrices : inForce;
  const cheap = windowsArePeak ? inForce : windowPrices;
  const offSpans = (windowsArePeak ? complement(spans) : spans).sort((a, b) => length(b) - length(a));
  // The schema's refinements need a window or windows: the one or several spans set below.
  const offPeak = { input: cheap.input, output: cheap.output } as OffPeak;
  if (cheap.cachedInput !== undefined) offPeak.cachedInput = cheap.cachedInput;
  const utc = offSpans.map(([s, e]) => ({ startUtc: hhmm(s), endUtc: hhmm(e) }));
  if (utc.length === 1 && utc[0]) Object.assign(offPeak, utc[0]);
  else offPeak.windows = utc;
  return { peak, offPeak };
}

/** Time zones genai-prices names in words, as the fixed UTC offsets they keep (no daylight saving). */
const ZONES: Record<string, string> = { 'beijing time': '+08:00' };

/**
 * Weekend off-peak prices, which genai-prices' format cannot hold and its comment states instead:
 * "from 2026-08-23 Deepseek bills off-peak all day at weekends (Beijing time)".
 */
export function weekendsOf(comment: unknown): OffPeak['weekends'] {
  const m = /from (\d{4}-\d{2}-\d{2}) \S+ bills off-peak all day at weekends \(([^)]+)\)/i.exec(String(comment ?? ''));
  const utcOffset = m?.[2] ? ZONES[m[2].toLowerCase()] : undefined;
  return m?.[1] && utcOffset ? { utcOffset, since: m[1] } : undefined;
}
