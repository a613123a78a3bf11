/** Runs the Node server as a child process (bundled from src/ with esbuild), to test signals and logs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..', '..');

/**
 * Bundles src/runtime/node/main.ts into `outfile` (by default next to node_modules, so that its
 * packages resolve) and returns the file.
 */
export async function bundleServer(
  outfile = join(root, 'node_modules', '.cache', 'ai-model-pricing-tests', `server-${process.pid}-${Date.now()}.mjs`),
): Promise<string> {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(root, 'src', 'runtime', 'node', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

export interface Child {
  process: ChildProcess;
  port: number;
  /** Every stdout and stderr line so far. */
  stdout: string[];
  stderr: string[];
  /** Resolves with the first line (stdout or stderr) that `match` accepts, now or later. */
  line(match: (line: string) => boolean): Promise<string>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnServer(
  bundle: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<Child> {
  const child = spawn(process.execPath, [...nodeFlags, bundle], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  const collect = (into: string[]) => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        into.push(line);
        for (const w of [...waiters]) {
          if (w.match(line)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(line);
          }
        }
      }
    };
  };
  child.stdout.on('data', collect(stdout));
  child.stderr.on('data', collect(stderr));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const found = [...stdout, ...stderr].find(match);
      if (found !== undefined) return resolve(found);
      waiters.push({ match, resolve });
      void exited.then(() =>
        reject(new Error(`server exited; stdout: ${stdout.join('\n')} stderr: ${stderr.join('\n')}`)),
      );
    });
  const started = await line((l) => l.includes('listening on'));
  const port = (JSON.parse(started) as { port: number }).port;
  return { process: child, port, stdout, stderr, line, exited };
}
