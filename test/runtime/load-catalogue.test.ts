/**
 * The build's check of the data files (dist/catalogue-checked.json): each file that passes its
 * schema, by the SHA-256 of its bytes, with the schema's output. The loader trusts it for exactly
 * those bytes; any other file is parsed and refused with the messages it always had.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkData, EVIDENCE_FILE, loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { fixtureFiles } from '../fixtures/catalogue.js';
import { SCORE_KEYS } from '../../src/core/schema/catalogue-schema.js';

type Json = any; // any: the tests reach into parsed JSON to change one field

const ROOT = join(import.meta.dirname, '..', '..');
const hex = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'checked-data-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture price files in `dir`, as files; the text of alpha.json. */
function writeFixtures(): string {
  for (const f of fixtureFiles)
    writeFileSync(join(dir, f.file.replace('fixtures/', '')), JSON.stringify(f.data, null, 2));
  return readFileSync(join(dir, 'alpha.json'), 'utf8');
}

/** A record as the build writes it, at `path`. */
function writeRecord(path: string, providers: Record<string, unknown>, evidence: Record<string, unknown> = {}): string {
  writeFileSync(path, JSON.stringify({ providers, evidence }));
  return path;
}

describe('checkData (the build)', () => {
  it("records each of the repository's data files by the SHA-256 of its bytes, with its content", () => {
    const checked = checkData(join(ROOT, 'data'));
    const prices = readdirSync(join(ROOT, 'data')).filter((n) => n.endsWith('.json'));
    expect(prices.length).toBeGreaterThan(5);
    expect(Object.keys(checked.providers).sort()).toEqual(
      prices.map((n) => hex(readFileSync(join(ROOT, 'data', n)))).sort(),
    );
    for (const name of prices) {
      const bytes = readFileSync(join(ROOT, 'data', name));
      expect(checked.providers[hex(bytes)]).toEqual(JSON.parse(bytes.toString()));
    }
    const evidence = readFileSync(join(ROOT, 'data', EVIDENCE_FILE));
    expect(Object.keys(checked.evidence)).toEqual([hex(evidence)]);
    expect(checked.evidence[hex(evidence)]).toEqual(JSON.parse(evidence.toString()));
  });

  it('leaves out a file its schema refuses, and one that is not JSON', () => {
    const alpha = writeFixtures();
    const broken: Json = JSON.parse(alpha);
    broken.models[0].input = -1;
    writeFileSync(join(dir, 'alpha.json'), JSON.stringify(broken));
    writeFileSync(join(dir, 'gamma.json'), '{ not json');
    const checked = checkData(dir);
    expect(Object.keys(checked.providers)).toEqual([hex(readFileSync(join(dir, 'beta.json')))]);
    expect(checked.evidence).toEqual({});
  });
});

