/**
 * The server bundle's esbuild plugins change when work is done at start-up, never what the code
 * does: badge-maker bundled with them reads each font table when a badge first needs it, and draws
 * the same badges as badge-maker itself.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeBadge } from 'badge-maker';
import { build } from 'esbuild';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { serverBuild } from '../../scripts/server-build.mjs';

const root = join(import.meta.dirname, '..', '..');
const outfile = join(root, 'node_modules', '.cache', 'server-build-test', `badge-maker-${process.pid}.mjs`);
afterAll(() => rmSync(outfile, { force: true }));
afterEach(() => vi.restoreAllMocks());

describe("the server bundle's plugins", () => {
  it('read each font table when a badge first needs it, and badge-maker bundled with them draws every style as it does unbundled', async () => {
    const result = await build({
      stdin: { contents: "export { makeBadge } from 'badge-maker';", resolveDir: root, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      plugins: serverBuild.plugins,
      banner: serverBuild.banner,
      logLevel: 'silent',
    });
    // A warning means anafanafo changed shape and its tables are read at start-up again.
    expect(result.warnings.map((w) => w.text)).toEqual([]);

    // Each table is read as JSON text from its file (about 225 KB each): count their parses.
    const parse = vi.spyOn(JSON, 'parse');
    const tablesRead = () => parse.mock.calls.filter(([text]) => text.length > 100_000).length;
    const bundled = (await import(pathToFileURL(outfile).href)) as { makeBadge: typeof makeBadge };
    expect(tablesRead()).toBe(0);
    const texts: [string, string][] = [
      ['GPT-5.6 Terra', '$1.25 / $10 per 1M'],
      ['WWWWmmmm', 'iiii1111'],
      ['モデル', 'ÄÖÜ ß €'],
    ];
    // Fonts: the default styles use 11px Verdana; for-the-badge 10px Verdana, both weights; social
    // bold 11px Helvetica. Wide, narrow and non-Latin characters.
    const styles = [
      ['flat', 1],
      ['flat-square', 1],
      ['plastic', 1],
      ['for-the-badge', 3],
      ['social', 4],
    ] as const;
    for (const [style, read] of styles) {
      for (const [label, message] of texts) {
        const format = { label, message, color: 'blue', style };
        expect(bundled.makeBadge(format), `${style} ${label}`).toBe(makeBadge(format));
      }
      expect(tablesRead(), `font tables read once ${style} badges were drawn`).toBe(read);
    }
  });
});
