/** models.dev's provider entries (`models-dev-offers.json` of ../shared/reference/hosts) as raw doors. */
import type { Modality } from '../../core/schema/catalogue-schema.js';
import { perMillion, pricesOf, tokens, type RawDoor } from './raw-door.js';

interface Entry {
  host?: unknown;
  hostModelId?: unknown;
  base_model?: unknown;
  cost?: { input?: unknown; output?: unknown; cache_read?: unknown; cache_write?: unknown };
  limit?: { context?: unknown; output?: unknown };
  modalities?: { input?: unknown; output?: unknown };
}

const MODALITY_OF: Record<string, Modality> = {
  text: 'text',
  image: 'image',
  pdf: 'image',
  audio: 'audio',
  video: 'video',
};

/** models.dev's modality list as the catalogue's (pdf read as image, as the catalogue's refresh does); undefined when unreadable. */
function modalityList(value: unknown): Modality[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = [
    ...new Set(value.flatMap((v) => (typeof v === 'string' && MODALITY_OF[v] ? [MODALITY_OF[v] as Modality] : []))),
  ];
  return list.length ? list : undefined;
}

/** Every entry that outputs text, as a door; an entry without `cost` keeps no prices (unknown, not free). */
export function readModelsDevOffers(json: unknown, label: string, date: string, rank: number): RawDoor[] {
  const offers = (json as { offers?: unknown }).offers;
  // The seller's own page models.dev names for it (its provider.toml's doc): a door's page where no price source cites one.
  const providers = ((json as { providers?: unknown }).providers ?? {}) as Record<
    string,
    { doc?: unknown } | undefined
  >;
  if (!Array.isArray(offers)) throw new Error('models.dev offers: no "offers" list');
  const doors: RawDoor[] = [];
  for (const entry of offers as Entry[]) {
    if (typeof entry.host !== 'string' || typeof entry.hostModelId !== 'string') continue;
    const outputs = entry.modalities?.output;
    if (Array.isArray(outputs) && !(outputs.length === 1 && outputs[0] === 'text')) continue;
    const cost = entry.cost;
    const prices = cost
      ? pricesOf({
          input: perMillion(cost.input),
          output: perMillion(cost.output),
          cachedInput: perMillion(cost.cache_read),
          cacheWrite: perMillion(cost.cache_write),
        })
      : undefined;
    const contextTokens = tokens(entry.limit?.context);
    const maxOutputTokens = tokens(entry.limit?.output);
    const input = modalityList(entry.modalities?.input);
    const output = modalityList(entry.modalities?.output);
    const doc = providers[entry.host]?.doc;
    doors.push({
      sellerAlias: entry.host,
      sellerModelId: entry.hostModelId,
      ...(typeof entry.base_model === 'string' ? { baseModel: entry.base_model } : {}),
      ...(prices ? { prices } : {}),
      ...(contextTokens ? { contextTokens } : {}),
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
      ...(input && output ? { modalities: { input, output } } : {}),
      ...(typeof doc === 'string' && /^https?:\/\//.test(doc) ? { sourceUrl: doc } : {}),
      source: label,
      date,
      rank,
    });
  }
  return doors;
}
