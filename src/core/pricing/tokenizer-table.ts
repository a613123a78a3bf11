/**
 * The tokenizer table (data/tokenizers/tokenizers.json): how many tokens each public tokenizer
 * counts per 1,000 characters of each kind of text, measured on a fixed corpus by
 * tools/tokenizers (its README says how), and which tokenizer each model counts with.
 */
import * as z from 'zod';

const positive = z.number().positive();
const range = z.tuple([positive, positive]).refine(([lo, hi]) => lo <= hi, 'the lowest comes first');

const kindFiguresSchema = z.object({
  tokensPer1000Chars: positive,
  ratioToO200k: positive,
  /** The lowest and highest of both figures over the kind's passages one by one. */
  spread: z.object({ tokensPer1000Chars: range, ratioToO200k: range }),
});

const measuredTokenizerSchema = z.object({
  name: z.string().min(1),
  package: z.string().regex(/^@[a-z0-9-]+\/[a-z0-9_.-]+$/),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  kinds: z.record(z.string(), kindFiguresSchema),
});

/**
 * Which tokenizer a line of models counts with. The first rule whose provider is the model's and
 * whose `ids` (a regular expression over the whole id; every id when absent) matches it applies.
 */
/**
 * `exact`: the measured tokenizer is the model's own. `family`: an earlier one of the same line (the
 * model's own is not public). `unknown`: no public tokenizer, or the public one is known to differ;
 * the model is counted as o200k.
 */
export const EXACTNESS = ['exact', 'family', 'unknown'] as const;
export type Exactness = (typeof EXACTNESS)[number];

export const tokenizerRuleSchema = z.object({
  provider: z.string().min(1),
  ids: z.string().min(1).optional(),
  family: z.string().min(1),
  tokenizer: z.string(),
  exactness: z.enum(EXACTNESS),
  note: z.string().min(1).optional(),
});

export type TokenizerRule = z.infer<typeof tokenizerRuleSchema>;

/** The reference every ratio is to: OpenAI's o200k, what most people count with. */
export const REFERENCE_TOKENIZER = 'o200k';

export const tokenizerTableSchema = z
  .object({
    about: z.string(),
    corpus: z.object({
      hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
      folder: z.string(),
      sources: z.string(),
      kinds: z.record(
        z.string(),
        z.object({ passages: z.array(z.string()).min(3), characters: z.number().int().positive() }),
      ),
    }),
    measured: z.object({
      with: z.string(),
      on: z.iso.date(),
      reference: z.literal(REFERENCE_TOKENIZER),
      method: z.string(),
    }),
    tokenizers: z.record(z.string().regex(/^[a-z0-9-]+$/), measuredTokenizerSchema),
    models: z.array(tokenizerRuleSchema),
  })
  .superRefine((table, ctx) => {
    const kinds = Object.keys(table.corpus.kinds).sort().join(',');
    if (!(REFERENCE_TOKENIZER in table.tokenizers))
      ctx.addIssue({ code: 'custom', message: `no ${REFERENCE_TOKENIZER}`, path: ['tokenizers'] });
    table.models.forEach((rule, i) => {
      if (!(rule.tokenizer in table.tokenizers))
        ctx.addIssue({
          code: 'custom',
          message: `${rule.tokenizer} is not a measured tokenizer`,
          path: ['models', i, 'tokenizer'],
        });
      // A model whose tokenizer is unknown is counted as the reference, and says so.
      if (rule.exactness === 'unknown' && rule.tokenizer !== REFERENCE_TOKENIZER) {
        ctx.addIssue({
          code: 'custom',
          message: `an unknown tokenizer is counted as ${REFERENCE_TOKENIZER}`,
          path: ['models', i, 'tokenizer'],
        });
      }
      if (rule.exactness !== 'exact' && rule.note === undefined)
        ctx.addIssue({ code: 'custom', message: 'says why it is not exact', path: ['models', i, 'note'] });
      if (rule.ids !== undefined) {
        try {
          new RegExp(rule.ids);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'is not a regular expression', path: ['models', i, 'ids'] });
        }
      }
    });
    for (const [id, t] of Object.entries(table.tokenizers)) {
      if (Object.keys(t.kinds).sort().join(',') !== kinds) {
        ctx.addIssue({
          code: 'custom',
          message: `measures other kinds than the corpus holds (${kinds})`,
          path: ['tokenizers', id, 'kinds'],
        });
      }
    }
  });

export type TokenizerTable = z.infer<typeof tokenizerTableSchema>;
