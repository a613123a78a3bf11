/**
 * LiteLLM's `model_prices_and_context_window.json` as raw doors: one key per seller and region;
 * only chat and responses models, and only the base (or `global.`, else `us.`) key of a model:
 * a regional price is its own door only where a seller's region policy says so (none does yet).
 */
import { perMillion, pricesOf, tokens, type RawDoor } from './raw-door.js';

type Entry = Record<string, unknown>;

const REGION_SEGMENT = /^(us|eu|ap|apac|global|jp|au|ca|uk|[a-z]{2}-[a-z]+-\d)$/;
const CROSS_REGION = /^(global|us|eu|apac|jp|au)\./;

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
    if (segments.length > 1 && REGION_SEGMENT.test(segments[0] as string)) continue;
    const id = segments.join('/');
    const cross = CROSS_REGION.exec(id)?.[1];
    if (cross !== undefined && cross !== 'global' && cross !== 'us') continue;
    const prices = pricesWith(entry, '');
    const batch = pricesWith(entry, '_batches');
    const flex = pricesWith(entry, '_flex');
    const priority = pricesWith(entry, '_priority');
    const contextTokens = tokens(entry.max_input_tokens);
    const maxOutputTokens = tokens(entry.max_output_tokens);
    doors.push({
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
    });
  }
  return doors;
}
