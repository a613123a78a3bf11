// Build: the Node server bundle (dist/server.mjs) and the minified widget (dist/widget.js).
import { build } from 'esbuild';

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
  build({
    entryPoints: ['web/widget.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    outfile: 'dist/widget.js',
    logLevel: 'warning',
  }),
]);
