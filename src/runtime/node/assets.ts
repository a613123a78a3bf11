/**
 * The built files the app serves (npm run build makes them in dist/), with their br and gzip
 * codings: read from `<file>.br` and `<file>.gz` when the build's record says they are codings of
 * the file as it is (brotli at quality 11, gzip at 9: seconds for the 1.45 MB API reference
 * script, once), else made then. Each file is read when it is first asked for, not at start (2.4
 * MB to read and hash: 15-20 ms of a cold start, for files most processes never serve), so a
 * server started before a rebuild of dist/ must be restarted after it. A request never pays for
 * compressing a file but the first, and only when its built codings are missing.
 */
import { readFileSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AssetName, Assets, Coded } from '../../endpoints/endpoint.js';
import { sha256 } from './digest.js';

export const ASSET_FILES: Readonly<Record<AssetName, string>> = {
  widgetJs: 'widget.js',
  siteJs: 'site.js',
  repriceJs: 'reprice.js',
  docsJs: 'docs.js',
  docsCss: 'docs.css',
};

/**
 * The files of `dir` that exist at start, each read with its codings when first asked for (its
 * text or a coding; then kept for the life of the process); `largest`: the size on disk of the
 * largest, in bytes.
 */
export function loadAssets(dir: string): { assets: Assets; largest: number } {
  const assets: Assets = {};
  const coded: { [K in AssetName]?: Coded } = {};
  let largest = 0;
  for (const [name, file] of Object.entries(ASSET_FILES) as [AssetName, string][]) {
    const path = join(dir, file);
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (size === undefined) continue;
    largest = Math.max(largest, size);
    // Kept once read; a read that failed (the file gone, or a passing error) is tried again next time.
    let asset: ReturnType<typeof readAsset>;
    const read = () => (asset ??= readAsset(path));
    Object.defineProperty(assets, name, { get: () => read()?.text(), enumerable: true });
    Object.defineProperty(coded, name, { get: () => read()?.coded, enumerable: true });
  }
  return { assets: Object.assign(assets, { coded }), largest };
}

/**
 * A file's bytes with its codings, and its text, decoded on first use (the API reference's 1.45 MB
 * is a slow decode); undefined for a file that cannot be read (gone since start), served as not built.
 */
function readAsset(path: string): { coded: Coded; text: () => string } | undefined {
  const raw = readOrNone(path);
  if (raw === undefined) return undefined;
  // The bytes the app will send: the file's own, or, for a file that is not valid UTF-8, its text encoded again.
  const bytes = isUtf8(raw) ? raw : Buffer.from(raw.toString('utf8'), 'utf8');
  const built = builtCodings(path, bytes);
  const coded = { br: built.br ?? brotli(bytes, 6), gzip: built.gzip ?? gzipSync(bytes, { level: 9 }) };
  return { coded, text: once(() => bytes.toString('utf8')) };
}

/** `make()` on the first call only; then it is let go, with what it holds (a file's bytes, once decoded). */
function once<T>(make: () => T): () => T {
  let maker: (() => T) | undefined = make;
  let value: T | undefined;
  return () => {
    if (maker) {
      value = maker();
      maker = undefined;
    }
    return value as T;
  };
}

/** Brotli at a quality, told the size (so it sizes its window to the file). */
export function brotli(bytes: Uint8Array, quality: number): Uint8Array {
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

/**
 * What the build recorded of a file and its codings (`<file>.codings.json`, written after them): the
 * SHA-256 of each, which tells without decompressing that a coding was made of the file as it is now.
 */
interface CodingsRecord {
  file: string;
  br: string;
  gzip: string;
}

/**
 * The build's codings of a file: each only when the build's record names the file as it is now (not
 * an older build's) and the coding as it is on disk (not one left half-written).
 */
function builtCodings(path: string, bytes: Buffer): { [K in keyof Coded]: Coded[K] | undefined } {
  const record = readRecord(`${path}.codings.json`);
  if (record?.file !== sha256(bytes)) return { br: undefined, gzip: undefined };
  return { br: builtCoding(`${path}.br`, record.br), gzip: builtCoding(`${path}.gz`, record.gzip) };
}

function readRecord(path: string): Partial<CodingsRecord> | undefined {
  const bytes = readOrNone(path);
  try {
    return bytes === undefined ? undefined : (JSON.parse(bytes.toString('utf8')) as Partial<CodingsRecord>);
  } catch {
    return undefined;
  }
}

/** A coding on disk whose digest is the recorded one; none (to be made) when it is not, or cannot be read. */
function builtCoding(path: string, digest: string | undefined): Uint8Array | undefined {
  const coded = readOrNone(path);
  return coded !== undefined && sha256(coded) === digest ? coded : undefined;
}

/** A file's bytes, or undefined when it cannot be read (missing, a directory, no permission). */
function readOrNone(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
