// Build: the Node server bundle (dist/server.mjs, dependencies included) and the browser bundles
// (dist/widget.js, dist/site.js, dist/docs.js, dist/docs.css; see web-bundles.mjs), each with its
// br and gzip codings (<file>.br, <file>.gz), which the server sends as they are
// (src/runtime/node/assets.ts): made here once, at the highest levels, never on a request.
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

/** Writes <file>.br and <file>.gz (zlib's asynchronous calls: the files are compressed in parallel). */
async function encode(file) {
  const bytes = await readFile(file);
  const br = promisify(brotliCompress)(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
  const gz = promisify(gzip)(bytes, { level: 9 });
  await Promise.all([br.then((data) => writeFile(`${file}.br`, data)), gz.then((data) => writeFile(`${file}.gz`, data))]);
}

await Promise.all([
  build({ ...serverBuild, logLevel: 'warning' }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js').then(() => encode('dist/widget.js')),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js').then(() => encode('dist/site.js')),
  docsAssets().then(({ docsJs, docsCss }) =>
    Promise.all([
      writeFile('dist/docs.js', docsJs).then(() => encode('dist/docs.js')),
      writeFile('dist/docs.css', docsCss).then(() => encode('dist/docs.css')),
    ])),
]);
