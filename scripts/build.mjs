// Build: the Node server bundle (dist/server.mjs, dependencies included) and the minified browser bundles
// (dist/widget.js, dist/site.js; see web-bundles.mjs).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { jsonAsParse, lazyFontTables } from './build-plugins.mjs';
import { bundle, WEB_ENTRIES } from './web-bundles.mjs';

// Chunk names carry a content hash: drop the previous build's.
rmSync('dist/chunks', { recursive: true, force: true });

await Promise.all([
  build({
    entryPoints: { server: 'src/runtime/node.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies bundled in: less to resolve and compile at start-up (the cold start). Code
    // loaded on demand (the MCP server and its SDK) goes to dist/chunks/, read on first use.
    // CommonJS dependencies that require Node's built-ins get a require().
    splitting: true,
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [lazyFontTables, jsonAsParse],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js'),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js'),
]);
