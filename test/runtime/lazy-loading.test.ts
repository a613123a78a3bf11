/**
 * What the Node server loads at start-up: the code a fresh server compiles before its first answer
 * must not include @hono/node-server (which loads undici, Node's fetch) or the MCP SDK. Both are
 * imported on first use (src/runtime/node.ts, src/http/app.ts); a static import anywhere on the way
 * would silently lengthen every cold start. Checked on the import graph esbuild builds from the
 * server's entry, the way scripts/build.mjs bundles it.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The packages reachable from an output file through static imports only (dynamic ones not followed). */
function staticallyLoaded(metafile: Metafile, from: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(from);
  return packages;
}

describe('the Node server at start-up', () => {
  it('loads neither @hono/node-server nor the MCP SDK until a request needs them', async () => {
    const result = await build({
      entryPoints: { server: join(root, 'src/runtime/node.ts') },
      bundle: true,
      platform: 'node',
      format: 'esm',
      splitting: true,
      // Packages left as imports, so the graph shows which ones each output loads and how.
      packages: 'external',
      outdir: join(root, 'node_modules/.cache/lazy-loading-test'),
      outExtension: { '.js': '.mjs' },
      metafile: true,
      write: false,
      logLevel: 'error',
    });
    const entry = Object.keys(result.metafile.outputs).find((path) => result.metafile.outputs[path]?.entryPoint !== undefined);
    expect(entry).toBeDefined();
    const atStart = [...staticallyLoaded(result.metafile, entry as string)];
    // The check itself can see packages: hono is loaded at start-up.
    expect(atStart).toContain('hono');
    expect(atStart.filter((p) => p.startsWith('@hono/node-server') || p.startsWith('@modelcontextprotocol/'))).toEqual([]);
    // And both are there, behind a dynamic import somewhere in the graph.
    const everywhere = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(everywhere).toContain('@hono/node-server');
    expect(everywhere.some((p) => p.startsWith('@modelcontextprotocol/sdk'))).toBe(true);
  });
});
