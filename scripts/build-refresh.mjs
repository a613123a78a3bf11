// Build the catalogue refresh (src/refresh/cli.ts) into dist/refresh.mjs, which
// `npm run catalog:refresh` then runs: Node 20 runs no TypeScript. Dependencies stay in node_modules.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'dist'), { recursive: true });
await build({
  entryPoints: [join(root, 'src', 'refresh', 'cli.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: join(root, 'dist', 'refresh.mjs'),
  logLevel: 'warning',
});
