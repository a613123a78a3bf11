// Build: the Node server bundle (dist/server.mjs, dependencies included) and the minified browser bundles
// (dist/widget.js, dist/site.js; see web-bundles.mjs).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { bundle, WEB_ENTRIES } from './web-bundles.mjs';

// A dependency's JSON data (badge-maker's font widths: 1 MB) as a JSON.parse of a string, which
// V8 reads several times faster at start-up than the same data as a JavaScript object literal.
const jsonAsParse = {
  name: 'json-as-parse',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/].*\.json$/ }, async (args) => ({
      contents: `module.exports = JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(await readFile(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

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
    plugins: [jsonAsParse],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  }),
  bundle(WEB_ENTRIES.widgetJs, 'dist/widget.js'),
  bundle(WEB_ENTRIES.siteJs, 'dist/site.js'),
]);
