import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalogue, CatalogueError, type CatalogueFile } from '../../../src/core/catalogue/catalogue.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { fixtureCatalogue, fixtureFiles } from '../../fixtures/catalogue.js';

type Json = any; // any: the tests reach into parsed JSON to break one field at a time

/** A deep copy of the fixture files with one change applied to the first (alpha) file. */
function withAlpha(change: (data: Json) => void): CatalogueFile[] {
  const files = structuredClone(fixtureFiles);
  change((files[0] as CatalogueFile).data as Json);
  return files;
}

function errorOf(files: CatalogueFile[]): string {
  try {
    buildCatalogue(files);
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogueError);
    return (err as Error).message;
  }
  throw new Error('expected a CatalogueError');
}

describe('buildCatalogue', () => {
  it('indexes the models by id (lower case), provider and tier, in file order', () => {
    const c = fixtureCatalogue;
    expect(c.models.map((m) => m.id)).toEqual([
      'alpha-large',
      'alpha-mini',
      'alpha-nano',
      'beta-pro',
      'beta-flash',
      'beta-classic',
    ]);
    expect(c.providers.map((p) => [p.slug, p.name])).toEqual([
      ['alpha', 'Alpha AI'],
      ['beta', 'Beta Labs'],
    ]);
    expect(c.byId.get('beta-pro')?.name).toBe('Beta Pro');
    expect(c.byProvider.get('alpha')?.map((m) => m.id)).toEqual(['alpha-large', 'alpha-mini', 'alpha-nano']);
    expect(c.byTier.get('Budget')?.map((m) => m.id)).toEqual(['alpha-mini', 'alpha-nano', 'beta-flash']);
    expect(c.byTier.get('Mid')?.map((m) => m.id)).toEqual(['beta-pro', 'beta-classic']);
    expect(c.byTier.get('Premium')?.map((m) => m.id)).toEqual(['alpha-large']);
  });

  it('takes lastUpdated from the newest price check', () => {
    expect(fixtureCatalogue.lastUpdated).toBe('2026-11-21'); // beta-classic's 2026-10-02 is older
  });

  it('serves records with the nine SPEC fields first, provider filled in from the file', () => {
    const m = fixtureCatalogue.byId.get('beta-flash');
    expect(Object.keys(m ?? {}).slice(0, 9)).toEqual([
      'id',
      'name',
      'provider',
      'providerSlug',
      'tier',
      'input',
      'output',
      'context',
      'verified',
    ]);
    expect(m).toMatchObject({
      provider: 'Beta Labs',
      providerSlug: 'beta',
      tier: 'Budget',
      input: 0.1,
      output: 0.4,
      context: '1M',
      verified: 'November 2026',
    });
  });
});

describe('catalogue validation errors name the file, the model and the field', () => {
  it.each<[string, (d: Json) => void, string[]]>([
    [
      'a missing price',
      (d) => {
        delete d.models[1].input;
      },
      ['fixtures/alpha.json', 'model "alpha-mini"', 'field "input"'],
    ],
    [
      'a negative price',
      (d) => {
        d.models[1].output = -1;
      },
      ['fixtures/alpha.json', 'model "alpha-mini"', 'field "output"'],
    ],
    [
      'a price finer than a nano-dollar',
      (d) => {
        d.models[2].input = 0.0000000001;
      },
      ['model "alpha-nano"', 'field "input"', '9 decimal'],
    ],
    [
      'a price carrying float noise',
      (d) => {
        d.models[2].input = 0.1 + 0.2;
      },
      ['model "alpha-nano"', 'field "input"', '9 decimal'],
    ],
    [
      'an unknown tier',
      (d) => {
        d.models[0].tier = 'Cheap';
      },
      ['model "alpha-large"', 'field "tier"'],
    ],
    [
      'a bad context text',
      (d) => {
        d.models[0].context = 'lots';
      },
      ['model "alpha-large"', 'field "context"'],
    ],
    [
      'a context not matching contextTokens',
      (d) => {
        d.models[1].context = '2M';
      },
      ['model "alpha-mini"', 'field "context"', '"400K"'],
    ],
    [
      'a bad verified text',
      (d) => {
        d.models[1].verified = '2026-11';
      },
      ['model "alpha-mini"', 'field "verified"'],
    ],
    [
      'a quality out of range',
      (d) => {
        d.models[1].quality = 6;
      },
      ['model "alpha-mini"', 'field "quality"'],
    ],
    [
      'an unknown use case',
      (d) => {
        d.models[1].useCases.poetry = 3;
      },
      ['model "alpha-mini"', 'field "useCases'],
    ],
    [
      'an unknown field',
      (d) => {
        d.models[1].colour = 'red';
      },
      ['model "alpha-mini"', 'colour'],
    ],
    [
      'an id of another provider',
      (d) => {
        d.models[1].id = 'beta-mini';
      },
      ['model "beta-mini"', 'field "id"', 'must start with "alpha-"'],
    ],
    [
      'an upper-case id',
      (d) => {
        d.models[1].id = 'alpha-Mini';
      },
      ['model "alpha-Mini"', 'field "id"'],
    ],
    [
      'a duplicate id',
      (d) => {
        d.models[1].id = 'alpha-large';
      },
      ['model "alpha-large"', 'field "id"', 'duplicate'],
    ],
    [
      'a long-context threshold not below the window',
      (d) => {
        d.models[0].longContext.threshold = 1_000_000;
      },
      ['model "alpha-large"', 'field "longContext.threshold"'],
    ],
    [
      'a bad long-context price',
      (d) => {
        d.models[0].longContext.output = 'x';
      },
      ['model "alpha-large"', 'field "longContext.output"'],
    ],
    [
      'a bad provider slug',
      (d) => {
        d.provider.slug = 'Alpha AI';
      },
      ['fixtures/alpha.json', 'field "provider.slug"'],
    ],
    [
      'no models',
      (d) => {
        d.models = [];
      },
      ['fixtures/alpha.json', 'field "models"'],
    ],
  ])('%s', (_what, change, parts) => {
    const message = errorOf(withAlpha(change));
    for (const part of parts) expect(message).toContain(part);
  });

  it('names a record without an id by its position', () => {
    const message = errorOf(
      withAlpha((d) => {
        delete d.models[2].id;
      }),
    );
    expect(message).toContain('model "#2"');
    expect(message).toContain('field "id"');
  });

  it('refuses a provider defined twice and an empty catalogue', () => {
    const files = structuredClone(fixtureFiles);
    const twice = [...files, { file: 'fixtures/alpha-again.json', data: (files[0] as CatalogueFile).data }];
    expect(errorOf(twice)).toContain('fixtures/alpha-again.json: provider "alpha" is already defined');
    expect(errorOf([])).toContain('no data files');
  });
});

describe('loadCatalogueFromDir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads every .json file of a directory', () => {
    for (const f of fixtureFiles) writeFileSync(join(dir, f.file.replace('fixtures/', '')), JSON.stringify(f.data));
    writeFileSync(join(dir, 'README.txt'), 'not data');
    expect(loadCatalogueFromDir(dir).models).toHaveLength(6);
  });

  it('names a file that is not JSON', () => {
    writeFileSync(join(dir, 'gamma.json'), '{ not json');
    expect(() => loadCatalogueFromDir(dir)).toThrow(/gamma\.json: not valid JSON/);
  });
});
