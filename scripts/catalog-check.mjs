#!/usr/bin/env node
// Validates every data/*.json file with the app's own schema and rules (src/core/catalogue/catalogue.ts),
// then prints the cross-check against ../shared/reference/prices.json.
// Exit 1 on an invalid file or any unjustified difference; the cross-check is skipped (exit 0,
// with a message) when the reference is absent.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { crossCheck, DATA_DIR, REFERENCE_PRICES, summarize } from './catalog-crosscheck.mjs';

// The loader is TypeScript: bundle it (zod included) in memory and import the result.
const bundled = await build({
  entryPoints: ['src/runtime/node/load-catalogue.ts'],
  absWorkingDir: new URL('..', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'error',
});
const loader = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
try {
  const catalogue = loader.loadCatalogueFromDir(DATA_DIR);
  console.log(`data/: ${catalogue.providers.length} files, ${catalogue.models.length} models valid (schema, ids, context, long-context thresholds); lastUpdated ${catalogue.lastUpdated}.\n`);
} catch (err) {
  console.log(`data/ is invalid: ${err.message}`);
  process.exit(1);
}

if (!existsSync(REFERENCE_PRICES)) {
  console.log(`Reference ${REFERENCE_PRICES} not found: cross-check skipped.`);
  process.exit(0);
}

const rows = crossCheck();
const verbose = process.argv.includes('--all');
const fmt = (v) => (v === null || v === undefined ? '-' : String(v));
const pad = (s, n) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

console.log(pad('model', 52) + pad('field', 12) + pad('ours', 11) + pad('reference', 11) + pad('basis', 20) + 'status');
let lastId = '';
for (const row of rows) {
  if (!verbose && row.status === 'match') continue;
  const id = row.id === lastId ? '' : row.id;
  lastId = row.id;
  console.log(
    pad(id, 52) + pad(row.field, 12) + pad(fmt(row.ours), 11) + pad(fmt(row.reference), 11) + pad(fmt(row.basis), 20) +
      row.status + (row.status === 'match' ? '' : `  ${row.note}`),
  );
}
const counts = summarize(rows);
const models = new Set(rows.map((r) => r.id)).size;
console.log(
  `\n${models} models, ${rows.length} price fields: ${counts.match} match, ${counts.justified} justified difference(s), ` +
    `${counts.unjustified} unjustified difference(s)${verbose ? '' : ' (matches hidden; --all shows them)'}`,
);
process.exit(counts.unjustified > 0 ? 1 : 0);
