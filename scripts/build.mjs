// Build: the Node server bundle (dist/server.mjs, dependencies included) and the browser bundles
// (dist/widget.js, dist/site.js, dist/docs.js, dist/docs.css; see web-bundles.mjs).
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { serverBuild } from './server-build.mjs';
import { bundle, docsAssets, WEB_ENTRIES } from './web-bundles.mjs';

// Chunk names carry a content hash: drop the previous build's.
rmSync('dist/chunks', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });

await Promise.all([
  build({ ...serverBuild, logLevel: 'warning' }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js'),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js'),
  docsAssets().then(({ docsJs, docsCss }) => Promise.all([writeFile('dist/docs.js', docsJs), writeFile('dist/docs.css', docsCss)])),
]);
