/** Compressors for the pre-compressed answers, from node:zlib (brotli is not Web-standard). */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compressors } from '../../http/answer-cache/encoding.js';

/**
 * Brotli at quality 6 and gzip at level 9. A kept answer is compressed once per catalogue version
 * (files and pages are kept from their first request), but an answer to a query the cache has not
 * kept yet (its first request, or a one-off query) is compressed for that request alone, so time
 * counts as much as size: for the ~100 KB catalogue, quality 6 takes about 1.4 ms and gives
 * 6.9 KB, where quality 9 took 13 ms for 6.7 KB (and 11 takes 146 ms for 6.2 KB); gzip 9 takes
 * about 1.2 ms. The largest file, /assets/docs.js (Swagger UI, 1.45 MB), takes about 150 ms once.
 */
export function nodeCompressors(): Compressors {
  return {
    br: (data) => brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength },
    }),
    gzip: (data) => gzipSync(data, { level: 9 }),
  };
}
