/** The one money formatter people read (site, pages, CLI, hints): cents from $1, enough digits below. */
import { describe, expect, it } from 'vitest';
import { displayUsd } from '../../../src/core/schema/display-usd.js';
import { Usd } from '../../../src/core/schema/money.js';

const show = (nanos: bigint) => displayUsd(new Usd(nanos));

describe('displayUsd', () => {
  it.each([
    [0n, '$0'],
    [1_125_000_000_000n, '$1,125.00'],
    [1_000_000_000n, '$1.00'],
    [67_500_000_000n, '$67.50'],
    [1_234_567_890_123n, '$1,234.57'],
    [999_999_999_999_999n, '$1,000,000.00'],
    [13_500_000n, '$0.0135'],
    [965_400n, '$0.000965'], // six decimals, rounded half up from 0.0009654
    [999_999_999n, '$1.00'], // 0.999999999 rounds to $1: cents, as any dollar amount
    [999_999_499n, '$0.999999'],
    [12_345n, '$0.000012'], // 1.2345e-5: six decimals keep two significant digits
    [2_500n, '$0.0000025'], // 2.5e-6: a seventh decimal
    [150n, '$0.00000015'],
    [1n, '$0.000000001'], // one nano-dollar, never "<$0.000001" or 1e-9
  ])('%s nano-dollars read %s', (nanos, text) => {
    expect(show(nanos)).toBe(text);
  });
});
