/**
 * Exact money: amounts are held as whole nano-dollars (integers), so every cost is exact to 1e-9
 * USD and prints as a plain decimal with no binary float noise.
 */

/** A non-negative or negative amount of USD in whole nano-dollars. */
export class Usd {
  /**
   * The whole nano-dollars: a number when the cost engine worked them out as a safe integer (nearly
   * always: below 9 million USD), else a bigint. Kept as given, so that an amount on its way into
   * an answer is never converted to a bigint and back (about 60 ns and an allocation each).
   */
  readonly #nanos: number | bigint;

  constructor(nanos: bigint | number) {
    if (typeof nanos === 'number' && !Number.isSafeInteger(nanos)) throw new RangeError(`${nanos} is not a whole number of nano-dollars`);
    this.#nanos = nanos;
  }

  /** The whole nano-dollars. */
  get nanos(): bigint {
    const nanos = this.#nanos;
    return typeof nanos === 'bigint' ? nanos : BigInt(nanos);
  }

  /** Negative, zero or positive as this amount is less than, equal to or more than `other`. */
  compare(other: Usd): number {
    const a = this.#nanos;
    const b = other.#nanos;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** This amount less `other`, exact (as numbers while the difference is a safe integer). */
  minus(other: Usd): Usd {
    const a = this.#nanos;
    const b = other.#nanos;
    if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a - b)) return new Usd(a - b);
    return new Usd(this.nanos - other.nanos);
  }

  /** The decimal text, shortest form: 1250000n → "0.00125", 3000000000n → "3". */
  toString(): string {
    // The same text as String(Number(nanos) / 1e9) wherever that prints the amount exactly (see
    // exactNumber), written with integer steps: converting a fresh double to text costs a call into
    // the runtime (about 0.3 µs here), more than the rest of an amount's share of an answer.
    const nanos = this.#nanos;
    return typeof nanos === 'number' ? formatNanos(nanos) : formatScaled(nanos, 9);
  }

  /** Shown as `Usd(0.00125)` by console.log and test diffs (the amount is a private field). */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Usd(${this.toString()})`;
  }

  /** Nearest float, for callers that need a number (toJson uses toJSON; answers written as text, toString). */
  toNumber(): number {
    return Number(this.toString());
  }

  /**
   * The amount as a JSON number when that number prints back exactly (see exactNumber). Otherwise,
   * inside `withInexactJson`, the amount goes to its callback (http/json.ts writes its exact text);
   * elsewhere it is the nearest float.
   */
  toJSON(): number | string {
    const nanos = this.#nanos;
    const exact = typeof nanos === 'number' ? exactNumber(nanos) : exactDouble(nanos);
    return exact ?? (inexactJson === undefined ? this.toNumber() : inexactJson(this));
  }
}

// 10^15 nano-dollars: 15 significant digits of nano-dollars (well below 2^53).
const EXACT_LIMIT = 1e15;
const BIG_EXACT_LIMIT = BigInt(EXACT_LIMIT);

/**
 * The double nearest an amount of nano-dollars (a safe integer), when its shortest text is exactly
 * the amount's decimal: zero, or between 10^-6 and 10^6 USD, where the decimal has at most 15
 * significant digits (which a double always keeps) and JavaScript writes it without an exponent.
 */
function exactNumber(nanos: number): number | undefined {
  const abs = nanos < 0 ? -nanos : nanos;
  return nanos === 0 || (abs >= 1000 && abs < EXACT_LIMIT) ? nanos / 1e9 : undefined;
}

/** exactNumber for an amount held as a bigint. */
function exactDouble(nanos: bigint): number | undefined {
  return nanos > -BIG_EXACT_LIMIT && nanos < BIG_EXACT_LIMIT ? exactNumber(Number(nanos)) : undefined;
}

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

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Writes `value / 10^scale` as a shortest decimal string. */
export function formatScaled(value: bigint, scale: number): string {
  // Nano-dollar amounts under 2^53 (9 million USD) take float-free integer arithmetic on a number:
  // every step below is exact for integers that size.
  if (scale === 9 && value <= MAX_SAFE && value >= -MAX_SAFE) {
    return formatNanos(Number(value));
  }
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
  if (fraction.length > scale) {
    if (/[^0]/.test(fraction.slice(scale))) return undefined;
  }
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** A finite non-negative number as plain decimal text (expands `1e-7` to `0.0000001`). */
function numberToPlainText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

const ZEROS = ['', '0', '00', '000', '0000', '00000', '000000', '0000000', '00000000'];

/** A safe integer of nano-dollars as a shortest decimal of USD, in exact integer steps. */
function formatNanos(nanos: number): string {
  if (nanos < 0) return `-${formatNanos(-nanos)}`;
  const rest = nanos % 1e9;
  const whole = (nanos - rest) / 1e9;
  // Below 10^9, so a small integer: the steps below stay in integer arithmetic.
  let fraction = rest | 0;
  if (fraction === 0) return `${whole}`;
  let digits = 9;
  while (fraction % 10 === 0) {
    fraction = (fraction / 10) | 0;
    digits--;
  }
  const text = `${fraction}`;
  return `${whole}.${ZEROS[digits - text.length] as string}${text}`;
}

/** Rounds numerator/denominator (both non-negative) to the nearest integer, halves up. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}
