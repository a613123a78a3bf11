// Build the catalogue refresh (src/refresh/cli.ts) into dist/refresh.mjs and its check
// (src/refresh/check-cli.ts) into dist/catalog-check.mjs, which `npm run catalog:refresh` and
// `npm run catalog:check` then run: Node 20 runs no TypeScript. Dependencies stay in node_modules.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'dist'), { recursive: true });
await build({
  // The price refresh, the catalogue check and the doors refresh (src/refresh/offers/main.ts, `npm run catalog:doors`).
  entryPoints: {
    refresh: join(root, 'src', 'refresh', 'cli.ts'),
    'catalog-check': join(root, 'src', 'refresh', 'check-cli.ts'),
    doors: join(root, 'src', 'refresh', 'offers', 'main.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
