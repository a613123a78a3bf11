/** JSON output in which money prints as exact decimals (`0.00125`, never `0.0012500000000000002`). */
import { Usd } from '../core/money.js';

const MARK = '\u0000usd:';
// JSON.stringify escapes U+0000, so a marked string reads `"\u0000usd:<decimal>"` in the text.
const MARKED = /"\\u0000usd:(-?\d+(?:\.\d+)?)"/g;

export function toJson(value: unknown): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    return raw instanceof Usd ? MARK + raw.toString() : replaced;
  });
  return text.replace(MARKED, '$1');
}
