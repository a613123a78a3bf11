// Build: the Node server bundle (dist/server.mjs, dependencies included) and the minified browser bundles
// (dist/widget.js, dist/site.js; see web-bundles.mjs).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { serverBuild } from './server-build.mjs';
import { bundle, WEB_ENTRIES } from './web-bundles.mjs';

// Chunk names carry a content hash: drop the previous build's.
rmSync('dist/chunks', { recursive: true, force: true });

await Promise.all([
  build({ ...serverBuild, logLevel: 'warning' }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js'),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js'),
]);
