// The esbuild options of the Node server bundle (dist/server.mjs and its chunks, built by
// scripts/build.mjs), with the plugins that make a cold start cheaper without changing what the
// bundled code does (test/scripts/server-build.test.ts); the start-up tests build with them too.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// badge-maker measures text with anafanafo, which reads all four of its font-width tables (about
// 225 KB of JSON each) when it is loaded, at start-up. A badge of the default style needs one of
// them. Each table is read on its first use instead, from a copy of anafanafo's own file made at
// build beside the bundle (<outdir>/fonts/, as the Worker has the same files in its static assets),
// so a copied dist/ needs no node_modules: not carried in the bundle, 880 KB of source that every
// start decoded and compiled, nor parsed for the fonts no badge asks for (about 3 MB of heap). The
// rest of anafanafo is left as it is; if its source no longer has the expected shape, it is bundled
// unchanged, with a warning.
const FONT_DATA = join(dirname(createRequire(import.meta.url).resolve('anafanafo/package.json')), 'data');
const TABLE_REQUIRE = /createConsumer\(\s*require\('\.\/data\/([\w-]+\.json)'\)\s*\)/g;
const lazyFontTables = {
  name: 'lazy-font-tables',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/]anafanafo[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      // The banner's require: resolved from the bundle's place, as Node resolves any package.
      const lazy = source.replace(TABLE_REQUIRE, "lazyConsumer(() => fontTable('$1'))");
      if ((source.match(TABLE_REQUIRE) ?? []).length !== 4 || !source.includes('consumer.widthOf(')) {
        return {
          contents: source,
          loader: 'js',
          warnings: [{ text: 'anafanafo has changed shape: its font tables are read at start-up' }],
        };
      }
      // fonts/ beside the bundle's entry; a chunk (in chunks/) looks one folder up.
      const helper =
        'function lazyConsumer(load) { let consumer; return { widthOf: (text, options) => (consumer ??= createConsumer(load())).widthOf(text, options) } }\n' +
        "function fontTable(name) { let path; try { path = require.resolve('./fonts/' + name) } catch { path = require.resolve('../fonts/' + name) } return JSON.parse(require('node:fs').readFileSync(path, 'utf8')) }\n";
      // After the 'use strict' directive, which must stay the first statement.
      const directive = /^\s*(['"])use strict\1;?\n?/.exec(lazy)?.[0] ?? '';
      return { contents: `${directive}${helper}${lazy.slice(directive.length)}`, loader: 'js' };
    });
    // The tables themselves, copied beside the written bundle.
    b.onEnd((result) => {
      const { outdir, outfile, write } = b.initialOptions;
      if (write === false || result.errors.length > 0) return;
      const fonts = join(outdir ?? dirname(outfile), 'fonts');
      mkdirSync(fonts, { recursive: true });
      for (const name of readdirSync(FONT_DATA).filter((n) => n.endsWith('.json')))
        copyFileSync(join(FONT_DATA, name), join(fonts, name));
    });
  },
};

// Node's built-in modules through require (the banner's), not as ES modules. An ES import of a
// built-in makes its ESM facade, which reads every export once and so runs the lazy ones: node:fs's
// ReadStream getter alone loads fs's streams: about 20 ms of a cold start for exports the server
// never reads. require gives the same module object, each export read when the code reads it.
const builtinsAsRequire = {
  name: 'builtins-as-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z:_/0-9]+$/ }, (args) =>
      args.kind === 'import-statement' && isBuiltin(args.path) ? { path: args.path, namespace: 'builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** The server bundle's esbuild options (scripts/build.mjs adds its log level). */
export const serverBuild = {
  entryPoints: { server: join(root, 'src/runtime/node/main.ts') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies bundled in: less to resolve and compile at start-up (the cold start). Code
  // loaded on demand (the MCP server and its SDK) goes to dist/chunks/, read on first use.
  // CommonJS dependencies that require Node's built-ins get a require().
  splitting: true,
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [lazyFontTables, builtinsAsRequire],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};
