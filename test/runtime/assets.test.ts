/**
 * The built files and their codings as the Node server loads them, each when first asked for: the
 * build's codings when its record (`<file>.codings.json`, SHA-256 of the file and of each coding)
 * names the file and coding as they are on disk, else made then.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadAssets } from '../../src/runtime/node/assets.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ai-model-pricing-assets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hex = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
const docs = `/* docs */${'console.log("Swagger UI");\n'.repeat(500)}`;
const widget = `/* widget */${'console.log("é");\n'.repeat(200)}`;

/** A file with its codings and their record, as npm run build writes them. */
function built(name: string, text: string): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(text);
  const gz = gzipSync(text);
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gz);
  writeFileSync(join(dir, `${name}.codings.json`), JSON.stringify({ file: hex(text), br: hex(br), gzip: hex(gz) }));
  return { br, gz };
}

const sent = (coding: Uint8Array | undefined) => Buffer.from(coding ?? []);

it("uses the build's codings as they are when its record names the file and each coding", () => {
  const { br, gz } = built('docs.js', docs);
  const { assets } = loadAssets(dir);
  expect(Object.keys(assets).sort()).toEqual(['coded', 'docsJs']);
  expect(assets.docsJs).toBe(docs);
  expect(sent(assets.coded?.docsJs?.br).equals(br)).toBe(true);
  expect(sent(assets.coded?.docsJs?.gzip).equals(gz)).toBe(true);
  expect(assets.coded?.siteJs).toBeUndefined();
});

it('reads no file at start: each when first asked for, once; and tells the size in bytes of the largest', () => {
  built('docs.js', docs);
  writeFileSync(join(dir, 'site.js'), widget);
  writeFileSync(join(dir, 'widget.js'), widget);
  const { assets, largest } = loadAssets(dir);
  expect(largest).toBe(Buffer.byteLength(docs));
  expect(Object.keys(assets).sort()).toEqual(['coded', 'docsJs', 'siteJs', 'widgetJs']);
  // Changed after start, before it is first asked for: served as it is when first asked for.
  writeFileSync(join(dir, 'docs.js'), 'console.log("later");');
  expect(assets.docsJs).toBe('console.log("later");');
  // The build's codings are of the file as it was: not sent for the file as it is.
  expect(brotliDecompressSync(sent(assets.coded?.docsJs?.br)).toString()).toBe('console.log("later");');
  // Asked for once (its codings first): changed after that, the file as first read is served.
  expect(brotliDecompressSync(sent(assets.coded?.siteJs?.br)).toString()).toBe(widget);
  writeFileSync(join(dir, 'site.js'), 'console.log("even later");');
  expect(assets.siteJs).toBe(widget);
  expect(gunzipSync(sent(assets.coded?.siteJs?.gzip)).toString()).toBe(widget);
  // Removed after start, before it is first asked for: served as not built (no text, no codings).
  rmSync(join(dir, 'widget.js'));
  expect(assets.widgetJs).toBeUndefined();
  expect(assets.coded?.widgetJs).toBeUndefined();
});

it('sends the text of a file that is not valid UTF-8 as UTF-8, and codes those bytes', () => {
  const invalid = Buffer.concat([Buffer.from('console.log("'), Buffer.from([0xff, 0xfe]), Buffer.from('");')]);
  writeFileSync(join(dir, 'widget.js'), invalid);
  // A record of the file's own bytes: not the bytes sent.
  const br = brotliCompressSync(invalid);
  writeFileSync(join(dir, 'widget.js.br'), br);
  writeFileSync(join(dir, 'widget.js.codings.json'), JSON.stringify({ file: hex(invalid), br: hex(br), gzip: '' }));
  const { assets } = loadAssets(dir);
  expect(assets.widgetJs).toBe('console.log("\ufffd\ufffd");');
  expect(brotliDecompressSync(sent(assets.coded?.widgetJs?.br)).toString()).toBe('console.log("\ufffd\ufffd");');
});

it("never sends an older build's coding of a file that has changed since: both are made again", () => {
  const { br, gz } = built('docs.js', docs);
  const changed = `${docs}console.log("newer");\n`;
  writeFileSync(join(dir, 'docs.js'), changed);
  const { assets } = loadAssets(dir);
  expect(assets.docsJs).toBe(changed);
  expect(sent(assets.coded?.docsJs?.br).equals(br)).toBe(false);
  expect(brotliDecompressSync(sent(assets.coded?.docsJs?.br)).toString()).toBe(changed);
  expect(sent(assets.coded?.docsJs?.gzip).equals(gz)).toBe(false);
  expect(gunzipSync(sent(assets.coded?.docsJs?.gzip)).toString()).toBe(changed);
});

it("makes a coding again when it is not the one recorded (half-written, or another build's), and keeps the other", () => {
  const { gz } = built('widget.js', widget);
  writeFileSync(join(dir, 'widget.js.br'), 'not brotli');
  const { assets } = loadAssets(dir);
  expect(brotliDecompressSync(sent(assets.coded?.widgetJs?.br)).toString()).toBe(widget);
  expect(sent(assets.coded?.widgetJs?.gzip).equals(gz)).toBe(true);
});

it('makes both codings for a file without a record, or with one that cannot be read', () => {
  const site = built('site.js', docs);
  rmSync(join(dir, 'site.js.codings.json'));
  writeFileSync(join(dir, 'docs.css'), 'body { color: red }');
  writeFileSync(join(dir, 'docs.css.br'), brotliCompressSync('body { color: blue }'));
  writeFileSync(join(dir, 'docs.css.codings.json'), '{ not json');
  const { assets } = loadAssets(dir);
  // Made here (brotli at quality 6), not the unrecorded file's bytes (quality 11).
  expect(sent(assets.coded?.siteJs?.br).equals(site.br)).toBe(false);
  expect(brotliDecompressSync(sent(assets.coded?.siteJs?.br)).toString()).toBe(docs);
  expect(gunzipSync(sent(assets.coded?.siteJs?.gzip)).toString()).toBe(docs);
  expect(brotliDecompressSync(sent(assets.coded?.docsCss?.br)).toString()).toBe('body { color: red }');
  expect(readFileSync(join(dir, 'docs.css'), 'utf8')).toBe(assets.docsCss);
});

it('makes a coding that cannot be read (a directory in its place), and serves a file that cannot be read as not built', () => {
  built('widget.js', widget);
  rmSync(join(dir, 'widget.js.br'));
  mkdirSync(join(dir, 'widget.js.br'));
  mkdirSync(join(dir, 'site.js'));
  const { assets } = loadAssets(dir);
  expect(brotliDecompressSync(sent(assets.coded?.widgetJs?.br)).toString()).toBe(widget);
  expect(assets.widgetJs).toBe(widget);
  expect(assets.siteJs).toBeUndefined();
  expect(assets.coded?.siteJs).toBeUndefined();
});

it('reads a file again when a first read failed, and serves it once it can be read', () => {
  writeFileSync(join(dir, 'site.js'), widget);
  const { assets } = loadAssets(dir);
  rmSync(join(dir, 'site.js'));
  expect(assets.siteJs).toBeUndefined();
  writeFileSync(join(dir, 'site.js'), widget);
  expect(assets.siteJs).toBe(widget);
  expect(gunzipSync(sent(assets.coded?.siteJs?.gzip)).toString()).toBe(widget);
});
