import type { BuildOptions, Plugin } from 'esbuild';

/** A dependency's JSON data as a JSON.parse of a string, which V8 reads faster at start-up. */
export const jsonAsParse: Plugin;
/** anafanafo's font-width tables read from its files on first use, not carried in the bundle. */
export const lazyFontTables: Plugin;
/** Node's built-in modules through require, not as ES modules (no ESM facade reading every export). */
export const builtinsAsRequire: Plugin;
/** The server bundle's esbuild options (scripts/build.mjs adds its log level). */
export const serverBuild: BuildOptions & { plugins: Plugin[]; banner: { js: string } };
