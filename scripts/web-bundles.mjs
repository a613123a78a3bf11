// The browser bundles: the widget (web/widget.ts → /widget.js) and the site's script
// (web/site.ts → /assets/site.js), minified IIFEs. Used by build.mjs and, in memory, by the tests.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const WEB_ENTRIES = { widgetJs: 'web/widget.ts', siteJs: 'web/site.ts' };

/** Bundles one entry; `outfile` writes it, otherwise the code is returned only. */
export async function bundle(entry, outfile) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    // BigInt (the exact cost engine in site.js) needs ES2020.
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
    write: outfile !== undefined,
    ...(outfile === undefined ? { outdir: 'dist' } : { outfile }),
  });
  if (outfile !== undefined) return undefined;
  const file = result.outputFiles?.[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return file.text;
}

/** Both bundles as strings, as the app's `assets` takes them. */
export async function bundleWeb() {
  const [widgetJs, siteJs] = await Promise.all([bundle(WEB_ENTRIES.widgetJs), bundle(WEB_ENTRIES.siteJs)]);
  return { widgetJs, siteJs };
}
