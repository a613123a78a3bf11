// The reference cross-check catches a changed price: on a temporary copy of data/ with one price
// altered, crossCheck reports it as unjustified until a priceNote explains it. Skipped, like the
// check in test/data, when ../shared/reference is absent (a clone without it still passes).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crossCheck, DATA_DIR, REFERENCE_PRICES } from '../../scripts/catalog-crosscheck.mjs';

const dir = mkdtempSync(join(tmpdir(), 'catalog-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(REFERENCE_PRICES))('catalog cross-check against the reference', () => {
  it('reports an altered price as unjustified, and as justified once a priceNote explains it', () => {
    cpSync(DATA_DIR, dir, { recursive: true });
    const justifiedBefore = (crossCheck({ dataDir: dir }) ?? []).filter((r) => r.status === 'justified').length;
    const path = join(dir, 'anthropic.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const model = file.models.find((m: { priceNote?: string }) => !m.priceNote);
    model.input += 1;
    writeFileSync(path, JSON.stringify(file));
    const rows = crossCheck({ dataDir: dir }) ?? [];
    expect(rows.filter((r) => r.status === 'unjustified').map((r) => [r.id, r.field])).toEqual([[model.id, 'input']]);

    model.priceNote = 'A newer published price (test).';
    writeFileSync(path, JSON.stringify(file));
    const justified = crossCheck({ dataDir: dir }) ?? [];
    expect(justified.filter((r) => r.status === 'unjustified')).toEqual([]);
    const nowJustified = justified.filter((r) => r.status === 'justified');
    expect(nowJustified.filter((r) => r.id === model.id).map((r) => r.field)).toEqual(['input']);
    expect(nowJustified.length).toBe(justifiedBefore + 1);
  });

  it('npm run catalog:check validates data/ and exits 0 on the committed catalogue', () => {
    const out = execFileSync(process.execPath, ['scripts/catalog-check.mjs'], { cwd: resolve(import.meta.dirname, '..', '..'), encoding: 'utf8' });
    expect(out).toMatch(/^data\/: 10 files, \d+ models valid/);
    expect(out).toMatch(/\d+ models, \d+ price fields: \d+ match, \d+ justified difference\(s\), 0 unjustified difference\(s\)/);
  });
});
