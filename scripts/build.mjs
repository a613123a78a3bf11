// Build: the Node server bundle (dist/server.mjs, dependencies included) and the browser bundles
// (dist/widget.js, dist/site.js, dist/docs.js, dist/docs.css; see web-bundles.mjs), each with its
// br and gzip codings (<file>.br, <file>.gz), which the server sends as they are
// (src/runtime/node/assets.ts): made here once, at the highest levels, never on a request. Each
// file's record of its codings (<file>.codings.json: the SHA-256 of the file and of each coding)
// lets the server tell, without decompressing, that they are codings of the file as it is.
// And the data files' check (dist/catalogue-checked.json), which spares the server parsing them at start.
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serverBuild } from './server-build.mjs';
import { bundle, docsAssets, WEB_ENTRIES } from './web-bundles.mjs';

// Chunk names carry a content hash: drop the previous build's.
rmSync('dist/chunks', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes <file>.br and <file>.gz (zlib's asynchronous calls: the files are compressed in parallel),
 * then <file>.codings.json, which names them.
 */
async function encode(file) {
  const bytes = await readFile(file);
  const br = promisify(brotliCompress)(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
  const gz = promisify(gzip)(bytes, { level: 9 });
  const written = (path) => async (data) => (await writeFile(path, data), data);
  const [brBytes, gzBytes] = await Promise.all([br.then(written(`${file}.br`)), gz.then(written(`${file}.gz`))]);
  await writeFile(
    `${file}.codings.json`,
    JSON.stringify({ file: sha256(bytes), br: sha256(brBytes), gzip: sha256(gzBytes) }),
  );
}

/**
 * Writes dist/catalogue-checked.json: the data files that pass their schema, by digest, with the
 * schema's output (src/runtime/node/load-catalogue.ts).
 */
async function checkData() {
  // The checker is TypeScript: bundled (zod included) in memory and imported.
  const bundled = await build({
    entryPoints: ['src/runtime/node/load-catalogue.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const loader = await import(
    `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
  );
  await writeFile(`dist/${loader.CHECKED_DATA_FILE}`, JSON.stringify(loader.checkData('data')));
}

await Promise.all([
  build({ ...serverBuild, logLevel: 'warning' }),
  checkData(),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js').then(() => encode('dist/widget.js')),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js').then(() => encode('dist/site.js')),
  bundle(WEB_ENTRIES.repriceJs, 'dist/reprice.js').then(() => encode('dist/reprice.js')),
  docsAssets().then(({ docsJs, docsCss }) =>
    Promise.all([
      writeFile('dist/docs.js', docsJs).then(() => encode('dist/docs.js')),
      writeFile('dist/docs.css', docsCss).then(() => encode('dist/docs.css')),
    ]),
  ),
]);
