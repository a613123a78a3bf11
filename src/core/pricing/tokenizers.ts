/**
 * Which tokenizer each model counts with, how exact that is, and a workload restated in a model's
 * own tokens. The rules and the measured figures are data (data/tokenizers/tokenizers.json); this
 * is what the catalogue and the cost endpoints do with them.
 */
import type { Model, ModelTokenizer } from '../schema/catalogue-schema.js';
import { quantitiesOf, type Quantities } from './quantities.js';
import type { Workload } from './workload.js';
import {
  EXACTNESS,
  REFERENCE_TOKENIZER,
  type Exactness,
  type TokenizerRule,
  type TokenizerTable,
} from './tokenizer-table.js';

export { EXACTNESS, REFERENCE_TOKENIZER, type Exactness, type ModelTokenizer };

/** A model no rule names: counted as o200k, and said so. */
const UNMATCHED: ModelTokenizer = {
  id: REFERENCE_TOKENIZER,
  exactness: 'unknown',
  family: 'no rule',
  note: 'No rule of data/tokenizers/tokenizers.json names this model: counted as o200k.',
};

/** The first rule for the model's provider whose pattern matches its id (the whole id, case-insensitive). */
export function matchRule(
  rules: readonly TokenizerRule[],
  providerSlug: string,
  id: string,
): TokenizerRule | undefined {
  return rules.find(
    (r) => r.provider === providerSlug && (r.ids === undefined || new RegExp(`^(?:${r.ids})$`, 'i').test(id)),
  );
}

/** What each model counts with, made once per rule (records share it). */
export function tokenizerAssigner(table: TokenizerTable): (providerSlug: string, id: string) => ModelTokenizer {
  const shown = new Map<TokenizerRule, ModelTokenizer>();
  for (const r of table.models) {
    shown.set(r, {
      id: r.tokenizer,
      exactness: r.exactness,
      family: r.family,
      ...(r.note === undefined ? {} : { note: r.note }),
    });
  }
  return (providerSlug, id) => {
    const rule = matchRule(table.models, providerSlug, id);
    return rule === undefined ? UNMATCHED : (shown.get(rule) as ModelTokenizer);
  };
}

/** The text kinds the table measured, and the tokenizers a workload may be counted with. */
export const textKinds = (table: TokenizerTable): string[] => Object.keys(table.corpus.kinds);
export const measuredTokenizers = (table: TokenizerTable): string[] => Object.keys(table.tokenizers);

/** Which tokenizer counted a workload, and what kind of text it is. */
export interface Counting {
  countedWith: string;
  textKind: string;
}

/** The ratio to o200k as an integer per thousand (the table holds it to three decimals). */
function permille(table: TokenizerTable, tokenizer: string, kind: string): number {
  const f = table.tokenizers[tokenizer]?.kinds[kind];
  if (f === undefined) throw new RangeError(`the tokenizer table has no ${tokenizer} figure for ${kind}`);
  return Math.round(f.ratioToO200k * 1000);
}

/** n × a / b rounded half up, exactly (n, a, b whole; n × a below 2^53). */
const scale = (n: number, a: number, b: number): number => Math.floor((2 * n * a + b) / (2 * b));

/**
 * The workload restated in `tokenizer`'s tokens: the text parts (the input's text, cache reads and
 * writes of text, the visible output's text) times the ratio of the two tokenizers' counts for the
 * kind of text; reasoning, audio, image and video tokens and web searches stay as given. Each part
 * is rounded half up to a whole token. The same tokenizer gives the workload itself.
 */
export function workloadIn(table: TokenizerTable, w: Workload, counting: Counting, tokenizer: string): Workload {
  if (tokenizer === counting.countedWith) return w;
  const a = permille(table, tokenizer, counting.textKind);
  const b = permille(table, counting.countedWith, counting.textKind);
  const x = w.extras ?? {};
  const cachedAudio = Math.min(x.cacheAudioReadTokens ?? 0, w.cachedInputTokens ?? 0);
  const cachedText = (w.cachedInputTokens ?? 0) - cachedAudio;
  const written = w.cacheWriteTokens ?? 0;
  const nonText = (x.inputAudioTokens ?? 0) - cachedAudio + (x.inputImageTokens ?? 0) + (x.inputVideoTokens ?? 0);
  const freshText = Math.max(0, w.inputTokens - cachedText - cachedAudio - written - nonText);
  const outputNonText =
    (x.reasoningTokens ?? 0) + (x.outputAudioTokens ?? 0) + (x.outputImageTokens ?? 0) + (x.outputVideoTokens ?? 0);
  const outputText = Math.max(0, w.outputTokens - outputNonText);
  const cached = scale(cachedText, a, b);
  const writes = scale(written, a, b);
  return {
    ...w,
    inputTokens: scale(freshText, a, b) + cached + cachedAudio + writes + nonText,
    outputTokens: scale(outputText, a, b) + outputNonText,
    ...(w.cachedInputTokens === undefined ? {} : { cachedInputTokens: cached + cachedAudio }),
    ...(w.cacheWriteTokens === undefined ? {} : { cacheWriteTokens: writes }),
  };
}

/** A workload in one tokenizer's tokens, and its unit quantities (made once). */
export interface OwnWorkload {
  readonly workload: Workload;
  readonly q: Quantities;
}

/**
 * The workload in each model's own tokens (counted_with and text_kind), made once per tokenizer
 * for a request: a ranking prices every model, and a handful of tokenizers count them all. A model
 * without a tokenizer on its record is counted as o200k.
 */
export class OwnTokens {
  private readonly made = new Map<string, OwnWorkload>();
  constructor(
    private readonly table: TokenizerTable,
    readonly workload: Workload,
    readonly counting: Counting,
  ) {}

  /** The workload in `tokenizer`'s tokens. */
  in(tokenizer: string): OwnWorkload {
    let own = this.made.get(tokenizer);
    if (own === undefined) {
      const workload = workloadIn(this.table, this.workload, this.counting, tokenizer);
      own = { workload, q: quantitiesOf(workload) };
      this.made.set(tokenizer, own);
    }
    return own;
  }

  /** The workload in the model's own tokens. */
  of(model: Pick<Model, 'tokenizer'>): OwnWorkload {
    return this.in(model.tokenizer?.id ?? REFERENCE_TOKENIZER);
  }
}
