/**
 * `npm run catalog:check`: validates every data/*.json file with the app's own schema and rules
 * (buildCatalogue), then prints the cross-check against ../shared/reference/prices.json
 * 1 on an invalid file or any unjustified difference; the cross-check is skipped
 * (0, with a message) when the reference is absent.
 */
import { buildCatalogue } from '../core/catalogue/catalogue.js';
import type { CatalogueFile, ProviderFile } from '../core/schema/catalogue-schema.js';
import { crossCheck, summarize, type CrossCheckRow, type Reference } from './crosscheck.js';

/** What the check reads (readCheckInput): the data files as the app loads them, and the reference if there is one. */
export interface CheckInput {
  files: CatalogueFile[];
  evidence: CatalogueFile | undefined;
  reference: Reference | undefined;
  /** Where the reference was looked for, for the message when it is absent. */
  pricesPath: string;
}

/**
 * Runs the check on what `read` returns (a file that cannot be read or parsed fails the check as
 * an invalid one), printing each line with `print`; `all` prints the matching fields too. Returns the exit code.
 */
export function catalogCheck(read: () => CheckInput, all: boolean, print: (line: string) => void): number {
  let input: CheckInput;
  try {
    input = read();
    const catalogue = buildCatalogue(input.files, input.evidence);
    print(
      `data/: ${catalogue.providers.length} files, ${catalogue.models.length} models valid (schema, ids, context, long-context thresholds); lastUpdated ${catalogue.lastUpdated}.\n`,
    );
  } catch (err) {
    print(`data/ is invalid: ${(err as Error).message}`);
    return 1;
  }
  if (input.reference === undefined) {
    print(`Reference ${input.pricesPath} not found: cross-check skipped.`);
    return 0;
  }
  // The files passed their schema above.
  const rows = crossCheck(
    input.files.map((f) => f.data as ProviderFile),
    input.reference,
  );
  for (const line of table(rows, all)) print(line);
  const counts = summarize(rows);
  const models = new Set(rows.map((r) => r.id)).size;
  print(
    `\n${models} models, ${rows.length} price fields: ${counts.match} match, ${counts.justified} justified difference(s), ` +
      `${counts.unjustified} unjustified difference(s)${all ? '' : ' (matches hidden; --all shows them)'}`,
  );
  return counts.unjustified > 0 ? 1 : 0;
}

function table(rows: readonly CrossCheckRow[], all: boolean): string[] {
  const fmt = (v: number | string | null) => (v === null ? '-' : String(v));
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [
    pad('model', 52) + pad('field', 12) + pad('ours', 11) + pad('reference', 11) + pad('basis', 20) + 'status',
  ];
  let lastId = '';
  for (const row of rows) {
    if (!all && row.status === 'match') continue;
    const id = row.id === lastId ? '' : row.id;
    lastId = row.id;
    lines.push(
      pad(id, 52) +
        pad(row.field, 12) +
        pad(fmt(row.ours), 11) +
        pad(fmt(row.reference), 11) +
        pad(fmt(row.basis), 20) +
        row.status +
        (row.status === 'match' ? '' : `  ${row.note}`),
    );
  }
  return lines;
}
