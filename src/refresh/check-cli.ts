/** The entry point esbuild bundles into dist/catalog-check.mjs (scripts/build-refresh.mjs): `npm run catalog:check [-- --all]`. */
import { catalogCheck } from './check.js';
import { readCheckInput } from './io.js';

process.exitCode = catalogCheck(
  () => readCheckInput(),
  process.argv.includes('--all'),
  (line) => console.log(line),
);
