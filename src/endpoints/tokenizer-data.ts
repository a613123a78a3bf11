/**
 * The tokenizer table as built into the service (Node's bundle and the Worker's script alike): the
 * measured figures and the model rules are reviewable data, not the catalogue's, so no data
 * directory swaps them. Checked against its schema when first imported.
 */
import raw from '../../data/tokenizers/tokenizers.json';
import { tokenizerTableSchema, type TokenizerTable } from '../core/pricing/tokenizer-table.js';

export const TOKENIZER_TABLE: TokenizerTable = tokenizerTableSchema.parse(raw);

/** The tokenizers a workload may be counted with (counted_with), and the kinds of text measured (text_kind). */
export const TOKENIZER_IDS = Object.keys(TOKENIZER_TABLE.tokenizers);
export const TEXT_KINDS = Object.keys(TOKENIZER_TABLE.corpus.kinds);
