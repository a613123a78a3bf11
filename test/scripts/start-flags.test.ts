/** npm start and the Dockerfile start the server with the same node flags (npm run bench reads npm start's). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('node flags of the server', () => {
  it("npm start and the Dockerfile give node the same flags, which cap the young generation and the old generation's growth and keep short-lived objects young", () => {
    const start = /\bnode ((?:--\S+ )*)dist\/server\.mjs/.exec(
      (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start,
    );
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    expect(start?.[1]?.trim().split(' ')).toEqual([
      '--max-semi-space-size=2',
      '--heap-growing-percent=40',
      '--no-allocation-site-pretenuring',
    ]);
    expect(JSON.parse(cmd?.[1] ?? '[]')).toEqual(['node', ...(start?.[1]?.trim().split(' ') ?? []), 'dist/server.mjs']);
  });

  it("npm start and the Dockerfile both cap glibc's malloc arenas at 1, which the bench and soak scripts pass on", async () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toMatch(/&& MALLOC_ARENA_MAX=1 node --\S+/);
    expect(read('Dockerfile')).toMatch(/^ENV .*\bMALLOC_ARENA_MAX=1\b/m);
    // @ts-expect-error: a plain .mjs script without types
    const { START_ENV } = (await import('../../scripts/start-flags.mjs')) as { START_ENV: Record<string, string> };
    expect(START_ENV).toEqual({ MALLOC_ARENA_MAX: '1' });
  });
});
