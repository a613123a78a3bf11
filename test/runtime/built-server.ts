/**
 * The Node server as a child process, run from a package root of its own whose dist/ holds the
 * browser bundles (the worktree under test may have none built), and the process CPU time it
 * has used, from /proc (Linux): what a burst of requests cost the server, not the test.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { bundleServer } from './spawn-server.js';

const repo = join(import.meta.dirname, '..', '..');

export interface BuiltRoot {
  /** The server bundle, to pass to spawnServer (with DATA_DIR: it finds its root, not the repository's, above it). */
  bundle: string;
  /** The files in its dist/, by name (`docs.js`). */
  files: Record<string, string>;
  dataDir: string;
  remove(): void;
}

export async function builtServerRoot(): Promise<BuiltRoot> {
  const root = mkdtempSync(join(tmpdir(), 'ai-model-pricing-built-'));
  writeFileSync(join(root, 'package.json'), '{"type":"module"}\n');
  // The bundle leaves its packages external: they resolve from the repository's node_modules.
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  const { widgetJs, siteJs, docsJs, docsCss } = await bundleWeb();
  const files = { 'widget.js': widgetJs, 'site.js': siteJs, 'docs.js': docsJs, 'docs.css': docsCss };
  mkdirSync(join(root, 'dist'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'dist', name), text);
  const bundle = await bundleServer(join(root, 'server.mjs'));
  return { bundle, files, dataDir: join(repo, 'data'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;

/** User and system CPU time a process has used, in ms (all its threads), at 10 ms resolution. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
