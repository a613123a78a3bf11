/**
 * The corpus as files: `corpus/<kind>/<passage>.txt`, read in a fixed order, and its hash. Shared by
 * the measuring tool (measure.mjs) and the service's test of the committed table (no tokenizer
 * needed), so both name the same bytes the same way. Node built-ins only.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = join(import.meta.dirname, 'corpus');

/** Characters are Unicode code points (a Chinese character is one, as is an ASCII letter). */
export const characters = (text) => [...text].length;

/** Every passage, kinds and names in code-point order: { kind, name, text }. */
export function readCorpus(dir = CORPUS_DIR) {
  const kinds = readdirSync(dir)
    .filter((k) => statSync(join(dir, k)).isDirectory())
    .sort();
  return kinds.flatMap((kind) =>
    readdirSync(join(dir, kind))
      .filter((n) => n.endsWith('.txt'))
      .sort()
      .map((name) => ({
        kind,
        name: name.slice(0, -'.txt'.length),
        text: readFileSync(join(dir, kind, name), 'utf8'),
      })),
  );
}

/** SHA-256 over each passage's `kind/name`, its length in bytes and its bytes, in order: `sha256:<hex>`. */
export function corpusHash(passages) {
  const hash = createHash('sha256');
  for (const { kind, name, text } of passages) {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(`${kind}/${name}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return `sha256:${hash.digest('hex')}`;
}
