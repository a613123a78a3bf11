/**
 * The built files the app serves (npm run build makes them in dist/), with their br and gzip
 * codings: read from `<file>.br` and `<file>.gz` when the build made them (brotli at quality 11,
 * gzip at 9: seconds for the 1.45 MB API reference script, once), else made here, at start. A
 * request never pays for compressing a file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { AssetName, Assets, Coded } from '../../endpoints/endpoint.js';

export const ASSET_FILES: Readonly<Record<AssetName, string>> = {
  widgetJs: 'widget.js',
  siteJs: 'site.js',
  docsJs: 'docs.js',
  docsCss: 'docs.css',
};

/** The files of `dir` that exist, each with its codings. */
export function loadAssets(dir: string): Assets {
  const assets: Assets = {};
  const coded: { [K in AssetName]?: Coded } = {};
  for (const [name, file] of Object.entries(ASSET_FILES) as [AssetName, string][]) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    // The bytes the app will send: the text as UTF-8 (the file's own bytes, unless it is not valid UTF-8).
    const bytes = Buffer.from(text, 'utf8');
    assets[name] = text;
    coded[name] = {
      br: builtCoding(`${path}.br`, bytes, brotliDecompressSync) ?? brotli(bytes, 6),
      gzip: builtCoding(`${path}.gz`, bytes, gunzipSync) ?? gzipSync(bytes, { level: 9 }),
    };
  }
  return { ...assets, coded };
}

/** Brotli at a quality, told the size (so it sizes its window to the file). */
export function brotli(bytes: Uint8Array, quality: number): Uint8Array {
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

/** The build's coding of a file, if there is one and it decodes to the file as it is now (not an older build's). */
function builtCoding(path: string, bytes: Buffer, decode: (data: Buffer) => Buffer): Uint8Array | undefined {
  if (!existsSync(path)) return undefined;
  const coded = readFileSync(path);
  try {
    return decode(coded).equals(bytes) ? coded : undefined;
  } catch {
    return undefined;
  }
}
