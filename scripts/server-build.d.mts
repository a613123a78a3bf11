import type { BuildOptions, Plugin } from 'esbuild';

/** The server bundle's esbuild options (scripts/build.mjs adds its log level). */
export const serverBuild: BuildOptions & { plugins: Plugin[]; banner: { js: string } };
