// The import order of the house (docs/design.md): each folder of src/ imports only the folders after
// it in TOP, and each folder of src/core only the ones before it in CORE (schema first). No arrow
// runs back up, so a newcomer reads the layers from the folders alone.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..', '..', 'src');
const TOP = ['cli', 'runtime', 'mcp', 'http', 'endpoints', 'badge', 'refresh', 'lib', 'core'];
const CORE = ['schema', 'pricing', 'quality', 'catalogue', 'offers', 'advice', 'usage'];

const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));

/** Every import of a file (static, type-only or dynamic) as a path relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from\s*|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(SRC, resolve(SRC, dirname(file), s)));
}

const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

describe('the import order', () => {
  it('finds the imports it checks', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some((e) => e.from.startsWith('core/advice/') && e.to.startsWith('core/schema/'))).toBe(true);
  });

  it('src/ folders import only the folders below them', () => {
    const rank = (path: string) => TOP.indexOf(path.split('/')[0]!);
    const back = edges.filter((e) => rank(e.to) >= 0 && rank(e.from) >= 0 && rank(e.to) < rank(e.from));
    expect(back.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('every src/core file sits in one of the concern folders', () => {
    const loose = files.filter((f) => f.startsWith('core/') && !CORE.includes(f.split('/')[1]!));
    expect(loose).toEqual([]);
  });

  it('src/core folders import only the ones before them: schema, pricing, quality, catalogue, offers, advice, usage', () => {
    const rank = (path: string) => (path.startsWith('core/') ? CORE.indexOf(path.split('/')[1]!) : -1);
    const inCore = edges.filter((e) => e.from.startsWith('core/'));
    expect(inCore.filter((e) => !e.to.startsWith('core/')).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
    const back = inCore.filter((e) => rank(e.to) > rank(e.from));
    expect(back.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});
