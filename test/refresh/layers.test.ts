// The refresh's place in the layers (docs/design.md): it may import src/core, nothing in src/
// imports it, and its I/O stays in io.ts, main.ts and cli.ts (offers/main.ts and offers/io.ts for the doors), the rest being pure.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..', '..', 'src');
const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(SRC, f));
const under = (dir: string) => files.filter((f) => relative(SRC, f).startsWith(`${dir}/`));
const text = (f: string) => readFileSync(f, 'utf8');

describe('src/refresh', () => {
  it('is imported by nothing else in src/', () => {
    const importers = files.filter(
      (f) => !relative(SRC, f).startsWith('refresh/') && /from '[^']*\/refresh\//.test(text(f)),
    );
    expect(importers.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('does its I/O in io.ts, main.ts and the entry points (cli.ts, check-cli.ts, offers/main.ts, offers/io.ts) only', () => {
    const edges = new Set(['io.ts', 'main.ts', 'cli.ts', 'check-cli.ts', 'offers/main.ts', 'offers/io.ts']);
    const io = /from 'node:(fs|http|https|net|child_process)'|\bprocess\.|\bfetch\(/;
    const pure = under('refresh').filter((f) => !edges.has(relative(join(SRC, 'refresh'), f)));
    expect(pure.length).toBeGreaterThan(5);
    expect(pure.filter((f) => io.test(text(f))).map((f) => relative(SRC, f))).toEqual([]);
    expect(
      under('refresh')
        .filter((f) => io.test(text(f)))
        .map((f) => relative(SRC, f))
        .sort(),
    ).toEqual([
      'refresh/check-cli.ts',
      'refresh/cli.ts',
      'refresh/io.ts',
      'refresh/offers/io.ts',
      'refresh/offers/main.ts',
    ]);
  });
});
