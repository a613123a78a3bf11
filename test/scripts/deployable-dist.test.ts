/**
 * A deployment copies dist/ and the data (docs/operations.md): the server bundle, its chunks and
 * the font tables the build copies beside it start from a folder with no node_modules and no
 * repository above it, and serve a badge (badge-maker measures its text with those tables).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuild } from '../../scripts/server-build.mjs';
import { spawnServer, type Child } from '../runtime/spawn-server.js';

const repo = join(import.meta.dirname, '..', '..');
const built = mkdtempSync(join(tmpdir(), 'ai-model-pricing-dist-'));
const deployed = mkdtempSync(join(tmpdir(), 'ai-model-pricing-deployed-'));
const alone = mkdtempSync(join(tmpdir(), 'ai-model-pricing-dist-alone-'));
const children: Child[] = [];

beforeAll(async () => {
  await build({ ...serverBuild, outdir: join(built, 'dist'), logLevel: 'error' });
  // The copy a deployment makes: dist/ and data/ (package.json marks the folder as the server's root).
  cpSync(join(built, 'dist'), join(deployed, 'dist'), { recursive: true });
  cpSync(join(repo, 'data'), join(deployed, 'data'), { recursive: true });
  writeFileSync(join(deployed, 'package.json'), '{"type":"module"}\n');
  // And dist/ alone, its data named by DATA_DIR.
  cpSync(join(built, 'dist'), join(alone, 'dist'), { recursive: true });
}, 120_000);

afterAll(async () => {
  for (const child of children) {
    child.process.kill('SIGTERM');
    await child.exited;
  }
  rmSync(built, { recursive: true, force: true });
  rmSync(deployed, { recursive: true, force: true });
  rmSync(alone, { recursive: true, force: true });
});

async function firstBadge(
  folder: string,
  env: Record<string, string>,
): Promise<{ status: number; type: string | null; body: string }> {
  const child = await spawnServer(join(folder, 'dist', 'server.mjs'), env);
  children.push(child);
  const res = await fetch(`http://127.0.0.1:${child.port}/api/badge?model=openai-gpt-5.6-terra`);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('a copied dist/', () => {
  it('has the font tables beside the bundle', () => {
    expect(readdirSync(join(deployed, 'dist', 'fonts')).sort()).toEqual(
      readdirSync(join(repo, 'node_modules', 'anafanafo', 'data'))
        .filter((n) => n.endsWith('.json'))
        .sort(),
    );
  });

  it('starts with data/ beside it and serves its first badge', async () => {
    const badge = await firstBadge(deployed, {});
    expect(badge.status).toBe(200);
    expect(badge.type).toMatch(/^image\/svg\+xml/);
    expect(badge.body).toMatch(/^<svg[^>]*width="\d+/);
    expect(badge.body).toContain('per 1M');
  }, 60_000);

  it('copied alone, starts with DATA_DIR naming its data and serves its first badge', async () => {
    const badge = await firstBadge(alone, { DATA_DIR: join(deployed, 'data') });
    expect(badge.status).toBe(200);
    expect(badge.body).toContain('per 1M');
  }, 60_000);
});
