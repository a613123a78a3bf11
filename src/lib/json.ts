/** JSON output in which money prints as exact decimals (`0.00125`, never `0.0012500000000000002`). */
import { Usd, withInexactJson } from '../core/schema/money.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

// Stands in for an amount no JSON number can carry exactly, until its text replaces it. Random per
// process, so no string in an answer can imitate it; made on first use, since a Worker may not make
// random values at start-up.
let marker: { prefix: string; pattern: RegExp } | undefined;

function theMarker(): { prefix: string; pattern: RegExp } {
  if (marker === undefined) {
    const nonce = [...globalThis.crypto.getRandomValues(new Uint8Array(12))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const prefix = `usd-${nonce}-`;
    marker = { prefix, pattern: new RegExp(`"${prefix}(\\d+)"`, 'g') };
  }
  return marker;
}

/**
 * `JSON.stringify(value)`, except that each `Usd` is written as its exact decimal (a bare JSON
 * number). Usd.toJSON gives a number for nearly every amount (one whose nearest double prints back
 * exactly), so the native serialiser does the work; the rare amount below 10^-6 or from 10^6 USD
 * comes back as a marker that its exact text then replaces.
 */
export function toJson(value: unknown): string {
  let texts: string[] | undefined;
  const mark = (amount: Usd) => {
    texts ??= [];
    texts.push(amount.toString());
    return `${theMarker().prefix}${texts.length - 1}`;
  };
  const text = withInexactJson(mark, () => JSON.stringify(value));
  if (texts === undefined) return text;
  const exact = texts;
  return text.replace(theMarker().pattern, (_, i: string) => exact[Number(i)] as string);
}
