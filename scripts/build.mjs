// Build: the Node server bundle (dist/server.mjs) and the minified browser bundles
// (dist/widget.js, dist/site.js; see web-bundles.mjs).
import { build } from 'esbuild';
import { bundle, WEB_ENTRIES } from './web-bundles.mjs';

await Promise.all([
  build({
    entryPoints: ['src/runtime/node.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: 'dist/server.mjs',
    logLevel: 'warning',
  }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js'),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js'),
]);
