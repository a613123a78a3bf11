// Readers of the public price lists the refresh reads, each turned into the same list of entries:
// { source, sourceId, slug, key, name?, input, output, cachedInput?, cacheWrite?, cacheWrite1h?, cites? }
// in USD per 1M tokens (genai-prices: scripts/catalog-sources-genai.mjs). `cites` is the provider
// page the entry says its price comes from, when it says so.
// - models.dev `api.json`: { <provider>: { models: { <id>: { cost: { input, output, cache_read, cache_write } } } } }, per 1M.
// - litellm `model_prices_and_context_window.json`: { <key>: { litellm_provider, mode, input_cost_per_token, … } }, per token.
// - OpenRouter `/api/v1/models`: { data: [{ id: "<org>/<model>", pricing: { prompt, completion, … } }] }, per token, as strings.
// Only text models of the catalogue's ten providers are kept; `key` is matchKey(id).

/** A source that is not the format it claims to be (HTML, an error object, a different list). */
export class GarbageError extends Error {}

/** models.dev provider directory -> catalogue slug. */
const MODELS_DEV_PROVIDERS = {
  openai: 'openai', anthropic: 'anthropic', google: 'google', mistral: 'mistral', deepseek: 'deepseek',
  xai: 'xai', cohere: 'cohere', 'amazon-bedrock': 'amazon', alibaba: 'alibaba', togetherai: 'together',
};

/** litellm `litellm_provider` -> catalogue slug (Bedrock only for Amazon's own Nova models). */
const LITELLM_PROVIDERS = {
  openai: 'openai', anthropic: 'anthropic', gemini: 'google', mistral: 'mistral', deepseek: 'deepseek',
  xai: 'xai', cohere: 'cohere', cohere_chat: 'cohere', bedrock: 'amazon', bedrock_converse: 'amazon',
  dashscope: 'alibaba', together_ai: 'together',
};

/** OpenRouter organisation -> catalogue slug. Llama models are Together's only when bought there, so none. */
const OPENROUTER_PROVIDERS = {
  openai: 'openai', anthropic: 'anthropic', google: 'google', mistralai: 'mistral', deepseek: 'deepseek',
  'x-ai': 'xai', cohere: 'cohere', amazon: 'amazon', qwen: 'alibaba',
};

const ROUTING_PREFIX = /^(openai|anthropic|gemini|mistral|deepseek|xai|cohere|cohere_chat|bedrock|bedrock_converse|dashscope|together_ai)\//;
const REGION_PREFIX = /^(global|us|eu|apac|jp|au|ca|us-gov)\./;

/**
 * The id used to join a source's entry to a catalogue record: lower case, without litellm's
 * routing prefix, Bedrock's region prefix, `amazon.` and version suffix (`:0`), dots read as
 * dashes (OpenRouter writes `claude-opus-4.6` for `claude-opus-4-6`).
 */
export function matchKey(id) {
  return String(id)
    .toLowerCase()
    .replace(ROUTING_PREFIX, '')
    .replace(REGION_PREFIX, '')
    .replace(/^amazon\./, '')
    .replace(/:\d+$/, '')
    .replace(/\./g, '-');
}

/** A dated snapshot key (`gpt-4-1-2025-04-14`, `claude-opus-4-6-20260205`) -> its undated base, else undefined. */
export function undatedKey(key) {
  const match = /^(.+?)-(\d{4}-\d{2}-\d{2}|\d{8})$/.exec(key);
  return match ? match[1] : undefined;
}

/** Plain decimal text of a non-negative number or numeric string (`1e-7` -> `0.0000001`), else undefined. */
function decimalText(value) {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    return value.toFixed(20).replace(/\.?0+$/, '');
  }
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  if (typeof value === 'string' && /^\d+(\.\d+)?e-?\d+$/i.test(value.trim())) return decimalText(Number(value));
  return undefined;
}

/**
 * `value × 10^shift`, rounded half up to 9 decimals (the catalogue's precision), computed on the
 * decimal text so that no binary float noise is introduced (3e-6 per token is exactly 3 per 1M).
 */
export function scaledPrice(value, shift = 0) {
  const text = decimalText(value);
  if (text === undefined) return undefined;
  const [whole, fraction = ''] = text.split('.');
  // digits / 10^(fraction.length - shift), then rounded to 9 places.
  const digits = BigInt(whole + fraction);
  const scale = fraction.length - shift; // decimals of the shifted value
  let nanos;
  if (scale <= 9) nanos = digits * 10n ** BigInt(9 - scale);
  else {
    const divisor = 10n ** BigInt(scale - 9);
    nanos = (digits * 2n + divisor) / (divisor * 2n);
  }
  const padded = nanos.toString().padStart(10, '0');
  const decimal = `${padded.slice(0, -9)}.${padded.slice(-9)}`.replace(/\.?0+$/, '');
  return Number(decimal);
}

/**
 * Whether a listed cache-write price is a price of its own. A write price of 0 on a paid model
 * (DeepSeek's, in some lists) means no write surcharge: written tokens are billed as input, which
 * is what a record without cacheWrite says; keeping the 0 would make cache writes free.
 */
export function isWritePrice(write, input) {
  return typeof write === 'number' && !(write === 0 && input > 0);
}

/** USD per token (number or string) -> USD per 1M tokens. */
export const perTokenToPerMillion = (value) => scaledPrice(value, 6);

