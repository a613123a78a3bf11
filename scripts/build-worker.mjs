// Build for the Worker (wrangler.toml runs this before `wrangler dev` and `wrangler deploy`): the
// static assets directory dist/worker-assets/, laid out by src/runtime/worker/static-assets.ts from
// the browser bundles (widget, site script, API reference; see web-bundles.mjs) and badge-maker's
// font tables. The script itself (src/runtime/worker.ts) is bundled by wrangler.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWeb } from './web-bundles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'worker-assets');

/** A TypeScript module of src/, bundled (its packages left to Node) and imported. */
async function importSource(entry) {
  const file = join(root, 'dist', `.build-worker-${process.pid}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: file,
    logLevel: 'warning',
  });
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

const [{ staticAssets, fontFiles }, web] = await Promise.all([
  importSource('src/runtime/worker/static-assets.ts'),
  bundleWeb(),
]);
// Written aside, then swapped in whole: a running `wrangler dev` never sees a half-written directory.
const next = `${out}.${process.pid}`;
rmSync(next, { recursive: true, force: true });
for (const [path, text] of staticAssets(web)) {
  mkdirSync(dirname(join(next, path)), { recursive: true });
  writeFileSync(join(next, path), text);
}
const fontData = join(dirname(createRequire(import.meta.url).resolve('anafanafo/package.json')), 'data');
for (const [name, path] of fontFiles()) {
  mkdirSync(dirname(join(next, path)), { recursive: true });
  copyFileSync(join(fontData, name), join(next, path));
}
rmSync(out, { recursive: true, force: true });
renameSync(next, out);
