/**
 * The cross-check of the catalogue in data/ against the reference dataset
 * ../shared/reference/prices.json: each record's input, output, cachedInput and cacheWrite beside
 * the reference consensus. Pure: crossCheckDir reads the files.
 */
import type { ModelData, ProviderFile } from '../core/schema/catalogue-schema.js';
import { isWritePrice } from './entry.js';

/** Which reference records belong to which catalogue provider (reference `provider` and `host`). */
export const REFERENCE_SCOPE: Readonly<Record<string, { provider: string; host: string | null }>> = {
  openai: { provider: 'OpenAI', host: null },
  anthropic: { provider: 'Anthropic', host: null },
  google: { provider: 'Google', host: null },
  mistral: { provider: 'Mistral AI', host: null },
  deepseek: { provider: 'DeepSeek', host: null },
  xai: { provider: 'xAI', host: null },
  cohere: { provider: 'Cohere', host: null },
  amazon: { provider: 'Amazon', host: 'AWS Bedrock' },
  alibaba: { provider: 'Alibaba (Qwen)', host: 'DashScope international' },
  together: { provider: 'Meta Llama', host: 'Together AI' },
};

type CheckedField = 'input' | 'output' | 'cachedInput' | 'cacheWrite';
/** Catalogue field -> reference consensus field. */
const PRICE_FIELDS: ReadonlyArray<readonly [CheckedField, string]> = [
  ['input', 'input'],
  ['output', 'output'],
  ['cachedInput', 'cache_read'],
  ['cacheWrite', 'cache_write'],
];

/** A reference record, as far as the check reads it. */
export type ReferenceRecord = Record<string, unknown> & { model_id: string; provider: string; host?: string | null };
export interface Reference {
  models: ReferenceRecord[];
}

export interface CrossCheckRow {
  id: string;
  referenceId: string | null;
  field: CheckedField | 'record';
  ours: number | null;
  reference: number | null;
  basis: string | null;
  status: 'match' | 'justified' | 'unjustified';
  note: string;
}

/** Equal within 0.01 % (the reference itself treats values within 0.5 % as agreeing). */
export function samePrice(a: number, b: number): boolean {
  if (a === b) return true;
  const max = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= max * 1e-4 + 1e-12;
}

export function findReferenceRecord(
  reference: Reference,
  slug: string,
  referenceId: string | undefined,
): ReferenceRecord | undefined {
  const scope = REFERENCE_SCOPE[slug];
  if (!scope || !referenceId) return undefined;
  return reference.models.find(
    (r) => r.model_id === referenceId && r.provider === scope.provider && (r.host ?? null) === scope.host,
  );
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * One row per (model, field) where either side has a value: `match`, `justified` (differs, the
 * record has a priceNote) or `unjustified`. A record whose referenceId is not among the
 * reference's current models is one row (field `record`), unjustified unless it has a priceNote.
 */
export function crossCheck(files: readonly ProviderFile[], reference: Reference): CrossCheckRow[] {
  const rows: CrossCheckRow[] = [];
  for (const file of files) {
    for (const model of file.models)
      rows.push(...rowsOf(model, findReferenceRecord(reference, file.provider.slug, model.referenceId)));
  }
  return rows;
}

function rowsOf(model: ModelData, record: ReferenceRecord | undefined): CrossCheckRow[] {
  const justified = typeof model.priceNote === 'string' && model.priceNote.length > 0;
  // A record outside the reference (the makers beyond its ten providers, gpt-oss) that names its door is checked against that door by `npm run catalog:doors`.
  if (!record && model.referenceDoor && model.referenceId === undefined) return [];
  if (!record) {
    return [
      {
        id: model.id,
        referenceId: model.referenceId ?? null,
        field: 'record',
        ours: null,
        reference: null,
        basis: null,
        status: justified ? 'justified' : 'unjustified',
        note: 'not among the reference current models',
      },
    ];
  }
  const rows: CrossCheckRow[] = [];
  for (const [ours, theirs] of PRICE_FIELDS) {
    const a = model[ours];
    // A reference write price of 0 on a paid model is no write price (isWritePrice).
    const b =
      ours === 'cacheWrite' && !isWritePrice(num(record[theirs]), num(record.input)) ? undefined : num(record[theirs]);
    if (a === undefined && b === undefined) continue;
    const equal = a !== undefined && b !== undefined && samePrice(a, b);
    const basis = record[`${theirs}_basis`];
    rows.push({
      id: model.id,
      referenceId: model.referenceId ?? null,
      field: ours,
      ours: a ?? null,
      reference: b ?? null,
      basis: typeof basis === 'string' ? basis : null,
      status: equal ? 'match' : justified ? 'justified' : 'unjustified',
      note: equal
        ? ''
        : justified
          ? (model.priceNote as string)
          : 'differs from the reference consensus without a priceNote',
    });
  }
  return rows;
}

export function summarize(rows: readonly CrossCheckRow[]): Record<CrossCheckRow['status'], number> {
  const counts = { match: 0, justified: 0, unjustified: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
