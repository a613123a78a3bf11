/** Compressors for the pre-compressed answers, from node:zlib (brotli is not Web-standard). */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compressors } from '../http/precompressed.js';

/**
 * Brotli at quality 9 and gzip at level 9: each body is compressed once per catalogue version, so
 * size matters more than time; 9 rather than brotli's 11 keeps the first request for the ~100 KB
 * catalogue under a few milliseconds.
 */
export function nodeCompressors(): Compressors {
  return {
    br: (data) => brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength },
    }),
    gzip: (data) => gzipSync(data, { level: 9 }),
  };
}
