// esbuild plugins of the Node server bundle (scripts/build.mjs): they make a cold start cheaper
// without changing what the bundled code does (test/scripts/build-plugins.test.ts).
import { readFile } from 'node:fs/promises';

// A dependency's JSON data (badge-maker's font widths: 1 MB) as a JSON.parse of a string, which
// V8 reads several times faster at start-up than the same data as a JavaScript object literal.
export const jsonAsParse = {
  name: 'json-as-parse',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/].*\.json$/ }, async (args) => ({
      contents: `module.exports = JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(await readFile(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

// badge-maker measures text with anafanafo, which reads all four of its font-width tables (about
// 225 KB of JSON each) when it is loaded, at start-up. A badge of the default style needs one of
// them. Each table is read on its first use instead: less to do before the first answer, and about
// 3 MB less heap for the fonts no badge asks for. The rest of anafanafo is left as it is; if its
// source no longer has the expected shape, it is bundled unchanged, with a warning.
const TABLE_REQUIRE = /createConsumer\(\s*(require\('\.\/data\/[\w-]+\.json'\))\s*\)/g;
export const lazyFontTables = {
  name: 'lazy-font-tables',
  setup(b) {
    b.onLoad({ filter: /node_modules[\\/]anafanafo[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const lazy = source.replace(TABLE_REQUIRE, 'lazyConsumer(() => $1)');
      if ((source.match(TABLE_REQUIRE) ?? []).length !== 4 || !source.includes('consumer.widthOf(')) {
        return { contents: source, loader: 'js', warnings: [{ text: 'anafanafo has changed shape: its font tables are read at start-up' }] };
      }
      const helper =
        'function lazyConsumer(load) { let consumer; return { widthOf: (text, options) => (consumer ??= createConsumer(load())).widthOf(text, options) } }\n';
      return { contents: `${helper}${lazy}`, loader: 'js' };
    });
  },
};
