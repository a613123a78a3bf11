/** A refresh proposal in plain text, for review (and the weekly pull request's body). */
import { pair, type Proposal } from './proposal.js';

const show = (v: unknown) =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function report(proposal: Proposal): string {
  const lines = ['Sources read:'];
  for (const s of proposal.sources)
    lines.push(`  ${s.label}: ${s.entries.length} priced models of our providers (${s.src})`);
  lines.push('', `Changed: ${proposal.changed.length} model(s)`);
  for (const c of proposal.changed) {
    lines.push(
      `  ${c.id}: from ${c.winner.source.label} (${c.winner.entry.sourceId}), ${c.effectiveFrom ? `in force from ${c.effectiveFrom}` : 'no start date given'}`,
    );
    for (const f of c.fields) lines.push(`    ${f.field}: ${show(f.ours)} -> ${show(f.theirs)}`);
    for (const u of c.units)
      lines.push(`    ${u.group}.${u.field}: ${show(u.ours)} -> ${show(u.theirs)} (${u.source}, ${u.date})`);
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
  for (const r of proposal.rules)
    lines.push(
      `  ${r.slug}: ${r.ours} -> ${r.theirs} (long-context prices apply ${r.theirs === 'at' ? 'from' : 'above'} the threshold)`,
    );
  return lines.join('\n');
}
