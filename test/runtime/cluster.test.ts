/**
 * WORKERS=n: the Node entry as a cluster of n servers sharing one port, which passes SIGHUP and
 * SIGTERM on to them; a bad WORKERS stops the start with a message naming it.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleServer, spawnServer, type Child } from './spawn-server.js';

let bundle: string;
const children: Child[] = [];

beforeAll(async () => {
  bundle = await bundleServer();
}, 30_000);
afterAll(() => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  rmSync(bundle, { force: true });
});

const lines = (child: Child, text: string) => child.stdout.filter((l) => l.includes(text)).length;

it('WORKERS=2 runs two servers on one port; SIGHUP reloads both, SIGTERM drains both and exits', async () => {
  const child = await spawnServer(bundle, { WORKERS: '2' });
  children.push(child);
  await child.line((l) => l.includes('listening on') && lines(child, 'listening on') === 2);
  const ports = child.stdout
    .filter((l) => l.includes('listening on'))
    .map((l) => (JSON.parse(l) as { port: number }).port);
  expect(ports).toEqual([child.port, child.port]);
  const health = (await (await fetch(`http://127.0.0.1:${child.port}/healthz`)).json()) as { models: number };
  expect(health.models).toBeGreaterThan(0);

  child.process.kill('SIGHUP');
  await child.line((l) => l.includes('catalogue reloaded') && lines(child, 'catalogue reloaded') === 2);
  child.process.kill('SIGTERM');
  await child.line((l) => l.includes('drained; exiting') && lines(child, 'drained; exiting') === 2);
  expect((await child.exited).code).toBe(0);
}, 30_000);

it.each(['0', 'many', '1000'])('refuses WORKERS=%s with a line naming it, not a stack trace', (workers) => {
  const run = spawnSync(process.execPath, [bundle], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', WORKERS: workers },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toBe(
    `ai-model-pricing: cannot start: WORKERS must be a whole number from 1 to 256, or auto; got "${workers}"`,
  );
});
