/** JSON output in which money prints as exact decimals (`0.00125`, never `0.0012500000000000002`). */
import { Usd } from '../core/money.js';

const MARK = '\u0000usd:';

/**
 * `JSON.stringify(value)`, except that each `Usd` is written as its exact decimal (a bare JSON
 * number). Written out by hand rather than with a replacer: one pass, each amount formatted once,
 * and no marked strings to find again afterwards. It keeps JSON.stringify's rules: `toJSON` is
 * called, undefined, functions and symbols are skipped in objects and null in arrays, non-finite
 * numbers are null, a bigint throws.
 */
export function toJson(value: unknown): string {
  return write(value, '') ?? (undefined as unknown as string);
}

function write(value: unknown, key: string | number): string | undefined {
  if (typeof value === 'object' && value !== null && !(value instanceof Usd)) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return plain(toJSON.call(value, String(key)) as unknown);
  }
  return plain(value);
}

/** One value after `toJSON`. */
function plain(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoteString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      // JSON.stringify's own TypeError ("Do not know how to serialize a BigInt").
      return JSON.stringify(value);
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (value instanceof Usd) return value.toString();
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i], i) ?? 'null';
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const name of Object.keys(value)) {
    const text = write((value as Record<string, unknown>)[name], name);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${quoteKey(name)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

// Characters JSON.stringify escapes: quote, backslash, controls, and surrogates (when unpaired).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quoteString(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  // Kept from the replacer this replaces: a client's string holding the old money mark had its
  // U+0000 doubled, so the same input still gives the same bytes.
  return JSON.stringify(text.includes(MARK) ? text.replaceAll(MARK, `\u0000${MARK}`) : text);
}

// Answers reuse a few dozen property names: each is quoted once.
const quotedKeys = new Map<string, string>();

function quoteKey(name: string): string {
  let quoted = quotedKeys.get(name);
  if (quoted === undefined) {
    quoted = JSON.stringify(name);
    if (quotedKeys.size < 1000) quotedKeys.set(name, quoted);
  }
  return quoted;
}
