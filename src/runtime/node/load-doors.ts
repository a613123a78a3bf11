/** Reads data/offers/ (sellers.json and each maker's doors) for the door book, when first asked (Node only). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DoorData } from '../../core/offers/book.js';

/** The reader of a data directory's doors, or undefined when it has none. */
export function doorReader(dataDir: string): (() => DoorData) | undefined {
  const dir = join(dataDir, 'offers');
  if (!existsSync(join(dir, 'sellers.json'))) return undefined;
  const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
  return () => ({
    sellers: read('sellers.json'),
    files: readdirSync(dir)
      .filter((n) => n.endsWith('.json') && n !== 'sellers.json')
      .sort()
      .map(read),
  });
}
