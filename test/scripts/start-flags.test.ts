/** npm start and the Dockerfile start the server with the same node flags (npm run bench reads npm start's). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('node flags of the server', () => {
  it('npm start and the Dockerfile give node the same flags, which cap the young generation and the old generation\'s growth', () => {
    const start = /\bnode ((?:--\S+ )*)dist\/server\.mjs/.exec((JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    expect(start?.[1]?.trim().split(' ')).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=40']);
    expect(JSON.parse(cmd?.[1] ?? '[]')).toEqual(['node', ...(start?.[1]?.trim().split(' ') ?? []), 'dist/server.mjs']);
  });
});
