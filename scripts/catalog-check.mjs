#!/usr/bin/env node
// Prints the cross-check of data/*.json against ../shared/reference/prices.json.
// Exit 1 on any unjustified difference; exit 0 (with a message) when the reference is absent.
// Schema validation is done by the app and by test/data/catalogue.test.ts.
import { existsSync } from 'node:fs';
import { crossCheck, REFERENCE_PRICES, summarize } from './catalog-crosscheck.mjs';

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
