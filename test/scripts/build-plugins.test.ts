/**
 * The server bundle's esbuild plugins change when work is done at start-up, never what the code
 * does: badge-maker bundled with them draws the same badges as badge-maker itself.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeBadge } from 'badge-maker';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonAsParse, lazyFontTables } from '../../scripts/build-plugins.mjs';

const root = join(import.meta.dirname, '..', '..');
const outfile = join(root, 'node_modules', '.cache', 'build-plugins-test', `badge-maker-${process.pid}.mjs`);
afterAll(() => rmSync(outfile, { force: true }));

describe('the server bundle\'s plugins', () => {
  it('read each font table on first use, and badge-maker bundled with them draws every style as it does unbundled', async () => {
    const result = await build({
      stdin: { contents: "export { makeBadge } from 'badge-maker';", resolveDir: root, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      plugins: [lazyFontTables, jsonAsParse],
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'silent',
    });
    // A warning means anafanafo changed shape and its tables are read at start-up again.
    expect(result.warnings.map((w) => w.text)).toEqual([]);
    const bundled = (await import(pathToFileURL(outfile).href)) as { makeBadge: typeof makeBadge };
    // Every font: the default styles (11px Verdana), for-the-badge (10px Verdana, both weights),
    // social (bold 11px Helvetica); wide, narrow and non-Latin characters.
    for (const style of ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'] as const) {
      const texts: [string, string][] = [['GPT-5.6 Terra', '$1.25 / $10 per 1M'], ['WWWWmmmm', 'iiii1111'], ['モデル', 'ÄÖÜ ß €']];
      for (const [label, message] of texts) {
        const format = { label, message, color: 'blue', style };
        expect(bundled.makeBadge(format), `${style} ${label}`).toBe(makeBadge(format));
      }
    }
  });
});
