// The browser bundles: the widget (web/widget.ts → /widget.js) and the site's script
// (web/site.ts → /assets/site.js), minified IIFEs; and the API reference's script and stylesheet
// (/assets/docs.js, /assets/docs.css: Swagger UI from swagger-ui-dist, then web/docs.ts and
// web/docs.css). Used by build.mjs, build-worker.mjs (the Worker's static assets) and, in memory, by the tests.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const WEB_ENTRIES = { widgetJs: 'web/widget.ts', siteJs: 'web/site.ts', repriceJs: 'web/reprice.ts' };

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

/**
 * Swagger UI's standalone browser bundle and stylesheet as the package ships them (their
 * source-map comments dropped: the maps are not served), each followed by our part.
 */
export async function docsAssets() {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const [swaggerJs, swaggerCss, ownCss, start] = await Promise.all([
    readFile(join(dist, 'swagger-ui-bundle.js'), 'utf8'),
    readFile(join(dist, 'swagger-ui.css'), 'utf8'),
    readFile(join(ROOT, 'web/docs.css'), 'utf8'),
    bundle('web/docs.ts'),
  ]);
  const noMap = (text) => text.replace(/\n?\/[/*]# sourceMappingURL=\S+(?: \*\/)?\s*$/, '\n');
  return { docsJs: `${noMap(swaggerJs)}${start}`, docsCss: `${noMap(swaggerCss)}${ownCss}` };
}

/** Every bundle as strings, as the app's `assets` takes them. */
export async function bundleWeb() {
  const [widgetJs, siteJs, repriceJs, docs] = await Promise.all([
    bundle(WEB_ENTRIES.widgetJs),
    bundle(WEB_ENTRIES.siteJs),
    bundle(WEB_ENTRIES.repriceJs),
    docsAssets(),
  ]);
  return { widgetJs, siteJs, repriceJs, ...docs };
}
