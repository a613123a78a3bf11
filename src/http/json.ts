/** JSON output in which money prints as exact decimals (`0.00125`, never `0.0012500000000000002`). */
import { Usd, withInexactJson } from '../core/money.js';

// Stands in for an amount no JSON number can carry exactly, until its text replaces it. Random per
// process, so no string in an answer can imitate it; made on first use, since a Worker may not make
// random values at start-up.
let marker: { prefix: string; pattern: RegExp } | undefined;

function theMarker(): { prefix: string; pattern: RegExp } {
  if (marker === undefined) {
    const nonce = [...globalThis.crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
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

export const JSON_TYPE = 'application/json; charset=utf-8';

// Characters JSON.stringify escapes (quote, backslash, controls) or checks (surrogates).
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON text, as JSON.stringify writes it: quoted as it is when nothing in it needs
 * escaping. For answers written as text (present.ts), where a call to JSON.stringify per value
 * would cost most of what writing them as text saves.
 */
export function jsonString(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** `null` for undefined, else the string as JSON text. */
export function jsonStringOrNull(text: string | undefined): string {
  return text === undefined ? 'null' : jsonString(text);
}

/** `null` for undefined, else the amount of nano-dollars as its exact decimal (what toJson writes for a Usd). */
export function jsonAmountOrNull(nanos: bigint | undefined): string {
  return nanos === undefined ? 'null' : new Usd(nanos).toString();
}

/** `null` for undefined, else the number as JSON text (every number an answer echoes is finite). */
export function jsonNumberOrNull(value: number | undefined): string {
  return value === undefined ? 'null' : `${value}`;
}

/** `[…]`: the JSON text of each item, comma-separated (`[]` for none). */
export function jsonArrayText<T>(items: readonly T[], text: (item: T) => string): string {
  let out = '';
  for (let i = 0; i < items.length; i++) out += i === 0 ? text(items[i] as T) : `,${text(items[i] as T)}`;
  return `[${out}]`;
}
