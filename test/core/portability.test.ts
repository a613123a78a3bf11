/** Issue 2: src/core and src/http use Web-standard APIs only, so the same app runs on Workers. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

const NODE_ONLY = [
  /from\s+['"]node:/,
  /from\s+['"](fs|path|os|http|https|crypto|zlib|stream|child_process|url|util)['"]/,
  /\brequire\(/,
  /\bprocess\./,
  /\bBuffer\./,
  /\b__dirname\b/,
  /@hono\/node-server/,
];

describe('portability', () => {
  it.each(['src/core', 'src/http'])('%s uses no Node-only API', (dir) => {
    const offenders = sources(join(root, dir)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return NODE_ONLY.filter((re) => re.test(text)).map((re) => `${relative(root, file)}: ${re}`);
    });
    expect(offenders).toEqual([]);
  });

  it('src/core imports no hono (the core is pure)', () => {
    const offenders = sources(join(root, 'src/core')).filter((file) =>
      /from\s+['"]hono/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
