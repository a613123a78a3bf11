// Reading data/*.json and printing a refresh proposal (scripts/catalog-refresh-plan.mjs) for review.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './catalog-crosscheck.mjs';
import { pair } from './catalog-refresh-plan.mjs';

export function readDataDir(dataDir = DATA_DIR) {
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ path: join(dataDir, f), json: JSON.parse(readFileSync(join(dataDir, f), 'utf8')) }));
}

const show = (v) => (v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function report(proposal) {
  const lines = ['Sources read:'];
  for (const s of proposal.sources) lines.push(`  ${s.label}: ${s.entries.length} priced models of our providers (${s.src})`);
  lines.push('', `Changed: ${proposal.changed.length} model(s)`);
  for (const c of proposal.changed) {
    lines.push(`  ${c.id}: from ${c.winner.source.label} (${c.winner.entry.sourceId}), ${c.effectiveFrom ? `in force from ${c.effectiveFrom}` : "no start date given"}`);
    for (const f of c.fields) lines.push(`    ${f.field}: ${show(f.ours)} -> ${show(f.theirs)}`);
    for (const s of c.scheduled) lines.push(`    scheduled from ${s.effectiveFrom}: ${pair(s)}`);
    if (c.differText) lines.push(`    ${c.differText}`);
  }
  lines.push('', `New models: ${proposal.added.length}`);
  for (const a of proposal.added) {
    const where = a.contextTokens ? '' : ' (no context window in any source: not added, add it by hand)';
    lines.push(`  ${a.id}: ${pair(a.winner.entry)} from ${a.winner.source.label}, released ${a.released}${where}`);
  }
  lines.push('', `Removed models: ${proposal.removed.length}`);
  for (const r of proposal.removed) lines.push(`  ${r.id}: ${r.why}`);
  lines.push('', `Aliases: ${proposal.aliases.length}`);
  for (const a of proposal.aliases) lines.push(`  ${a.alias} -> ${a.id} (${a.source})`);
  lines.push('', `Long-context rules: ${proposal.rules.length}`);
  for (const r of proposal.rules) lines.push(`  ${r.slug}: ${r.ours} -> ${r.theirs} (long-context prices apply ${r.theirs === 'at' ? 'from' : 'above'} the threshold)`);
  return lines.join('\n');
}
