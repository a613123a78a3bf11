/** Reads data/*.json from disk and builds the catalogue (Node only; the core stays I/O-free). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildCatalogue, CatalogueError, type Catalogue } from '../../core/catalogue.js';

/** The benchmark evidence, beside the price files (a data directory without it has every model unrated). */
export const EVIDENCE_FILE = join('quality', 'benchmarks.json');

export function loadCatalogueFromDir(dir: string): Catalogue {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  const evidence = join(dir, EVIDENCE_FILE);
  return buildCatalogue(names.map((name) => readJson(join(dir, name))), existsSync(evidence) ? readJson(evidence) : undefined);
}

function readJson(path: string): { file: string; data: unknown } {
  const file = relative(process.cwd(), path) || path;
  try {
    return { file, data: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  } catch (err) {
    throw new CatalogueError(`${file}: not valid JSON (${(err as Error).message})`);
  }
}
