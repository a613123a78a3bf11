/**
 * How people are shown money: the exact cost from the core engine, rounded for reading only
 * (cents from $1 up, otherwise six decimals or two significant digits). One formatter for the
 * pages, /assets/site.js, the CLI and the hints of empty answers, so they all print amounts alike.
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

/**
 * The decimals displayUsd shows an amount with: from $1 up, cents; below, six, or more for a small
 * amount (at most nine, a nano-dollar) so that it keeps two significant digits; none for $0.
 */
export function displayPlaces(amount: Usd): number {
  const nanos = amount.nanos;
  if (nanos === 0n) return 0;
  // From what rounds to $1.000000 up: cents.
  if (nanos >= 999_999_500n) return 2;
  // Below 10^-5 USD (10,000 nanos), each factor of ten smaller takes one more decimal.
  let places = 6;
  for (let limit = 10_000n; nanos < limit && places < 9; limit /= 10n) places++;
  return places;
}

/** An amount with exactly `places` decimals (2 to 9; thousands grouped): the amounts of one table, in one format (`$1.080000` beside `$0.845118`). */
export function displayUsdAt(amount: Usd, places: number): string {
  return `$${groupThousands(rounded(amount.nanos, places, true))}`;
}

/**
 * `$1,234.57`, `$0.0135`, `$0.0000025`, `$0`: for tables, charts and the terminal, never for further
 * maths (displayPlaces says how many decimals).
 */
export function displayUsd(amount: Usd): string {
  const places = displayPlaces(amount);
  if (places === 0) return '$0';
  return places === 2 ? displayUsdAt(amount, 2) : `$${rounded(amount.nanos, places, false)}`;
}
