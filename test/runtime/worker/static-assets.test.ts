/** The Worker's static assets directory: the Node app's files, bytes and headers, at the same paths. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { SITE_FILES } from '../../../src/http/routes/static.js';
import { createService } from '../../../src/http/service.js';
import { fontFiles, staticAssets } from '../../../src/runtime/worker/static-assets.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

const bundles = {
  widgetJs: 'widget();',
  siteJs: 'site();',
  repriceJs: 'reprice();',
  docsJs: 'SwaggerUIBundle();',
  docsCss: '.swagger-ui{}',
};

it('holds every file the app serves, with the bytes the app sends', async () => {
  const service = createService({ catalogue: fixtureCatalogue, assets: bundles });
  const files = staticAssets(bundles);
  expect([...files.keys()].sort()).toEqual([
    '_headers',
    'assets/docs.css',
    'assets/docs.js',
    'assets/reprice.js',
    'assets/site.css',
    'assets/site.js',
    'widget.js',
  ]);
  for (const { path } of SITE_FILES) {
    const response = await service.request(path);
    expect(response.status).toBe(200);
    expect(files.get(path.slice(1))).toBe(await response.text());
  }
});

it('gives each file, in _headers, the headers the app gives it (the asset server adds the type and an ETag)', async () => {
  const service = createService({ catalogue: fixtureCatalogue, assets: bundles });
  const rules = parseHeaders(staticAssets(bundles).get('_headers') ?? '');
  expect([...rules.keys()].sort()).toEqual(SITE_FILES.map((f) => f.path).sort());
  for (const [path, headers] of rules) {
    const response = await service.request(path);
    const expected = Object.fromEntries(
      [...response.headers].filter(([name]) => !['content-type', 'etag', 'content-length', 'vary'].includes(name)),
    );
    expect(headers).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual([
      'access-control-allow-origin',
      'cache-control',
      'x-content-type-options',
    ]);
  }
});

it('refuses to lay out a file that is not built', () => {
  const { docsJs: _left, ...withoutDocs } = bundles;
  expect(() => staticAssets(withoutDocs)).toThrow(/\/assets\/docs\.js is not built/);
});

it("copies anafanafo's four font tables, which exist where the build reads them", () => {
  const data = join(dirname(createRequire(import.meta.url).resolve('anafanafo/package.json')), 'data');
  const files = fontFiles();
  expect(files.size).toBe(4);
  for (const [name, path] of files) {
    expect(existsSync(join(data, name))).toBe(true);
    expect(path).toBe(`_worker/fonts/${name}`);
  }
});

/** A `_headers` file's rules: path → header names (lower case) and values. */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    if (!line.startsWith(' ')) rules.set(line, (current = {}));
    else {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}
