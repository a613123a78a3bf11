/**
 * The sources the refresh reads: each format's reader, label, and public URL. A new source is a
 * reader (json -> SourceEntry[]) in this folder and a row here.
 */
import { GarbageError, type Format, type SourceEntry } from '../entry.js';
import { readGenaiPrices } from './genai-prices.js';
import { readLitellm } from './litellm.js';
import { readModelsDev } from './models-dev.js';
import { readOpenRouter } from './openrouter.js';

interface SourceKind {
  /** How the report and provenance name it. */
  label: string;
  url: string;
  read: (json: unknown, today: string) => SourceEntry[];
}

/** In the order a run without source arguments reads them (precedence between them: FORMATS). */
export const SOURCE_KINDS: Record<Format, SourceKind> = {
  'models.dev': { label: 'models.dev', url: 'https://models.dev/api.json', read: readModelsDev },
  litellm: {
    label: 'litellm',
    url: 'https://raw.githubusercontent.com/BerriAI/litellm/main/model_prices_and_context_window.json',
    read: readLitellm,
  },
  openrouter: { label: 'OpenRouter', url: 'https://openrouter.ai/api/v1/models', read: readOpenRouter },
  'genai-prices': {
    label: 'genai-prices',
    url: 'https://raw.githubusercontent.com/pydantic/genai-prices/main/prices/new_data/v2/data.json',
    read: readGenaiPrices,
  },
};

/** The entries of one source; a GarbageError when it is not that format or lists none of our models. */
export function readSource(format: Format, json: unknown, { today }: { today: string }): SourceEntry[] {
  const entries = SOURCE_KINDS[format].read(json, today);
  if (entries.length === 0) throw new GarbageError('no priced text model of our ten providers in it');
  return entries;
}
