/** JSON output in which money prints as exact decimals (`0.00125`, never `0.0012500000000000002`). */
import { Usd } from '../core/money.js';

const MARK = '\u0000usd:';
// JSON.stringify escapes U+0000, so a marked string reads `"\u0000usd:<decimal>"` in the text.
const MARKED = /"\\u0000usd:(-?\d+(?:\.\d+)?)"/g;

export function toJson(value: unknown): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    if (raw instanceof Usd) return MARK + raw.toString();
    // A string from client input may hold the mark itself: doubling its U+0000 keeps it a string
    // (and keeps the JSON valid), since the pattern needs a quote right before the mark.
    if (typeof replaced === 'string' && replaced.includes(MARK)) return replaced.replaceAll(MARK, `\u0000${MARK}`);
    return replaced;
  });
  return text.replace(MARKED, '$1');
}
