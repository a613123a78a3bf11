/** Compressors from node:zlib (brotli is not Web-standard): per request for answers, at build or start for files. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compressors } from '../../http/answer-cache/encoding.js';

/**
 * For answers: brotli at quality 5 and gzip at level 6, levels for a request's clock. An answer is
 * compressed on the GET that first asks for a coding (once per kept entry; once for an answer not
 * kept). Measured on the ~112 KB catalogue: br 5 takes about 1.2 ms for 8.6 KB (6: 1.6 ms for
 * 8.5 KB; 9: ~13 ms), gzip 6 about 0.9 ms for 9.6 KB (9: 1.3 ms for 9.3 KB). Files are not
 * compressed here on demand: their codings are made at build or start (fileCodings).
 */
export function nodeCompressors(): Compressors {
  return {
    br: (data) =>
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength },
      }),
    gzip: (data) => gzipSync(data, { level: 6 }),
  };
}
