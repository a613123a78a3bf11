/**
 * Runs before every test file. `Usd` keeps its amount in a private field, which toEqual cannot
 * see: without this, any two amounts would compare equal.
 */
import { expect } from 'vitest';
import { Usd } from '../src/core/money.js';

expect.addEqualityTesters([
  function usdEquals(a: unknown, b: unknown): boolean | undefined {
    const isA = a instanceof Usd;
    const isB = b instanceof Usd;
    if (isA && isB) return a.compare(b) === 0;
    return isA || isB ? false : undefined;
  },
]);
