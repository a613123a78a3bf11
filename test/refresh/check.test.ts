// The reference cross-check catches a changed price: on a temporary copy of data/ with one price
// altered, crossCheck reports it as unjustified until a priceNote explains it. Skipped, like the
// check in test/data, when ../shared/reference is absent (a clone without it still passes).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogCheck } from '../../src/refresh/check.js';
import { crossCheckDir as crossCheck, DATA_DIR, readCheckInput, REFERENCE_PRICES } from '../../src/refresh/io.js';

const dir = mkdtempSync(join(tmpdir(), 'catalog-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(REFERENCE_PRICES))(
  'catalog cross-check against the reference (needs ../shared/reference; skipped without it)',
  () => {
    it('reports an altered price as unjustified, and as justified once a priceNote explains it', () => {
      cpSync(DATA_DIR, dir, { recursive: true });
      const justifiedBefore = (crossCheck(dir) ?? []).filter((r) => r.status === 'justified').length;
      const path = join(dir, 'anthropic.json');
      const file = JSON.parse(readFileSync(path, 'utf8'));
      const model = file.models.find((m: { priceNote?: string }) => !m.priceNote);
      model.input += 1;
      writeFileSync(path, JSON.stringify(file));
      const rows = crossCheck(dir) ?? [];
      expect(rows.filter((r) => r.status === 'unjustified').map((r) => [r.id, r.field])).toEqual([[model.id, 'input']]);

      model.priceNote = 'A newer published price (test).';
      writeFileSync(path, JSON.stringify(file));
      const justified = crossCheck(dir) ?? [];
      expect(justified.filter((r) => r.status === 'unjustified')).toEqual([]);
      const nowJustified = justified.filter((r) => r.status === 'justified');
      expect(nowJustified.filter((r) => r.id === model.id).map((r) => r.field)).toEqual(['input']);
      expect(nowJustified.length).toBe(justifiedBefore + 1);
    });

    it('the check (npm run catalog:check) validates data/ and exits 0 on the committed catalogue', () => {
      const lines: string[] = [];
      expect(
        catalogCheck(
          () => readCheckInput(),
          false,
          (line) => lines.push(line),
        ),
      ).toBe(0);
      const out = lines.join('\n');
      expect(out).toMatch(/^data\/: 14 files, \d+ models valid/);
      expect(out).toMatch(
        /\d+ models, \d+ price fields: \d+ match, \d+ justified difference\(s\), 0 unjustified difference\(s\)/,
      );
    });

    it('exits 1 on a data file its schema refuses, naming it', () => {
      cpSync(DATA_DIR, dir, { recursive: true });
      const path = join(dir, 'openai.json');
      const file = JSON.parse(readFileSync(path, 'utf8'));
      file.models[0].input = -1;
      writeFileSync(path, JSON.stringify(file));
      const lines: string[] = [];
      expect(
        catalogCheck(
          () => readCheckInput(dir),
          false,
          (line) => lines.push(line),
        ),
      ).toBe(1);
      expect(lines.join('\n')).toMatch(/^data\/ is invalid: .*openai\.json/);
    });
  },
);
