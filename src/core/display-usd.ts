/**
 * How people are shown money: the exact cost from the core engine, rounded for reading only
 * (cents from $1 up, otherwise up to six decimals). One formatter for the pages, /assets/site.js,
 * the CLI and the hints of empty answers, so they all print an amount alike.
 */
import { divideRoundHalfUp, formatScaled, type Usd } from './money.js';

/** Nano-dollars rounded half up to 10^-places USD, printed with that many decimals at most. */
function rounded(nanos: bigint, places: number, keepZeros: boolean): string {
  const step = 10n ** BigInt(9 - places);
  const text = formatScaled(divideRoundHalfUp(nanos, step), places);
  if (!keepZeros) return text;
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(places, '0')}`;
}

function groupThousands(text: string): string {
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** `$1,234.57`, `$0.0135`, `$0`: for tables and charts, never for further maths. */
export function displayUsd(amount: Usd): string {
  const nanos = amount.nanos;
  if (nanos === 0n) return '$0';
  if (nanos >= 1_000_000_000n) return `$${groupThousands(rounded(nanos, 2, true))}`;
  const text = rounded(nanos, 6, false);
  return text === '0' ? '<$0.000001' : `$${text}`;
}
