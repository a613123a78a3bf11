// npm run bench:direct: our own work per request, in-process, without HTTP: the app's direct answer
// path (cache key, cache, parameters, handler, JSON, stored bytes and ETag, headers) for the
// all-unique kinds of npm run bench, one kind at a time and mixed, and for cached answers.
// Bundles src/ with esbuild into node_modules/.cache first, so it runs without a build step.
// Prints the median and the fastest of 15 batches of 20,000 requests, in µs per request.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { uniqueKinds, uniqueMix } from './bench-queries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'bench-direct');
mkdirSync(outdir, { recursive: true });
const entry = join(outdir, 'entry.ts');
const src = (path) => JSON.stringify(join(root, 'src', path));
writeFileSync(entry, [
  `export { createApp, directAnswers } from ${src('http/app.ts')};`,
  `export { loadCatalogueFromDir } from ${src('runtime/load-catalogue.ts')};`,
  `export { nodeCompressors } from ${src('runtime/node-compression.ts')};`,
].join('\n'));
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(outdir, 'app.mjs'), logLevel: 'error' });
const { createApp, directAnswers, loadCatalogueFromDir, nodeCompressors } = await import(pathToFileURL(join(outdir, 'app.mjs')).href);

const catalogue = loadCatalogueFromDir(join(root, 'data'));
const ids = catalogue.models.map((m) => m.id);
const KINDS = uniqueKinds(ids);

/** Median and fastest µs per request of `path(i)` over fresh i, on a fresh app (an empty cache). */
function measure(path) {
  const app = createApp({ catalogue: () => catalogue, compressors: nodeCompressors() });
  const direct = directAnswers(app);
  let n = 0;
  const batch = (count) => {
    for (let j = 0; j < count; j++) {
      const answer = direct({ method: 'GET', url: `http://127.0.0.1:8787${path(n++)}`, acceptEncoding: 'gzip, deflate, br', ifNoneMatch: null });
      if (answer?.status !== 200) throw new Error(`no 200 for ${path(n - 1)}`);
    }
  };
  batch(20_000);
  const times = [];
  for (let r = 0; r < 15; r++) {
    const start = performance.now();
    batch(20_000);
    times.push(((performance.now() - start) * 1000) / 20_000);
  }
  times.sort((a, b) => a - b);
  return { median: times[7], fastest: times[0] };
}

console.log(`Node ${process.version}; µs of our own work per request (median and fastest of 15 × 20,000)\n`);
console.log('| requests | median µs | fastest µs |');
console.log('| --- | ---: | ---: |');
const rows = [
  ['all-unique mix', uniqueMix(ids)],
  ...Object.entries(KINDS).map(([name, path]) => [`all-unique ${name}`, path]),
  ['cached /api/cheapest', () => '/api/cheapest'],
  ['cached /api/calculate with a query', () => `/api/calculate?model=${ids[0]}&input_tokens=3000`],
];
for (const [name, path] of rows) {
  const { median, fastest } = measure(path);
  console.log(`| ${name} | ${median.toFixed(2)} | ${fastest.toFixed(2)} |`);
}
