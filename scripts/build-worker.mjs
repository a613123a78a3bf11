// Build for the Worker (wrangler.toml runs this before `wrangler dev` and `wrangler deploy`):
// dist/worker-assets.mjs hands the browser bundles (widget, site script, API reference; see web-bundles.mjs) to
// src/runtime/worker.ts as strings, since a Worker has no file system to read dist/ from.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWeb } from './web-bundles.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'worker-assets.mjs');
const assets = await bundleWeb();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(`${out}.tmp`, `export const assets = ${JSON.stringify(assets)};\n`);
renameSync(`${out}.tmp`, out);
