/**
 * What the Node server loads at start-up: the code a fresh server compiles before its first answer
 * must not include the MCP SDK, which src/mcp/route.ts imports on the first MCP call (a static
 * import anywhere on the way would silently lengthen every cold start), nor the OpenAPI document's
 * code, which src/http/app.ts imports when it is first asked for, nor zod's locales but English.
 * Checked on the import graph esbuild builds from the server's entry with scripts/build.mjs's
 * options.
 */
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuild } from '../../scripts/server-build.mjs';

const root = join(import.meta.dirname, '..', '..');

/** The server's outputs as scripts/build.mjs splits them (not written), and its entry's output. */
async function serverGraph(options: Pick<BuildOptions, 'packages'>): Promise<{ metafile: Metafile; entry: string }> {
  const { metafile } = await build({
    ...serverBuild,
    ...options,
    outdir: join(root, 'node_modules/.cache/lazy-loading-test'),
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]?.entryPoint !== undefined);
  expect(entry).toBeDefined();
  return { metafile, entry: entry as string };
}

/**
 * The packages reachable from an output file through static imports only (dynamic ones not
 * followed), and the source files in the outputs reached.
 */
function reached(metafile: Metafile, from: string): { packages: Set<string>; inputs: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const inputs = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const input of Object.keys(metafile.outputs[output]?.inputs ?? {})) inputs.add(input);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(from);
  return { packages, inputs };
}

describe('the Node server at start-up', () => {
  it('loads the MCP SDK only when an MCP call needs it', async () => {
    // Packages left as imports, so the graph shows which ones each output loads and how.
    const { metafile, entry } = await serverGraph({ packages: 'external' });
    const atStart = [...reached(metafile, entry).packages];
    // The check itself can see packages: hono is loaded at start-up.
    expect(atStart).toContain('hono');
    expect(atStart.filter((p) => p.startsWith('@modelcontextprotocol/'))).toEqual([]);
    // And it is there, behind a dynamic import somewhere in the graph.
    const everywhere = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(everywhere.some((p) => p.startsWith('@modelcontextprotocol/sdk'))).toBe(true);
  });

  it("loads the OpenAPI document's code and response schemas only when /openapi.json or /docs first needs them", async () => {
    const { metafile, entry } = await serverGraph({});
    const atStart = [...reached(metafile, entry).inputs];
    // The check can see the app's code at start-up.
    expect(atStart).toContain('src/http/app.ts');
    expect(atStart.filter((input) => /src\/(http\/openapi\.ts|endpoints\/responses\/)/.test(input))).toEqual([]);
    const everywhere = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(everywhere).toContain('src/endpoints/responses/index.ts');
    expect(everywhere).toContain('src/endpoints/responses/advice.ts');
  });

  it("bundles none of zod's locales but English into the start-up code (zod is imported as a namespace)", async () => {
    // `import { z } from 'zod'` keeps all of zod, its 63 locales included (about 550 KB more to load
    // at every start); `import * as z from 'zod'` lets the bundler keep only what is used.
    const { metafile, entry } = await serverGraph({});
    const { inputs } = reached(metafile, entry);
    const zod = [...inputs].filter((input) => input.includes('node_modules/zod/'));
    // The check can see zod, and English, the one locale zod sets up itself.
    expect(zod.some((input) => input.endsWith('/v4/locales/en.js'))).toBe(true);
    expect(zod.filter((input) => /\/locales\/(?!en\.js)/.test(input))).toEqual([]);
  });
});

describe('the Node server bundle', () => {
  it("reaches Node's built-ins through require, never an ES import (which would read every export of node:fs, loading its streams)", async () => {
    const { metafile } = await serverGraph({});
    const esImports = Object.values(metafile.outputs)
      .flatMap((o) => o.imports)
      .filter((i) => i.kind === 'import-statement' && isBuiltin(i.path));
    expect(esImports).toEqual([]);
    // The check can see built-ins: the bundle requires some.
    const required = Object.values(metafile.outputs)
      .flatMap((o) => o.imports)
      .filter((i) => i.kind === 'require-call' && isBuiltin(i.path));
    expect(required.length).toBeGreaterThan(0);
  });

  it("leaves badge-maker's font tables out of the bundle (each read on first use from the copy the build puts in fonts/ beside it)", async () => {
    const { metafile } = await serverGraph({});
    const inputs = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs));
    // The check can see anafanafo itself.
    expect(inputs.some((input) => input.includes('node_modules/anafanafo/'))).toBe(true);
    expect(inputs.filter((input) => input.includes('node_modules/anafanafo/data/'))).toEqual([]);
  });
});
