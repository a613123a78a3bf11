#!/usr/bin/env node
// `ai-model-pricing`: runs the CLI bundle (dist/cli.mjs), building it first when it is missing or
// older than the sources, so the command works straight after `npm install` on a clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'cli.mjs');

/** The newest modification time of the files under dir, in ms. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = join(root, 'src');
if (existsSync(sources) && (!existsSync(bundle) || newest(sources) > statSync(bundle).mtimeMs)) {
  const { buildCli } = await import('../scripts/build-cli.mjs');
  await buildCli();
}
await import(pathToFileURL(bundle).href);
