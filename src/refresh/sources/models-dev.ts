/**
 * models.dev `api.json`: { <provider>: { models: { <id>: { cost: { input, output, cache_read,
 * cache_write }, release_date, limit: { context } } } } }, prices per 1M tokens.
 */
import * as z from 'zod';
import { GarbageError, makeEntry, type SourceEntry } from '../entry.js';
import { matchKey, scaledPrice, textOnly } from '../units.js';

/** models.dev provider directory -> catalogue slug. */
const PROVIDERS: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  xai: 'xai',
  cohere: 'cohere',
  'amazon-bedrock': 'amazon',
  alibaba: 'alibaba',
  togetherai: 'together',
  moonshotai: 'moonshot',
  zai: 'zhipu',
  minimax: 'minimax',
};

const model = z.looseObject({
  id: z.string().optional().catch(undefined),
  name: z.unknown().optional(),
  status: z.unknown().optional(),
  release_date: z.unknown().optional(),
  modalities: z.looseObject({ output: z.unknown().optional() }).optional().catch(undefined),
  cost: z
    .looseObject({
      input: z.unknown().optional(),
      output: z.unknown().optional(),
      cache_read: z.unknown().optional(),
      cache_write: z.unknown().optional(),
    })
    .optional()
    .catch(undefined),
  limit: z.looseObject({ context: z.unknown().optional() }).optional().catch(undefined),
});
const provider = z.looseObject({ models: z.record(z.string(), z.unknown()) });
const payload = z
  .record(z.string(), z.unknown())
  .refine((json) => Object.values(json).some((p) => provider.safeParse(p).success));

export function readModelsDev(json: unknown): SourceEntry[] {
  const parsed = payload.safeParse(json);
  if (!parsed.success) throw new GarbageError('not a models.dev api.json (an object of providers with `models`)');
  const entries: SourceEntry[] = [];
  for (const [providerId, value] of Object.entries(parsed.data)) {
    const slug = PROVIDERS[providerId];
    const p = provider.safeParse(value);
    if (!slug || !p.success) continue;
    for (const [modelId, raw] of Object.entries(p.data.models)) {
      const m = model.safeParse(raw);
      if (!m.success || m.data.status === 'deprecated' || !textOnly(m.data.modalities?.output)) continue;
      const cost = m.data.cost;
      const id = m.data.id ?? modelId;
      const e = makeEntry('models.dev', id, slug, matchKey(id), m.data.name, {
        input: scaledPrice(cost?.input),
        output: scaledPrice(cost?.output),
        cachedInput: scaledPrice(cost?.cache_read),
        cacheWrite: scaledPrice(cost?.cache_write),
        released: m.data.release_date,
        contextTokens: m.data.limit?.context,
      });
      if (e) entries.push(e);
    }
  }
  return entries;
}
