/** The Worker's badge text measure: anafanafo's own widths, from the tables read through the assets binding. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import anafanafo from 'anafanafo';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import measure, { FONT_TABLES, FONTS_PATH, loadFonts } from '../../../src/runtime/worker/fonts.js';

const data = join(dirname(createRequire(import.meta.url).resolve('anafanafo/package.json')), 'data');

/** A stand-in for the ASSETS binding: the font files by path, a 404 for anything else; counts reads. */
function assetsBinding(missing = '') {
  const reads: string[] = [];
  return {
    reads,
    fetch: async (input: string) => {
      const path = new URL(input).pathname;
      reads.push(path);
      const file = path.startsWith(FONTS_PATH) ? path.slice(FONTS_PATH.length) : '';
      if (file === '' || file === missing) return new Response('not found', { status: 404 });
      return new Response(readFileSync(join(data, file)));
    },
  };
}

it('cannot measure before the tables are read, and a failed read is tried again', async () => {
  expect(() => measure('GPT-4o', { font: '11px Verdana' })).toThrow(/not loaded/);
  const broken = assetsBinding('verdana-10px-bold.json');
  await expect(loadFonts(broken)).rejects.toThrow(/verdana-10px-bold: 404/);
  const binding = assetsBinding();
  await loadFonts(binding);
  expect(binding.reads.sort()).toEqual(
    Object.values(FONT_TABLES)
      .map((f) => `${FONTS_PATH}${f}.json`)
      .sort(),
  );
  // Read once per isolate.
  await loadFonts(binding);
  expect(binding.reads).toHaveLength(4);
});

// 2,000 measures of each implementation: seconds on a loaded machine.
it('measures every text in every font as anafanafo does', { timeout: 60_000 }, async () => {
  await loadFonts(assetsBinding());
  const fonts = Object.keys(FONT_TABLES);
  fc.assert(
    fc.property(fc.constantFrom(...fonts), fc.string({ unit: 'binary', maxLength: 40 }), (font, text) => {
      expect(measure(text, { font })).toBe(anafanafo(text, { font }));
    }),
    { numRuns: 500 },
  );
  for (const font of fonts)
    expect(measure('$2.5 / $10 per 1M', { font })).toBe(anafanafo('$2.5 / $10 per 1M', { font }));
  expect(() => measure('x', { font: '12px Comic Sans' })).toThrow(/Unknown font "12px Comic Sans"/);
});
