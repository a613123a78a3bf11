/**
 * litellm `model_prices_and_context_window.json`: { <key>: { litellm_provider, mode,
 * input_cost_per_token, output_cost_per_token, cache_read_input_token_cost, … } }, prices per token.
 */
import * as z from 'zod';
import { GarbageError, makeEntry, TIER_NAMES, type SourceEntry, type TierName, type TierPrices } from '../entry.js';
import { matchKey, perTokenToPerMillion, REGION_PREFIX } from '../units.js';

/** litellm `litellm_provider` -> catalogue slug (Bedrock only for Amazon's own Nova models). */
const PROVIDERS: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  xai: 'xai',
  cohere: 'cohere',
  cohere_chat: 'cohere',
  bedrock: 'amazon',
  bedrock_converse: 'amazon',
  dashscope: 'alibaba',
  together_ai: 'together',
  moonshot: 'moonshot',
  zai: 'zhipu',
  minimax: 'minimax',
};

const spec = z.looseObject({
  litellm_provider: z.string(),
  mode: z.unknown().optional(),
  input_cost_per_token: z.unknown().optional(),
  output_cost_per_token: z.unknown().optional(),
  cache_read_input_token_cost: z.unknown().optional(),
  cache_creation_input_token_cost: z.unknown().optional(),
  cache_creation_input_token_cost_above_1hr: z.unknown().optional(),
  max_input_tokens: z.unknown().optional(),
  source: z.unknown().optional(),
});
/** litellm's tier prices: `input_cost_per_token_flex`, `output_cost_per_token_priority`, `cache_read_input_token_cost_flex`. */
function tiersOf(raw: Record<string, unknown>): Partial<Record<TierName, TierPrices>> | undefined {
  const tiers: Partial<Record<TierName, TierPrices>> = {};
  for (const tier of TIER_NAMES) {
    const input = perTokenToPerMillion(raw[`input_cost_per_token_${tier}`]);
    const output = perTokenToPerMillion(raw[`output_cost_per_token_${tier}`]);
    const cachedInput = perTokenToPerMillion(raw[`cache_read_input_token_cost_${tier}`]);
    // A tier is a price set: without both an input and an output price it is not one the record can hold.
    if (input !== undefined && output !== undefined)
      tiers[tier] = { input, output, ...(cachedInput === undefined ? {} : { cachedInput }) };
  }
  return Object.keys(tiers).length ? tiers : undefined;
}

const payload = z
  .record(z.string(), z.unknown())
  .refine((json) => Object.values(json).some((v) => spec.safeParse(v).success));

/** Where Bedrock lists one model under several keys, the plain key wins, then global., then us. */
function rank(key: string): number {
  if (!REGION_PREFIX.test(key)) return 0;
  if (key.startsWith('global.')) return 1;
  if (key.startsWith('us.')) return 2;
  return 3;
}

export function readLitellm(json: unknown): SourceEntry[] {
  const parsed = payload.safeParse(json);
  if (!parsed.success) throw new GarbageError('not a litellm price map (an object of models with `litellm_provider`)');
  const candidates: SourceEntry[] = [];
  for (const [key, raw] of Object.entries(parsed.data)) {
    const s = spec.safeParse(raw);
    if (key === 'sample_spec' || !s.success) continue;
    const slug = PROVIDERS[s.data.litellm_provider];
    if (!slug || (s.data.mode !== 'chat' && s.data.mode !== 'responses')) continue;
    if (slug === 'amazon' && !/(^|\.)amazon\./.test(key)) continue;
    const e = makeEntry('litellm', key, slug, matchKey(key), undefined, {
      input: perTokenToPerMillion(s.data.input_cost_per_token),
      output: perTokenToPerMillion(s.data.output_cost_per_token),
      cachedInput: perTokenToPerMillion(s.data.cache_read_input_token_cost),
      cacheWrite: perTokenToPerMillion(s.data.cache_creation_input_token_cost),
      cacheWrite1h: perTokenToPerMillion(s.data.cache_creation_input_token_cost_above_1hr),
      contextTokens: s.data.max_input_tokens,
      cites: typeof s.data.source === 'string' && /^https:\/\//.test(s.data.source) ? s.data.source : undefined,
    });
    const tiers = tiersOf(s.data);
    if (e && tiers) e.serviceTiers = tiers;
    if (e) candidates.push(e);
  }
  candidates.sort((a, b) => rank(a.sourceId) - rank(b.sourceId));
  const seen = new Set<string>();
  return candidates.filter((e) => {
    const id = `${e.slug}:${e.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
