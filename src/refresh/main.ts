/**
 * npm run catalog:refresh -- [--write] [--models.dev SRC] [--litellm SRC] [--openrouter SRC]
 *                            [--genai-prices SRC|package] [--data DIR] [--today YYYY-MM-DD] [--since YYYY-MM-DD]
 *                            [--benchmarks FILE]...
 *
 * Reads the public price lists (SRC: an http(s) URL or a file; without any, all four from their
 * public URLs), compares them with data/*.json and prints every proposed change with its source and
 * date. With --write it applies them (docs/catalogue.md, "The refresh"). A source that is down or
 * not what it should be: nothing is written, the message names the source, exit 1. --benchmarks
 * (repeatable) also proposes newer benchmark results from files in the reference's shapes, with the
 * score changes they make (docs/quality.md). --modalities also sets what each model
 * takes in and gives out from a folder shaped as the reference's hosts/; alone, it
 * reads no price source.
 */
import { resolve } from 'node:path';
import { DAY_MS } from '../core/pricing/time-of-day.js';
import { FORMATS, isFormat, type Format, type Source } from './entry.js';
import { applyProposal } from './apply.js';
import { reportRun, type EvidenceRun } from './benchmarks.js';
import { fetchSource, loadEvidence, readDataDir, readModalityFiles, writeDataFiles, writeEvidence } from './io.js';
import { applyModalities, indexSources, type ModalitySources } from './modalities.js';
import { propose } from './plan.js';
import { report } from './report.js';
import { readSource, SOURCE_KINDS } from './sources/index.js';

const USAGE = `Usage: npm run catalog:refresh -- [--write] [--${FORMATS.join(' SRC] [--')} SRC] [--data DIR] [--today YYYY-MM-DD] [--since YYYY-MM-DD]
SRC is an http(s) URL or a file (--genai-prices package: the pinned npm package's data); without any, all four public URLs.
--benchmarks FILE (repeatable): newer benchmark results, in the shape of the reference's quality.json or its transcribed boards.
--modalities DIR: what each model takes in and gives out, from a folder shaped as the reference's hosts/ (alone: no price source is read).
Prints the proposed changes to data/*.json; --write applies them.`;

interface Args {
  write: boolean;
  help: boolean;
  sources: Partial<Record<Format, string>>;
  benchmarks: string[];
  data?: string;
  today?: string;
  since?: string;
  modalities?: string;
}
const OPTIONS = ['data', 'today', 'since', 'modalities'] as const;
const isOption = (name: string): name is (typeof OPTIONS)[number] => (OPTIONS as readonly string[]).includes(name);

const isDate = (t: string) => /^\d{4}-\d{2}-\d{2}$/.test(t) && new Date(`${t}T00:00:00Z`).toISOString().startsWith(t);

function parseArgs(argv: string[]): Args {
  const args: Args = { write: false, help: false, sources: {}, benchmarks: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--write') {
      args.write = true;
      continue;
    }
    if (arg === '--help' || arg === '-h') {
      args.help = true;
      continue;
    }
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    const value = argv[i + 1];
    if (name === 'benchmarks' && value !== undefined && !value.startsWith('--')) {
      args.benchmarks.push(value);
      i++;
      continue;
    }
    if (!isFormat(name) && !isOption(name)) throw new Error(`unknown argument ${arg}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    i++;
    if (isFormat(name)) args.sources[name] = value;
    else args[name] = value;
  }
  for (const k of ['today', 'since'] as const) {
    const v = args[k];
    if (v !== undefined && !isDate(v)) throw new Error(`--${k} must be a date as YYYY-MM-DD; got ${v}`);
  }
  if (Object.keys(args.sources).length === 0 && args.modalities === undefined)
    for (const [f, kind] of Object.entries(SOURCE_KINDS)) args.sources[f as Format] = kind.url;
  return args;
}

const daysBefore = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

export interface Io {
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** The check date when --today is not given. */
  today?: string;
}

/** Runs the command; resolves to the exit code (0 done, 1 a source failed, 2 bad usage). */
export async function main(
  argv: string[],
  { out = console.log, err = console.error, today = new Date().toISOString().slice(0, 10) }: Io = {},
): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err(`catalog:refresh: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    out(USAGE);
    return 0;
  }
  const day = args.today ?? today;
  const sources: Source[] = [];
  const failures: string[] = [];
  for (const [format, src] of Object.entries(args.sources) as Array<[Format, string]>) {
    try {
      const { json, date, label } = await fetchSource(format, src, day);
      sources.push({ format, src, date, label, entries: readSource(format, json, { today: day }) });
    } catch (e) {
      failures.push(`catalog:refresh: source ${format} ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const dataDir = args.data ?? resolve('data');
  const files = readDataDir(dataDir);
  let evidence: EvidenceRun | undefined;
  if (args.benchmarks.length) {
    try {
      evidence = loadEvidence(dataDir, args.benchmarks, files);
    } catch (e) {
      failures.push(`catalog:refresh: benchmarks: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let modalities: ModalitySources | undefined;
  if (args.modalities !== undefined) {
    try {
      const read = readModalityFiles(args.modalities);
      modalities = indexSources(read.offers, read.models, read.openRouter);
    } catch (e) {
      failures.push(`catalog:refresh: modalities: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failures.length) {
    for (const f of failures) err(f);
    err('catalog:refresh: nothing written; fix or leave out the failing source(s) and run again.');
    return 1;
  }
  const proposal = propose(files, sources, { today: day, since: args.since ?? daysBefore(day, 90) });
  out(report(proposal));
  if (evidence) out(`\n${reportRun(evidence)}`);
  if (modalities)
    out(
      `\nModalities: ${applyModalities(structuredClone(files), modalities, day).length} file(s) would change (models.dev and OpenRouter, ${args.modalities}).`,
    );
  if (!args.write) {
    out('\nDry run: nothing written. Run again with --write to apply these changes to data/.');
    return 0;
  }
  const touched = applyProposal(files, proposal, { today: day });
  if (modalities)
    for (const path of applyModalities(files, modalities, day)) if (!touched.includes(path)) touched.push(path);
  writeDataFiles(files, touched);
  const wroteEvidence = evidence ? writeEvidence(evidence) : false;
  out(`\nWrote ${touched.length + (wroteEvidence ? 1 : 0)} file(s) in ${dataDir}, checked ${day}. Next: npm test.`);
  return 0;
}
