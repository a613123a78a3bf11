// One public price list read into the refresh's entries, by its format: models.dev, litellm and
// OpenRouter (scripts/catalog-sources.mjs) or genai-prices (scripts/catalog-sources-genai.mjs).
import { GarbageError, readLitellm, readModelsDev, readOpenRouter } from './catalog-sources.mjs';
import { readGenaiPrices } from './catalog-sources-genai.mjs';

export const FORMATS = ['models.dev', 'litellm', 'openrouter', 'genai-prices'];

/** The entries of one source; a GarbageError when it is not that format or lists none of our models. */
export function readSource(format, json, { today } = {}) {
  const entries = readFormat(format, json, today);
  if (entries.length === 0) throw new GarbageError('no priced text model of our ten providers in it');
  return entries;
}

function readFormat(format, json, today) {
  if (format === 'models.dev') return readModelsDev(json);
  if (format === 'litellm') return readLitellm(json);
  if (format === 'openrouter') return readOpenRouter(json);
  if (format === 'genai-prices') return readGenaiPrices(json, today);
  throw new Error(`unknown format ${JSON.stringify(format)}; use one of ${FORMATS.join(', ')}`);
}
