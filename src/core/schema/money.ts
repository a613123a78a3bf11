/**
 * Exact money: amounts are held as whole nano-dollars (bigint), so every cost is exact to 1e-9
 * USD and prints as a plain decimal with no binary float noise.
 */

/** An amount of USD in whole nano-dollars. */
export class Usd {
  constructor(readonly nanos: bigint) {}

  /** Negative, zero or positive as this amount is less than, equal to or more than `other`. */
  compare(other: Usd): number {
    return this.nanos < other.nanos ? -1 : this.nanos > other.nanos ? 1 : 0;
  }

  /** This amount less `other`, exact. */
  minus(other: Usd): Usd {
    return new Usd(this.nanos - other.nanos);
  }

  /** The decimal text, shortest form: 1250000n → "0.00125", 3000000000n → "3". */
  toString(): string {
    return formatScaled(this.nanos, 9);
  }

  /** Nearest float, for callers that need a number. */
  toNumber(): number {
    return Number(this.toString());
  }

  /**
   * The amount as a JSON number when that number prints back as exactly this decimal (zero, or
   * between 10^-6 and 10^6 USD: at most 15 significant digits, no exponent). Otherwise, inside
   * `withInexactJson`, the amount goes to its callback (the serialiser writes its exact text);
   * elsewhere it is the nearest float.
   */
  toJSON(): number | string {
    const abs = this.nanos < 0n ? -this.nanos : this.nanos;
    if (abs === 0n || (abs >= 1000n && abs < EXACT_LIMIT)) return Number(this.nanos) / 1e9;
    return inexactJson === undefined ? this.toNumber() : inexactJson(this);
  }
}

// 10^15 nano-dollars: 15 significant digits, which a double always keeps.
const EXACT_LIMIT = 10n ** 15n;

let inexactJson: ((amount: Usd) => string) | undefined;

/** Runs `serialise` with the amounts no JSON number prints exactly handed to `mark` (see Usd.toJSON). */
export function withInexactJson<T>(mark: (amount: Usd) => string, serialise: () => T): T {
  const previous = inexactJson;
  inexactJson = mark;
  try {
    return serialise();
  } finally {
    inexactJson = previous;
  }
}

/** Writes `value / 10^scale` as a shortest decimal string. */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Reads a non-negative decimal (`"12.5"`, `"0.0375"`, or a number whose shortest text is such a
 * decimal) as an integer scaled by 10^scale. Returns undefined when it has more decimals than
 * `scale` or is not a plain decimal.
 */
export function parseScaled(value: string | number, scale: number): bigint | undefined {
  const text = typeof value === 'number' ? numberToPlainText(value) : value;
  if (text === undefined) return undefined;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale && /[^0]/.test(fraction.slice(scale))) return undefined;
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** A finite non-negative number as plain decimal text (expands `1e-7` to `0.0000001`). */
function numberToPlainText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** Rounds numerator/denominator (both non-negative) to the nearest integer, halves up. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
