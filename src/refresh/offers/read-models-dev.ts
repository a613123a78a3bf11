/** models.dev's provider entries (`models-dev-offers.json` of ../shared/reference/hosts) as raw doors. */
import { perMillion, pricesOf, tokens, type RawDoor } from './raw-door.js';

interface Entry {
  host?: unknown;
  hostModelId?: unknown;
  base_model?: unknown;
  cost?: { input?: unknown; output?: unknown; cache_read?: unknown; cache_write?: unknown };
  limit?: { context?: unknown; output?: unknown };
  modalities?: { output?: unknown };
}

/** Every entry that outputs text, as a door; an entry without `cost` keeps no prices (unknown, not free). */
export function readModelsDevOffers(json: unknown, label: string, date: string, rank: number): RawDoor[] {
  const offers = (json as { offers?: unknown }).offers;
  if (!Array.isArray(offers)) throw new Error('models.dev offers: no "offers" list');
  const doors: RawDoor[] = [];
  for (const entry of offers as Entry[]) {
    if (typeof entry.host !== 'string' || typeof entry.hostModelId !== 'string') continue;
    const outputs = entry.modalities?.output;
    if (Array.isArray(outputs) && !(outputs.length === 1 && outputs[0] === 'text')) continue;
    const cost = entry.cost;
    const prices = cost ? pricesOf(perMillion(cost.input), perMillion(cost.output), perMillion(cost.cache_read), perMillion(cost.cache_write)) : undefined;
    const contextTokens = tokens(entry.limit?.context);
    const maxOutputTokens = tokens(entry.limit?.output);
    doors.push({
      sellerAlias: entry.host,
      sellerModelId: entry.hostModelId,
      ...(typeof entry.base_model === 'string' ? { baseModel: entry.base_model } : {}),
      ...(prices ? { prices } : {}),
      ...(contextTokens ? { contextTokens } : {}),
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
      source: label,
      date,
      rank,
    });
  }
  return doors;
}