function entry(source, sourceId, slug, name, prices) {
  if (prices.input === undefined || prices.output === undefined) return undefined;
  const out = { source, sourceId, slug, key: matchKey(sourceId), input: prices.input, output: prices.output };
  if (name) out.name = name;
  if (prices.cachedInput !== undefined) out.cachedInput = prices.cachedInput;
  if (isWritePrice(prices.cacheWrite, prices.input)) out.cacheWrite = prices.cacheWrite;
  if (isWritePrice(prices.cacheWrite1h, prices.input)) out.cacheWrite1h = prices.cacheWrite1h;
  if (prices.cites) out.cites = prices.cites;
  if (typeof prices.released === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(prices.released)) out.released = prices.released;
  if (Number.isInteger(prices.contextTokens) && prices.contextTokens > 0) out.contextTokens = prices.contextTokens;
  return out;
}

const textOnly = (modalities) => !Array.isArray(modalities) || modalities.every((m) => m === 'text');

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readModelsDev(json) {
  if (!isObject(json) || !Object.values(json).some((p) => isObject(p) && isObject(p.models))) {
    throw new GarbageError('not a models.dev api.json (an object of providers with `models`)');
  }
  const entries = [];
  for (const [providerId, provider] of Object.entries(json ?? {})) {
    const slug = MODELS_DEV_PROVIDERS[providerId];
    if (!slug || !provider || typeof provider.models !== 'object') continue;
    for (const [modelId, model] of Object.entries(provider.models)) {
      if (!model || model.status === 'deprecated' || !textOnly(model.modalities?.output)) continue;
      const cost = model.cost ?? {};
      const e = entry('models.dev', model.id ?? modelId, slug, model.name, {
        input: scaledPrice(cost.input),
        output: scaledPrice(cost.output),
        cachedInput: scaledPrice(cost.cache_read),
        cacheWrite: scaledPrice(cost.cache_write),
        released: model.release_date,
        contextTokens: model.limit?.context,
      });
      if (e) entries.push(e);
    }
  }
  return entries;
}

/** Where Bedrock lists one model under several keys, the plain key wins, then global., then us. */
function litellmRank(key) {
  if (!REGION_PREFIX.test(key)) return 0;
  if (key.startsWith('global.')) return 1;
  if (key.startsWith('us.')) return 2;
  return 3;
}

export function readLitellm(json) {
  if (!isObject(json) || !Object.values(json).some((v) => isObject(v) && typeof v.litellm_provider === 'string')) {
    throw new GarbageError('not a litellm price map (an object of models with `litellm_provider`)');
  }
  const candidates = [];
  for (const [key, spec] of Object.entries(json ?? {})) {
    if (key === 'sample_spec' || !spec || typeof spec !== 'object') continue;
    const slug = LITELLM_PROVIDERS[spec.litellm_provider];
    if (!slug) continue;
    if (spec.mode !== 'chat' && spec.mode !== 'responses') continue;
    if (slug === 'amazon' && !/(^|\.)amazon\./.test(key)) continue;
    const e = entry('litellm', key, slug, undefined, {
      input: perTokenToPerMillion(spec.input_cost_per_token),
      output: perTokenToPerMillion(spec.output_cost_per_token),
      cachedInput: perTokenToPerMillion(spec.cache_read_input_token_cost),
      cacheWrite: perTokenToPerMillion(spec.cache_creation_input_token_cost),
      cacheWrite1h: perTokenToPerMillion(spec.cache_creation_input_token_cost_above_1hr),
      contextTokens: spec.max_input_tokens,
      cites: typeof spec.source === 'string' && /^https:\/\//.test(spec.source) ? spec.source : undefined,
    });
    if (e) candidates.push(e);
  }
  candidates.sort((a, b) => litellmRank(a.sourceId) - litellmRank(b.sourceId));
  const seen = new Set();
  return candidates.filter((e) => {
    const id = `${e.slug}:${e.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function readOpenRouter(json) {
  if (!isObject(json) || !Array.isArray(json.data) || !json.data.some((m) => isObject(m) && isObject(m.pricing))) {
    throw new GarbageError('not an OpenRouter model list (`data`: models with `pricing`)');
  }
  const entries = [];
  for (const model of Array.isArray(json?.data) ? json.data : []) {
    if (!model || typeof model.id !== 'string' || model.id.includes(':')) continue;
    const [org, ...rest] = model.id.split('/');
    const slug = OPENROUTER_PROVIDERS[org];
    if (!slug || rest.length === 0) continue;
    if (!textOnly(model.architecture?.output_modalities)) continue;
    const pricing = model.pricing ?? {};
    const e = entry('openrouter', model.id, slug, model.name, {
      input: perTokenToPerMillion(pricing.prompt),
      output: perTokenToPerMillion(pricing.completion),
      cachedInput: perTokenToPerMillion(pricing.input_cache_read),
      // OpenRouter's Google cache write is a storage fee, not a write price.
      cacheWrite: slug === 'google' ? undefined : perTokenToPerMillion(pricing.input_cache_write),
      released: Number.isInteger(model.created) ? new Date(model.created * 1000).toISOString().slice(0, 10) : undefined,
      contextTokens: model.context_length,
    });
    if (e) entries.push({ ...e, key: matchKey(rest.join('/')) });
  }
  return entries;
}
