/**
 * genai-prices providers (the npm package's `findProvider` shape) as raw doors: each model's API
 * id (its `equals` match, else its id) and the price set in force on the data's date.
 */
import { perMillion, pricesOf, tokens, type RawDoor } from './raw-door.js';

interface PriceSet {
  input_mtok?: unknown;
  output_mtok?: unknown;
  cache_read_mtok?: unknown;
  cache_write_mtok?: unknown;
  cache_write_1h_mtok?: unknown;
}
interface Model {
  id?: unknown;
  match?: { equals?: unknown };
  context_window?: unknown;
  prices?: unknown;
  deprecated?: unknown;
}
interface Provider {
  id?: unknown;
  pricing_urls?: unknown;
  models?: unknown;
}

/** A flat price, or a tiered price's base. */
function flat(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && 'base' in value)
    return perMillion((value as { base: unknown }).base);
  return perMillion(value);
}

/**
 * The set in force on `date`: the latest dated set not after it, with the day it took effect where
 * the data dates it (an undated set has none: its day is only the data's); sets for a time of day are not a door's price.
 */
function setOn(prices: unknown, date: string): { set: PriceSet; from?: string } | undefined {
  if (!Array.isArray(prices))
    return typeof prices === 'object' && prices !== null ? { set: prices as PriceSet } : undefined;
  let best: { from: string; set: PriceSet } | undefined;
  for (const item of prices as Array<{
    constraint?: { start_date?: unknown; start_time?: unknown };
    prices?: PriceSet;
  }>) {
    if (item.constraint?.start_time !== undefined || !item.prices) continue;
    const from = typeof item.constraint?.start_date === 'string' ? item.constraint.start_date.slice(0, 10) : '';
    if (from > date) continue;
    if (!best || from >= best.from) best = { from, set: item.prices };
  }
  return best && (best.from ? { set: best.set, from: best.from } : { set: best.set });
}

export function readGenaiPrices(providers: readonly unknown[], label: string, date: string, rank: number): RawDoor[] {
  const doors: RawDoor[] = [];
  for (const p of providers as Provider[]) {
    if (typeof p?.id !== 'string' || !Array.isArray(p.models)) continue;
    const sourceUrl =
      Array.isArray(p.pricing_urls) && typeof p.pricing_urls[0] === 'string' ? p.pricing_urls[0] : undefined;
    for (const m of p.models as Model[]) {
      if (typeof m.id !== 'string' || m.deprecated === true) continue;
      const apiId = typeof m.match?.equals === 'string' ? m.match.equals : m.id;
      if (apiId.includes(':free')) continue;
      const found = setOn(m.prices, date);
      const set = found?.set;
      const prices = set
        ? pricesOf({
            input: flat(set.input_mtok),
            output: flat(set.output_mtok),
            cachedInput: flat(set.cache_read_mtok),
            cacheWrite: flat(set.cache_write_mtok),
            cacheWrite1h: flat(set.cache_write_1h_mtok),
          })
        : undefined;
      const contextTokens = tokens(m.context_window);
      doors.push({
        sellerAlias: p.id,
        sellerModelId: apiId,
        ...(prices ? { prices } : {}),
        ...(contextTokens ? { contextTokens } : {}),
        ...(sourceUrl ? { sourceUrl } : {}),
        ...(prices && found?.from ? { effectiveFrom: found.from } : {}),
        source: label,
        date,
        rank,
      });
    }
  }
  return doors;
}
