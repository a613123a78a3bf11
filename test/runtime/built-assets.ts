/**
 * The API reference's script, /assets/docs.js (Swagger UI, the largest answer the server has), as
 * the Node server serves it from dist/: built there as `npm run build` builds it when no build has
 * been made yet, so that a server started from the repository serves it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsAssets } from '../../scripts/web-bundles.mjs';

const dist = join(import.meta.dirname, '..', '..', 'dist');

export async function builtDocsJs(): Promise<Buffer> {
  const path = join(dist, 'docs.js');
  if (!existsSync(path)) {
    const { docsJs, docsCss } = await docsAssets();
    mkdirSync(dist, { recursive: true });
    // Written aside and renamed, so that a server starting meanwhile (another test file) reads all or nothing.
    for (const [name, text] of [
      ['docs.css', docsCss],
      ['docs.js', docsJs],
    ] as const) {
      const aside = join(dist, `${name}.${process.pid}.tmp`);
      writeFileSync(aside, text);
      renameSync(aside, join(dist, name));
    }
  }
  return readFileSync(path);
}
