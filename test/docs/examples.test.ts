/**
 * Every example in README.md and docs/*.md asked of the service: each `curl "$B/…"` line's answer
 * must hold every `"key":value` pair its shown answer (the code block after it, abridged with …)
 * holds, and a text answer must be the text shown. A price change in data/ fails here until the
 * docs show it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const root = resolve(import.meta.dirname, '..', '..');
const service = createService({ catalogue: loadCatalogueFromDir(join(root, 'data')), clock: fixedClock('2026-11-28') });
const ORIGIN = 'http://localhost:8787';

interface Example {
  file: string;
  path: string;
  shown: string;
  lang: string;
}

/** The curl examples of a Markdown file, each with the code block that shows its answer. */
function examples(file: string): Example[] {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks = [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] ?? '', body: m[2] ?? '' }));
  const found: Example[] = [];
  blocks.forEach((block, i) => {
    if (block.lang !== 'sh') return;
    const curls = [...block.body.matchAll(/curl "\$B(\/[^"]+)"/g)];
    const next = blocks[i + 1];
    // A block of several curl lines is shown one answer, the last line's.
    const last = curls.at(-1);
    if (last && next && next.lang !== 'sh')
      found.push({ file, path: last[1] ?? '', shown: next.body, lang: next.lang });
  });
  return found;
}

const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const all = files.flatMap(examples);

describe('documented examples', () => {
  it('are found (README and docs/api.md show a dozen at least)', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
  });

  it.each(all.map((e) => [`${e.file} ${e.path}`, e] as const))('%s', async (_name, { path, shown, lang }) => {
    const body = await (await service.request(`${ORIGIN}${path}`)).text();
    if (lang === 'text') {
      expect(body).toBe(shown.trim());
      return;
    }
    // Scalars shown whole: numbers, strings without an ellipsis, null and booleans.
    const pairs = [...shown.matchAll(/"[A-Za-z_]+":(?:-?\d[\d.]*|"[^"…]*"|null|true|false)(?=[,}\]\s])/g)].map(
      (m) => m[0],
    );
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter((pair) => !body.includes(pair))).toEqual([]);
  });
});
