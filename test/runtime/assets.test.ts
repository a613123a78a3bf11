/** The built files and their codings as the Node server loads them: the build's when they match the file, else made at start. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { loadAssets } from '../../src/runtime/node/assets.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("uses the build's codings of a file when they decode to it, and makes the others at start", () => {
  dir = mkdtempSync(join(tmpdir(), 'ai-model-pricing-assets-'));
  const docs = `/* docs */${'console.log("Swagger UI");\n'.repeat(500)}`;
  const widget = `/* widget */${'console.log("é");\n'.repeat(200)}`;
  writeFileSync(join(dir, 'docs.js'), docs);
  writeFileSync(join(dir, 'docs.js.br'), brotliCompressSync(docs));
  // An older build's: it decodes to another file.
  writeFileSync(join(dir, 'docs.js.gz'), gzipSync('console.log("older");'));
  writeFileSync(join(dir, 'widget.js'), widget);
  writeFileSync(join(dir, 'widget.js.br'), 'not brotli');

  const assets = loadAssets(dir);
  expect(Object.keys(assets).sort()).toEqual(['coded', 'docsJs', 'widgetJs']);
  expect(assets.docsJs).toBe(docs);
  expect(Buffer.from(assets.coded?.docsJs?.br ?? []).equals(readFileSync(join(dir, 'docs.js.br')))).toBe(true);
  expect(gunzipSync(assets.coded?.docsJs?.gzip ?? new Uint8Array()).toString()).toBe(docs);
  expect(brotliDecompressSync(assets.coded?.widgetJs?.br ?? new Uint8Array()).toString()).toBe(widget);
  expect(gunzipSync(assets.coded?.widgetJs?.gzip ?? new Uint8Array()).toString()).toBe(widget);
  expect(assets.coded?.siteJs).toBeUndefined();
});
