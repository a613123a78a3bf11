// Cross-check of the catalogue in data/ against the reference dataset ../shared/reference/prices.json.
// Plain JavaScript (ESM) so it runs with `node` and can be imported by the tests (types: .d.mts), like the
// seed that built data/ from the reference; the refresh that keeps data/ current is src/refresh/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..');
export const DATA_DIR = join(ROOT, 'data');
export const REFERENCE_PRICES = resolve(ROOT, '..', 'shared', 'reference', 'prices.json');

/** Which reference records belong to which catalogue provider (reference `provider` and `host`). */
export const REFERENCE_SCOPE = {
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

/** Catalogue field -> reference consensus field. */
export const PRICE_FIELDS = [
  ['input', 'input'],
  ['output', 'output'],
  ['cachedInput', 'cache_read'],
  ['cacheWrite', 'cache_write'],
];

/**
 * Whether a listed cache-write price is a price of its own: a write price of 0 on a paid model means
 * no write surcharge. The refresh applies the same rule to its sources (isWritePrice in
 * src/refresh/entry.ts); these seeding scripts run as plain JavaScript and cannot import it.
 */
export function isWritePrice(write, input) {
  return typeof write === 'number' && !(write === 0 && input > 0);
}

/** Equal within 0.01 % (the reference itself treats values within 0.5 % as agreeing). */
export function samePrice(a, b) {
  if (a === b) return true;
  const max = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= max * 1e-4 + 1e-12;
}

export function loadReference(pricesPath = REFERENCE_PRICES) {
  if (!existsSync(pricesPath)) return undefined;
  return JSON.parse(readFileSync(pricesPath, 'utf8'));
}

export function findReferenceRecord(reference, slug, referenceId) {
  const scope = REFERENCE_SCOPE[slug];
  if (!scope || !referenceId) return undefined;
  return reference.models.find(
    (r) => r.model_id === referenceId && r.provider === scope.provider && (r.host ?? null) === scope.host,
  );
}

export function loadCatalogue(dataDir = DATA_DIR) {
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, ...JSON.parse(readFileSync(join(dataDir, f), 'utf8')) }));
}

/**
 * Compares every model's input/output/cachedInput/cacheWrite with the reference consensus.
 * Returns one row per (model, field) where either side has a value:
 * `match`, `justified` (differs, the record has a priceNote) or `unjustified`.
 * A record whose referenceId is not among the reference's current models is one `unjustified` row
 * (field `record`) unless it has a priceNote.
 */
export function crossCheck({ dataDir = DATA_DIR, pricesPath = REFERENCE_PRICES, reference } = {}) {
  const ref = reference ?? loadReference(pricesPath);
  if (!ref) return undefined;
  const rows = [];
  for (const file of loadCatalogue(dataDir)) {
    const slug = file.provider.slug;
    for (const model of file.models) {
      const record = findReferenceRecord(ref, slug, model.referenceId);
      const justified = typeof model.priceNote === 'string' && model.priceNote.length > 0;
      if (!record) {
        rows.push({
          id: model.id, referenceId: model.referenceId ?? null, field: 'record', ours: null, reference: null,
          basis: null, status: justified ? 'justified' : 'unjustified', note: 'not among the reference current models',
        });
        continue;
      }
      for (const [ours, theirs] of PRICE_FIELDS) {
        const a = model[ours];
        // A reference write price of 0 on a paid model is no write price (see isWritePrice).
        const b = ours === 'cacheWrite' && !isWritePrice(record[theirs], record.input) ? undefined : record[theirs];
        if ((a === undefined || a === null) && (b === undefined || b === null)) continue;
        const equal = a !== undefined && a !== null && b !== undefined && b !== null && samePrice(a, b);
        rows.push({
          id: model.id, referenceId: model.referenceId, field: ours, ours: a ?? null, reference: b ?? null,
          basis: record[`${theirs}_basis`] ?? null,
          status: equal ? 'match' : justified ? 'justified' : 'unjustified',
          note: equal ? '' : justified ? model.priceNote : 'differs from the reference consensus without a priceNote',
        });
      }
    }
  }
  return rows;
}

export function summarize(rows) {
  const counts = { match: 0, justified: 0, unjustified: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
