/**
 * LiteLLM's `model_prices_and_context_window.json` as raw doors: one key per seller and region;
 * only chat and responses models. A model's base door is its base (or `global.`, else `us.`) key;
 * each regional key (Bedrock's `us.`, `eu.`, `apac.`, `au.`, `jp.` profiles, `bedrock/<region>/`,
 * `azure/eu/` and `azure/us/`) is a door of its own with its region. The regional uplifts LiteLLM
 * puts on a maker's price (OpenAI's `regional_processing_uplift_multiplier_eu` / `_us`, Anthropic's
 * `provider_specific_entry.us`) ride on the entry as `uplifts`.
 */
import { perMillion, pricesOf, tokens, type RawDoor } from './raw-door.js';

type Entry = Record<string, unknown>;

const REGION_SEGMENT = /^(us|eu|ap|apac|global|jp|au|ca|uk|[a-z]{2}-[a-z]+-\d)$/;
const CROSS_REGION = /^(global|us|eu|apac|jp|au|ca|us-gov)\./;

/** The multipliers LiteLLM puts on an entry's prices in a region, each with its field. */
function upliftsOf(entry: Entry): RawDoor['uplifts'] {
  const out: NonNullable<RawDoor['uplifts']> = [];
  for (const region of ['eu', 'us'] as const) {
    const m = entry[`regional_processing_uplift_multiplier_${region}`];
    if (typeof m === 'number' && m > 0)
      out.push({ region, multiplier: m, what: `regional_processing_uplift_multiplier_${region}` });
  }
  const specific = entry.provider_specific_entry;
  if (typeof specific === 'object' && specific !== null)
    for (const [key, m] of Object.entries(specific as Record<string, unknown>))
      if (REGION_SEGMENT.test(key) && key !== 'global' && typeof m === 'number' && m > 0)
        out.push({ region: key, multiplier: m, what: `provider_specific_entry.${key}` });
  return out.length ? out : undefined;
}

/** Per 1M from LiteLLM's per-token field `name` with an optional suffix (`_batches`, `_flex`, `_priority`). */
function pricesWith(entry: Entry, suffix: string) {
  const f = (name: string) => perMillion(entry[`${name}${suffix}`], 1e6);
  return pricesOf({
    input: f('input_cost_per_token'),
    output: f('output_cost_per_token'),
    cachedInput: f('cache_read_input_token_cost'),
    cacheWrite: f('cache_creation_input_token_cost'),
    cacheWrite1h: f('cache_creation_input_token_cost_above_1hr'),
  });
}

export function readLitellm(json: unknown, label: string, date: string, rank: number): RawDoor[] {
  if (typeof json !== 'object' || json === null) throw new Error('litellm: not an object');
  const entries = Object.entries(json as Record<string, unknown>).filter(
    (e): e is [string, Entry] => typeof e[1] === 'object' && e[1] !== null,
  );
  const routes = new Set<string>();
  for (const [, e] of entries)
    if (typeof e.litellm_provider === 'string') {
      routes.add(e.litellm_provider);
      routes.add(e.litellm_provider.split('-')[0] as string);
    }
  const doors: RawDoor[] = [];
  for (const [key, entry] of entries) {
    const provider = entry.litellm_provider;
    if (typeof provider !== 'string' || (entry.mode !== 'chat' && entry.mode !== 'responses')) continue;
    let segments = key.split('/');
    if (segments.length > 1 && routes.has(segments[0] as string)) segments = segments.slice(1);
    // A region folder (`bedrock/eu-central-1/…`, `azure/eu/…`, `azure/global/…`): that region's door only.
    let folder: string | undefined;
    if (segments.length > 1 && REGION_SEGMENT.test(segments[0] as string)) {
      folder = segments[0] as string;
      segments = segments.slice(1);
    }
    const id = segments.join('/');
    const cross = CROSS_REGION.exec(id)?.[1];
    const region = folder ?? cross;
    const prices = pricesWith(entry, '');
    const batch = pricesWith(entry, '_batches');
    const flex = pricesWith(entry, '_flex');
    const priority = pricesWith(entry, '_priority');
    const contextTokens = tokens(entry.max_input_tokens);
    const maxOutputTokens = tokens(entry.max_output_tokens);
    const uplifts = upliftsOf(entry);
    const door: RawDoor = {
      sellerAlias: provider,
      sellerModelId: id,
      ...(prices ? { prices } : {}),
      ...(contextTokens ? { contextTokens } : {}),
      ...(maxOutputTokens ? { maxOutputTokens } : {}),
      ...(batch ? { batch } : {}),
      ...(flex || priority ? { serviceTiers: { ...(flex ? { flex } : {}), ...(priority ? { priority } : {}) } } : {}),
      ...(typeof entry.source === 'string' && /^https?:/.test(entry.source) ? { sourceUrl: entry.source } : {}),
      source: label,
      date,
      // The base key first, then global., then us.
      rank: rank + (cross === undefined ? 0 : cross === 'global' ? 0.1 : 0.2),
      ...(uplifts ? { uplifts } : {}),
    };
    // The base door: the base key, global., or us. where a model has neither (as before regions were doors).
    if (folder === undefined && (cross === undefined || cross === 'global' || cross === 'us')) doors.push(door);
    if (region !== undefined) doors.push({ ...door, region, rank });
  }
  return doors;
}
