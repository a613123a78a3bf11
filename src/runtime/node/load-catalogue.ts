/**
 * Reads data/*.json from disk and builds the catalogue (Node only; the core stays I/O-free); and
 * the build's check of those files, so that a cold start need not parse them with zod again (most
 * of its catalogue work). `npm run build` writes the check beside the server bundle
 * (dist/catalogue-checked.json): for each data file that passes its schema, the SHA-256 of its
 * bytes and the schema's output (for the evidence file, also its models' scores, which a start
 * would otherwise compute: scoreEvidence). A file whose bytes have one of those digests is taken as checked;
 * any other (changed, or from another DATA_DIR) is parsed in full, with the same messages. The
 * checks across records and files run on every load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchmarkFileSchema, type BenchmarkFile } from '../../core/quality/benchmarks.js';
import { scoreEvidence, type EvidenceSource, type ScoredModel } from '../../core/quality/evidence.js';
import { buildCatalogue, CatalogueError, type Catalogue } from '../../core/catalogue/catalogue.js';
import { providerFileSchema, type CatalogueFile, type ProviderFile } from '../../core/schema/catalogue-schema.js';
import { sha256 } from './digest.js';
import { attachDoorData } from '../../core/offers/book.js';
import { doorReader } from './load-doors.js';
import { TOKENIZER_TABLE } from '../../endpoints/tokenizer-data.js';

/** The benchmark evidence, beside the price files (a data directory without it has every model unrated). */
export const EVIDENCE_FILE = join('quality', 'benchmarks.json');

/** The build's check of the data files, as it writes it beside the bundle (dist/server.mjs). */
export const CHECKED_DATA_FILE = 'catalogue-checked.json';

/** Each data file that passed its schema, by the SHA-256 of its bytes: the schema's output. */
export interface CheckedData {
  /** Price files (data/*.json). */
  providers: Record<string, ProviderFile>;
  /** Benchmark evidence (data/quality/benchmarks.json). */
  evidence: Record<string, BenchmarkFile>;
  /** The evidence file's models scored (scoreEvidence), by the same digest: a start need not score them. */
  scores: Record<string, Record<string, ScoredModel>>;
}

/** The price files of a data directory, in order, and its evidence file if it has one. */
function dataFiles(dir: string): { prices: string[]; evidence: string | undefined } {
  const evidence = join(dir, EVIDENCE_FILE);
  const prices = readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
  return { prices, evidence: existsSync(evidence) ? evidence : undefined };
}

/** `checkedPath`: the build's check (read on each load); a file whose bytes it names is not parsed with zod again. */
export function loadCatalogueFromDir(dir: string, checkedPath?: string): Catalogue {
  const checked = checkedPath === undefined ? undefined : readCheckedData(checkedPath);
  const { prices, evidence } = dataFiles(dir);
  const catalogue = buildCatalogue(
    prices.map((path) => readJson(path, checked?.providers)),
    evidence === undefined ? undefined : readEvidence(evidence, checked),
    TOKENIZER_TABLE,
  );
  // The doors (data/offers/) are read when first asked for, not at start.
  const doors = doorReader(dir);
  if (doors) attachDoorData(catalogue, doors);
  return catalogue;
}

/** The evidence file, with the build's scores of its models when the build checked these bytes. */
function readEvidence(path: string, checked: CheckedData | undefined): EvidenceSource {
  const { digest, ...source } = readJson(path, checked?.evidence);
  const scored = source.checked ? checked?.scores[digest] : undefined;
  return scored === undefined ? source : { ...source, scored };
}

function readJson(
  path: string,
  checked: Readonly<Record<string, unknown>> | undefined,
): CatalogueFile & { digest: string } {
  const file = relative(process.cwd(), path) || path;
  const bytes = readFileSync(path);
  const digest = sha256(bytes);
  const known = checked?.[digest];
  if (known !== undefined) return { file, data: known, checked: true, digest };
  try {
    return { file, data: JSON.parse(bytes.toString('utf8')) as unknown, digest };
  } catch (err) {
    throw new CatalogueError(`${file}: not valid JSON (${(err as Error).message})`);
  }
}

/** The build's side: the files of a data directory that pass their schema (the others are left for the loader to refuse). */
export function checkData(dir: string): CheckedData {
  const checked: CheckedData = { providers: {}, evidence: {}, scores: {} };
  const { prices, evidence } = dataFiles(dir);
  for (const path of prices) record(checked.providers, path, (data) => providerFileSchema.safeParse(data));
  if (evidence !== undefined) record(checked.evidence, evidence, (data) => benchmarkFileSchema.safeParse(data));
  for (const [digest, file] of Object.entries(checked.evidence)) checked.scores[digest] = scoreEvidence(file);
  return checked;
}

function record<T>(
  into: Record<string, T>,
  path: string,
  parse: (data: unknown) => { success: boolean; data?: T },
): void {
  const bytes = readFileSync(path);
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return;
  }
  const parsed = parse(data);
  if (parsed.success) into[sha256(bytes)] = parsed.data as T;
}

/** The build's check at `path`, if there is one that can be read. */
function readCheckedData(path: string): CheckedData | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const checked = JSON.parse(readFileSync(path, 'utf8')) as Partial<CheckedData>;
    return { providers: checked.providers ?? {}, evidence: checked.evidence ?? {}, scores: checked.scores ?? {} };
  } catch {
    return undefined;
  }
}
