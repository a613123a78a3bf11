/** Reads data/*.json from disk and builds the catalogue (Node only; the core stays I/O-free). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildCatalogue, CatalogueError, type Catalogue } from '../../core/catalogue.js';

export function loadCatalogueFromDir(dir: string): Catalogue {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  const files = names.map((name) => {
    const path = join(dir, name);
    const file = relative(process.cwd(), path) || path;
    try {
      return { file, data: JSON.parse(readFileSync(path, 'utf8')) as unknown };
    } catch (err) {
      throw new CatalogueError(`${file}: not valid JSON (${(err as Error).message})`);
    }
  });
  return buildCatalogue(files);
}
