/** GET /api/tokenizers: the tokenizers models count with, which models use each and how exactly, and the measured table. */
import * as z from 'zod';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { REFERENCE_TOKENIZER } from '../../core/pricing/tokenizers.js';
import { endpoint, namedJson } from '../endpoint.js';
import { TEXT_KINDS, TOKENIZER_TABLE as table } from '../tokenizer-data.js';

export const tokenizers = endpoint({
  path: '/api/tokenizers',
  summary:
    'The tokenizers models count with: which models use each and how exactly, and how many tokens each counts per 1,000 characters of each kind of text',
  query: z.object({}),
  response: {
    description: 'The tokenizers, which models use each and how exactly, the corpus and the measured table.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { TokenizersResponse: r.tokenizersResponseSchema } })) },
  },
  handle: (_params, { catalogue }) => {
    // Each tokenizer's models, by exactness, in catalogue order.
    const users = new Map<string, Record<'exact' | 'family' | 'unknown', string[]>>();
    const of = (id: string) => users.get(id) ?? users.set(id, { exact: [], family: [], unknown: [] }).get(id)!;
    for (const m of catalogue.models as readonly Model[]) {
      const t = m.tokenizer;
      of(t?.id ?? REFERENCE_TOKENIZER)[t?.exactness ?? 'unknown'].push(m.id);
    }
    return {
      about:
        "Each model is priced on its own tokens. counted_with and text_kind on calculate, compare, cheapest, recommend and offers restate a workload counted with one tokenizer in each model's, by the ratio of the two tokenizers' counts for that kind of text measured here.",
      reference: REFERENCE_TOKENIZER,
      textKinds: TEXT_KINDS,
      tokenizers: Object.entries(table.tokenizers).map(([id, t]) => ({
        id,
        name: t.name,
        package: t.package,
        version: t.version,
        models: of(id),
        kinds: t.kinds,
      })),
      rules: table.models,
      corpus: table.corpus,
      measured: table.measured,
    };
  },
});
