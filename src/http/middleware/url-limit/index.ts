/** Refuses request targets (path and query) longer than a bound with a 414, before any parsing. */
import { ApiError } from '../../../lib/errors.js';

/** The default bound on the request target, in bytes: generous for any real query, small enough to parse cheaply. */
export const MAX_URL_BYTES = 8192;

/** A 414 for an absolute URL whose path and query (percent-encoded) are longer than `maxBytes`. */
export function refuseLongUrl(url: string, maxBytes = MAX_URL_BYTES): void {
  const bytes = targetBytes(url);
  if (bytes > maxBytes) {
    throw new ApiError(
      414,
      'uri_too_long',
      `The URL's path and query are ${bytes} bytes long; at most ${maxBytes} are accepted.`,
    );
  }
}

/** Bytes of the path and query of an absolute URL (URL serialisation is ASCII, except in odd inputs). */
export function targetBytes(url: string): number {
  const schemeEnd = url.indexOf('//');
  const slash = url.indexOf('/', schemeEnd === -1 ? 0 : schemeEnd + 2);
  const target = slash === -1 ? '' : url.slice(slash);
  // A pure-ASCII string has as many bytes as characters; only odd inputs pay for an encoding.
  return /^[\x00-\x7f]*$/.test(target) ? target.length : new TextEncoder().encode(target).length;
}
