/** The entry point esbuild bundles into dist/refresh.mjs (scripts/build-refresh.mjs). */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
