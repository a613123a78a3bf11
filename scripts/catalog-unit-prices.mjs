// node scripts/catalog-unit-prices.mjs [--write]: the prices of the units beyond text tokens
// (audio, image and video tokens, reasoning output, web searches, request fees) from the pinned
// genai-prices package, and service-tier prices (LiteLLM's priority and flex, models.dev's fast
// mode) from ../shared/reference/prices.json, for every catalogue record they can be matched to.
// Prints what it would set; --write puts them in data/*.json (unitPrices, serviceTiers) with their
// source and today's date. A genai-prices model whose text prices differ from the record's is
// left out (its other prices may be of another version), and so is a tiered (non-flat) price. By
// the same rule a source's service tiers are taken only when that source's standard input and
// output prices (LiteLLM's, or models.dev's for fast mode) equal the record's: tiers listed beside
// another standard price belong to that price, not the record's. A flex or priority tier at the
// standard price itself is left out too: it is no separate price (LiteLLM lists Gemini 2.5 Pro's so).
// Until the refresh (src/refresh) reads these fields itself, this is how they are read.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calcPrice } from '@pydantic/genai-prices';

const root = join(import.meta.dirname, '..');
const today = new Date().toISOString().slice(0, 10);

/** genai-prices' provider ids for ours (Alibaba is not in its data). */
export const GENAI_PROVIDERS = {
  openai: 'openai', anthropic: 'anthropic', google: 'google', mistral: 'mistral', deepseek: 'deepseek',
  xai: 'x-ai', cohere: 'cohere', amazon: 'aws', together: 'together',
};

/** genai-prices' price keys for the record's unitPrices fields. */
export const UNIT_PRICE_KEYS = {
  inputAudio: 'input_audio_mtok', cachedInputAudio: 'cache_audio_read_mtok', outputAudio: 'output_audio_mtok',
  inputImage: 'input_image_mtok', outputImage: 'output_image_mtok', inputVideo: 'input_video_mtok', outputVideo: 'output_video_mtok',
  outputReasoning: 'output_reasoning_mtok', webSearches: 'web_searches_kcount', requests: 'requests_kcount',
};

/** genai-prices' answer for the record (by referenceId, then by its id's model key), on its checkedOn day; null when it does not list it. */
export function genaiPrices(slug, record) {
  const providerId = GENAI_PROVIDERS[slug];
  if (providerId === undefined) return null;
  const key = record.id.slice(slug.length + 1);
  for (const name of [...new Set([record.referenceId, key].filter(Boolean))]) {
    const found = calcPrice({ input_tokens: 1, output_tokens: 1 }, name, { providerId, timestamp: new Date(`${record.checkedOn}T12:00:00Z`) });
    if (found) return found;
  }
  return null;
}

const flat = (v) => (typeof v === 'number' ? v : typeof v === 'object' && v !== null ? v.base : undefined);

/** The record's unit prices from genai-prices, or undefined (none, a text price disagrees, or only tiered ones). */
export function unitPricesFrom(slug, record) {
  const found = genaiPrices(slug, record);
  if (!found) return undefined;
  const p = found.model_price;
  if (flat(p.input_mtok) !== record.input || flat(p.output_mtok) !== record.output) return undefined;
  const prices = {};
  for (const [field, key] of Object.entries(UNIT_PRICE_KEYS)) if (typeof p[key] === 'number') prices[field] = p[key];
  if (Object.keys(prices).length === 0) return undefined;
  return { ...prices, source: `genai-prices 0.1.8 data for ${found.provider.id} ${found.model.id}`, checkedOn: today };
}

export const REFERENCE = join(root, '..', 'shared', 'reference', 'prices.json');

/** The reference entry of the record: its referenceId (or id's model key) under the provider's name. */
export function referenceEntry(reference, provider, slug, record) {
  const key = record.id.slice(slug.length + 1);
  return reference.models.find((m) => m.provider === provider && (m.model_id === (record.referenceId ?? key) || m.match_key === key));
}

/** The record's service tiers from the reference entry: those with an input and an output price, from a source whose standard price is the record's. */
export function serviceTiersFrom(entry, record) {
  if (!entry) return undefined;
  const sameStandard = (source) => entry[`input_${source}`] === record.input && entry[`output_${source}`] === record.output;
  const tiers = {};
  const tier = (t, source) => (t && typeof t.input === 'number' && typeof t.output === 'number'
    ? { input: t.input, output: t.output, ...(typeof t.cache_read === 'number' ? { cachedInput: t.cache_read } : {}), ...(typeof t.cache_write === 'number' ? { cacheWrite: t.cache_write } : {}), source, checkedOn: today }
    : undefined);
  const litellm = (name) => `LiteLLM's price list of 2026-08-01 (${name} tier)`;
  const fromLitellm = sameStandard('litellm');
  const distinct = (t) => (t && t.input === record.input && t.output === record.output ? undefined : t);
  const flex = fromLitellm ? tier(distinct(entry.service_tiers_litellm?.flex), litellm('flex')) : undefined;
  const priority = fromLitellm ? tier(distinct(entry.service_tiers_litellm?.priority), litellm('priority')) : undefined;
  const fast = sameStandard('models_dev') ? tier(entry.fast_mode_models_dev, `models.dev of 2026-07-02 (fast mode)`) : undefined;
  if (flex) tiers.flex = flex;
  if (priority) tiers.priority = priority;
  if (fast) tiers.fast = fast;
  return Object.keys(tiers).length ? tiers : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = process.argv.includes('--write');
  const reference = existsSync(REFERENCE) ? JSON.parse(readFileSync(REFERENCE, 'utf8')) : undefined;
  for (const file of readdirSync(join(root, 'data')).filter((f) => f.endsWith('.json')).sort()) {
    const path = join(root, 'data', file);
    const data = JSON.parse(readFileSync(path, 'utf8'));
    for (const record of data.models) {
      const units = unitPricesFrom(data.provider.slug, record);
      const tiers = reference && !record.offPeak ? serviceTiersFrom(referenceEntry(reference, data.provider.name, data.provider.slug, record), record) : undefined;
      if (units) record.unitPrices = units;
      if (tiers) record.serviceTiers = tiers;
      else if (reference && !record.offPeak && record.serviceTiers) {
        console.log(record.id, 'service tiers dropped: no source lists one beside the record\'s standard price that differs from it');
        delete record.serviceTiers;
      }
      if (units || tiers) console.log(record.id, JSON.stringify({ ...(units ? { unitPrices: units } : {}), ...(tiers ? { serviceTiers: tiers } : {}) }));
    }
    if (write) writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  }
}
