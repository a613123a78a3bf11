/**
 * OpenRouter `/api/v1/models`: { data: [{ id: "<org>/<model>", pricing: { prompt, completion, … },
 * created, context_length }] }, prices per token, as strings. A reseller's prices: the plan lets
 * them confirm or dispute a price, never set one.
 */
import * as z from 'zod';
import { GarbageError, makeEntry, type SourceEntry } from '../entry.js';
import { matchKey, perTokenToPerMillion, textOnly } from '../units.js';

/** OpenRouter organisation -> catalogue slug. Llama models are Together's only when bought there, so none. */
const PROVIDERS: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  mistralai: 'mistral',
  deepseek: 'deepseek',
  'x-ai': 'xai',
  cohere: 'cohere',
  amazon: 'amazon',
  qwen: 'alibaba',
  moonshotai: 'moonshot',
  'z-ai': 'zhipu',
  minimax: 'minimax',
};

const pricing = z.looseObject({
  prompt: z.unknown().optional(),
  completion: z.unknown().optional(),
  input_cache_read: z.unknown().optional(),
  input_cache_write: z.unknown().optional(),
});
const model = z.looseObject({
  id: z.string(),
  name: z.unknown().optional(),
  pricing: pricing.optional().catch(undefined),
  created: z.unknown().optional(),
  context_length: z.unknown().optional(),
  architecture: z.looseObject({ output_modalities: z.unknown().optional() }).optional().catch(undefined),
});
const payload = z
  .looseObject({ data: z.array(z.unknown()) })
  .refine((json) => json.data.some((m) => z.looseObject({ pricing }).safeParse(m).success));

export function readOpenRouter(json: unknown): SourceEntry[] {
  const parsed = payload.safeParse(json);
  if (!parsed.success) throw new GarbageError('not an OpenRouter model list (`data`: models with `pricing`)');
  const entries: SourceEntry[] = [];
  for (const raw of parsed.data.data) {
    const m = model.safeParse(raw);
    if (!m.success || m.data.id.includes(':')) continue;
    const [org = '', ...rest] = m.data.id.split('/');
    const slug = PROVIDERS[org];
    if (!slug || rest.length === 0 || !textOnly(m.data.architecture?.output_modalities)) continue;
    const p = m.data.pricing;
    const created = m.data.created;
    const e = makeEntry('openrouter', m.data.id, slug, matchKey(rest.join('/')), m.data.name, {
      input: perTokenToPerMillion(p?.prompt),
      output: perTokenToPerMillion(p?.completion),
      cachedInput: perTokenToPerMillion(p?.input_cache_read),
      // OpenRouter's Google cache write is a storage fee, not a write price.
      cacheWrite: slug === 'google' ? undefined : perTokenToPerMillion(p?.input_cache_write),
      released:
        typeof created === 'number' && Number.isInteger(created)
          ? new Date(created * 1000).toISOString().slice(0, 10)
          : undefined,
      contextTokens: m.data.context_length,
    });
    if (e) entries.push(e);
  }
  return entries;
}
