/** The evidence refresh's I/O: reading data/quality/benchmarks.json and the input files, writing the file back. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkFileSchema, type BenchmarkFile } from '../core/benchmarks.js';
import { applyEvidence, proposeEvidence, readRows, reportEvidence, type EvidenceProposal } from './benchmarks.js';
import type { DataFile } from './proposal.js';

export interface EvidenceRun {
  path: string;
  evidence: BenchmarkFile;
  proposals: EvidenceProposal[];
}

/** Reads everything first (an error names the file, and nothing is written). */
export function loadEvidence(dataDir: string, inputs: readonly string[], files: readonly DataFile[]): EvidenceRun {
  const path = join(dataDir, 'quality', 'benchmarks.json');
  if (!existsSync(path)) throw new Error(`there is no ${path} to refresh`);
  let evidence = benchmarkFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const referenceIds = new Map(files.flatMap((f) => f.json.models.flatMap((m) => (m.referenceId ? [[m.referenceId, m.id] as const] : []))));
  const proposals: EvidenceProposal[] = [];
  for (const input of inputs) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(input, 'utf8'));
    } catch (e) {
      throw new Error(`cannot read ${input}: ${e instanceof Error ? e.message : String(e)}`);
    }
    // Each input is proposed against the evidence as the inputs before it leave it.
    const proposal = proposeEvidence(evidence, readRows(json, input), referenceIds, input);
    proposals.push(proposal);
    evidence = applyEvidence(evidence, proposal.changes);
  }
  return { path, evidence: benchmarkFileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))), proposals };
}

export function reportRun(run: EvidenceRun): string {
  let evidence = run.evidence;
  return run.proposals.map((p) => {
    const text = reportEvidence(evidence, p);
    evidence = applyEvidence(evidence, p.changes);
    return text;
  }).join('\n');
}

/** Writes the evidence with every proposal applied; false when nothing changed. */
export function writeEvidence(run: EvidenceRun): boolean {
  const changes = run.proposals.flatMap((p) => p.changes);
  if (changes.length === 0) return false;
  writeFileSync(run.path, `${JSON.stringify(applyEvidence(run.evidence, changes), null, 2)}\n`);
  return true;
}
