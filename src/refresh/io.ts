/**
 * The refresh's I/O: fetching or reading a source with its date, reading and writing data/*.json,
 * reading what catalog:check checks. Everything else in src/refresh is pure.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { CatalogueFile, ProviderFile } from '../core/schema/catalogue-schema.js';
import { benchmarkFileSchema } from '../core/quality/benchmarks.js';
import { applyEvidence, proposeAll, type EvidenceRun } from './benchmarks.js';
import type { CheckInput } from './check.js';
import { crossCheck, type CrossCheckRow, type Reference } from './crosscheck.js';
import type { Format } from './entry.js';
import type { DataFile } from './proposal.js';

/** The day the data bundled in the pinned @pydantic/genai-prices was last checked (its newest price comment). */
export const GENAI_PACKAGE_DATE = '2026-09-22';
const GENAI_PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'mistral',
  'deepseek',
  'x-ai',
  'cohere',
  'aws',
  'together',
  'moonshotai',
  'zai',
  'minimax',
];
const TIMEOUT_MS = 60_000;

export interface Fetched {
  json: unknown;
  date: string;
  label: string;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const codeOf = (e: unknown): unknown => (e instanceof Error && 'code' in e ? e.code : undefined);

function parseJson(text: string, src: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`returned something that is not JSON at ${src} (starts with ${JSON.stringify(text.slice(0, 40))})`);
  }
}

/** The JSON of one source and its date (Last-Modified of a URL, mtime of a file, the package's data date). */
export async function fetchSource(format: Format, src: string, today: string): Promise<Fetched> {
  if (format === 'genai-prices' && src === 'package') {
    const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
    const { version } = JSON.parse(readFileSync(resolve(dirname(entry), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const { findProvider } = await import('@pydantic/genai-prices');
    const json = GENAI_PROVIDERS.map((id) => findProvider({ providerId: id })).filter(Boolean);
    return { json, date: GENAI_PACKAGE_DATE, label: `genai-prices ${version} data of ${GENAI_PACKAGE_DATE}` };
  }
  if (/^https?:\/\//.test(src)) {
    let response: Response;
    try {
      response = await fetch(src, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (e) {
      const cause = e instanceof Error ? codeOf(e.cause) : undefined;
      throw new Error(`cannot be reached at ${src}: ${String(cause ?? messageOf(e))}`);
    }
    if (!response.ok) throw new Error(`answered HTTP ${response.status} at ${src}`);
    const text = await response.text();
    const modified = response.headers.get('last-modified');
    const date =
      modified && !Number.isNaN(Date.parse(modified)) ? new Date(modified).toISOString().slice(0, 10) : today;
    return { json: parseJson(text, src), date, label: `${format} data of ${date}` };
  }
  let text: string;
  try {
    text = readFileSync(src, 'utf8');
  } catch (e) {
    throw new Error(`cannot be read from ${src}: ${String(codeOf(e) ?? messageOf(e))}`);
  }
  const date = statSync(src).mtime.toISOString().slice(0, 10);
  return { json: parseJson(text, src), date, label: `${format} data of ${date}` };
}

/**
 * The data files of a directory. They are the catalogue itself, validated by its own schema in
 * npm test and catalog:check, so they are read as they are (parsing would reorder their keys).
 */
export function readDataDir(dataDir: string): DataFile[] {
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ path: join(dataDir, f), json: JSON.parse(readFileSync(join(dataDir, f), 'utf8')) as ProviderFile }));
}

export function writeDataFiles(files: DataFile[], paths: string[]): void {
  for (const f of files) if (paths.includes(f.path)) writeFileSync(f.path, `${JSON.stringify(f.json, null, 2)}\n`);
}

/** The evidence refresh's reading: data/quality/benchmarks.json and the input files (an error names the file; nothing is written). */
export function loadEvidence(dataDir: string, inputs: readonly string[], files: readonly DataFile[]): EvidenceRun {
  const path = join(dataDir, 'quality', 'benchmarks.json');
  if (!existsSync(path)) throw new Error(`there is no ${path} to refresh`);
  const evidence = benchmarkFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const referenceIds = new Map(
    files.flatMap((f) => f.json.models.flatMap((m) => (m.referenceId ? [[m.referenceId, m.id] as const] : []))),
  );
  const read = inputs.map((file) => {
    try {
      return { file, json: JSON.parse(readFileSync(file, 'utf8')) as unknown };
    } catch (e) {
      throw new Error(`cannot read ${file}: ${messageOf(e)}`);
    }
  });
  return { path, evidence, proposals: proposeAll(evidence, read, referenceIds) };
}

/** Writes the evidence with every proposal applied; false when nothing changed. */
export function writeEvidence(run: EvidenceRun): boolean {
  const changes = run.proposals.flatMap((p) => p.changes);
  if (changes.length === 0) return false;
  writeFileSync(run.path, `${JSON.stringify(applyEvidence(run.evidence, changes), null, 2)}\n`);
  return true;
}

// src/refresh/ here, dist/ once built: the repository is the folder above either.
export const ROOT = resolve(import.meta.dirname, import.meta.dirname.endsWith('dist') ? '..' : '../..');
export const DATA_DIR = join(ROOT, 'data');
export const REFERENCE_PRICES = resolve(ROOT, '..', 'shared', 'reference', 'prices.json');

const readReference = (pricesPath: string): Reference | undefined =>
  existsSync(pricesPath) ? (JSON.parse(readFileSync(pricesPath, 'utf8')) as Reference) : undefined;

/** What catalog:check reads: the price files and evidence of a data directory (as the app loads them) and the reference. */
export function readCheckInput(dataDir = DATA_DIR, pricesPath = REFERENCE_PRICES): CheckInput {
  const read = (name: string): CatalogueFile => ({
    file: `data/${name}`,
    data: JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as unknown,
  });
  const evidence = join('quality', 'benchmarks.json');
  const names = readdirSync(dataDir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  return {
    files: names.map(read),
    evidence: existsSync(join(dataDir, evidence)) ? read(evidence) : undefined,
    reference: readReference(pricesPath),
    pricesPath,
  };
}

/** The cross-check of a data directory against the reference; undefined without the reference (a clone without ../shared). */
export function crossCheckDir(dataDir = DATA_DIR, pricesPath = REFERENCE_PRICES): CrossCheckRow[] | undefined {
  const reference = readReference(pricesPath);
  return (
    reference &&
    crossCheck(
      readDataDir(dataDir).map((f) => f.json),
      reference,
    )
  );
}

/** The three files of a folder shaped as the reference's hosts/ that say what models take in and give out. */
export function readModalityFiles(hostsDir: string): { offers: unknown; models: unknown; openRouter: unknown } {
  const read = (name: string) => {
    const path = join(hostsDir, name);
    try {
      return parseJson(readFileSync(path, 'utf8'), path);
    } catch (e) {
      throw new Error(`${path} cannot be read: ${String(codeOf(e) ?? messageOf(e))}`);
    }
  };
  const offers = read('models-dev-offers.json');
  const models = read('models-dev-models.json');
  // OpenRouter's list is saved by date (openrouter-models-YYYY-MM-DD.json): the newest is read.
  const openRouter = readdirSync(hostsDir)
    .filter((f) => /^openrouter-models-\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .sort()
    .at(-1);
  if (!openRouter) throw new Error(`${hostsDir} holds no openrouter-models-YYYY-MM-DD.json`);
  return { offers, models, openRouter: read(openRouter) };
}