describe("loadCatalogueFromDir with the build's check", () => {
  it('takes a file whose bytes the record names as the record has it, without parsing it again', () => {
    const alpha = writeFixtures();
    // A record that differs from the file in one name shows which of the two was read.
    const recorded: Json = JSON.parse(alpha);
    recorded.models[0].name = 'Name from the record';
    const record = writeRecord(join(tmpdir(), `record-${process.pid}-1.json`), { [hex(alpha)]: recorded });
    try {
      expect(loadCatalogueFromDir(dir, record).byId.get(recorded.models[0].id)?.name).toBe('Name from the record');
      // One byte more (a trailing newline): not the bytes checked, so the file itself is read.
      writeFileSync(join(dir, 'alpha.json'), `${alpha}\n`);
      expect(loadCatalogueFromDir(dir, record).byId.get(recorded.models[0].id)?.name).toBe(
        JSON.parse(alpha).models[0].name,
      );
    } finally {
      rmSync(record);
    }
  });

  it('refuses a changed, invalid file with the message it gives without a record', () => {
    const alpha = writeFixtures();
    const record = writeRecord(join(tmpdir(), `record-${process.pid}-2.json`), { [hex(alpha)]: JSON.parse(alpha) });
    try {
      const broken: Json = JSON.parse(alpha);
      broken.models[1].output = -2;
      writeFileSync(join(dir, 'alpha.json'), JSON.stringify(broken));
      const id = broken.models[1].id as string;
      expect(() => loadCatalogueFromDir(dir, record)).toThrow(
        `alpha.json: model "${id}", field "output": Too small: expected number to be >=0`,
      );
      expect(() => loadCatalogueFromDir(dir)).toThrow(
        `alpha.json: model "${id}", field "output": Too small: expected number to be >=0`,
      );
    } finally {
      rmSync(record);
    }
  });

  it('still makes the checks beyond the schema for checked files (a duplicate id)', () => {
    const alpha = writeFixtures();
    const beta = readFileSync(join(dir, 'beta.json'), 'utf8');
    const clash: Json = JSON.parse(beta);
    clash.models[1].id = 'beta-pro';
    writeFileSync(join(dir, 'beta.json'), JSON.stringify(clash));
    const record = writeRecord(join(tmpdir(), `record-${process.pid}-3.json`), {
      [hex(alpha)]: JSON.parse(alpha),
      [hex(JSON.stringify(clash))]: clash,
    });
    try {
      expect(() => loadCatalogueFromDir(dir, record)).toThrow(/beta\.json: model "beta-pro", field "id": duplicate id/);
    } finally {
      rmSync(record);
    }
  });

  it('parses every file when the record is missing or cannot be read', () => {
    writeFixtures();
    const record = join(tmpdir(), `record-${process.pid}-4.json`);
    expect(loadCatalogueFromDir(dir, record).models).toHaveLength(6);
    writeFileSync(record, '{ not json');
    try {
      expect(loadCatalogueFromDir(dir, record).models).toHaveLength(6);
    } finally {
      rmSync(record);
    }
  });

  it("serves the repository's catalogue exactly as a full parse does (same records, same key order)", () => {
    cpSync(join(ROOT, 'data'), join(dir, 'data'), { recursive: true });
    mkdirSync(join(dir, 'record'));
    const record = join(dir, 'record', 'checked.json');
    writeFileSync(record, JSON.stringify(checkData(join(dir, 'data'))));
    const checked = loadCatalogueFromDir(join(dir, 'data'), record);
    const parsed = loadCatalogueFromDir(join(dir, 'data'));
    expect(JSON.stringify(checked.models)).toBe(JSON.stringify(parsed.models));
    expect(JSON.stringify([...checked.benchmarksOf])).toBe(JSON.stringify([...parsed.benchmarksOf]));
    const shown = (c: typeof checked) => JSON.stringify(c.models.map((m) => c.scoreDetails.get(m.id)));
    expect(shown(checked)).toBe(shown(parsed));
    // The scores' evidence levels (the rankings' column), which the build's record gives a start ready-made.
    const levels = (c: typeof checked) => c.models.map((m) => SCORE_KEYS.map((key) => c.scoreDetails.level(m.id, key)));
    expect(levels(checked)).toEqual(levels(parsed));
    expect(
      levels(parsed)
        .flat()
        .filter((l) => l !== undefined).length,
    ).toBeGreaterThan(100);
  });

  it('trusts the evidence file for its recorded bytes only', () => {
    cpSync(join(ROOT, 'data'), join(dir, 'data'), { recursive: true });
    const evidencePath = join(dir, 'data', EVIDENCE_FILE);
    const evidence = readFileSync(evidencePath);
    const recorded: Json = JSON.parse(evidence.toString());
    recorded.about = 'from the record';
    const [source] = Object.keys(recorded.sources);
    recorded.sources[source as string].name = 'Source named by the record';
    const record = writeRecord(join(dir, 'checked.json'), {}, { [hex(evidence)]: recorded });
    const results = () => [...loadCatalogueFromDir(join(dir, 'data'), record).benchmarksOf.values()].flat();
    expect(results().some((r) => r.source === 'Source named by the record')).toBe(true);
    // Changed: parsed, and a benchmark that names an unknown source is refused as before.
    const changed: Json = JSON.parse(evidence.toString());
    const [benchmark] = Object.keys(changed.benchmarks);
    changed.benchmarks[benchmark as string].source = 'nowhere';
    writeFileSync(evidencePath, JSON.stringify(changed));
    expect(() => loadCatalogueFromDir(join(dir, 'data'), record)).toThrow(
      `benchmark "${benchmark}": source "nowhere" is not defined in "sources"`,
    );
  });
});
