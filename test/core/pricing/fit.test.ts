import { describe, expect, it } from 'vitest';
import { exclusionOf, fitMessage, fitProblem } from '../../../src/core/pricing/fit.js';

const model = { name: 'Small', contextTokens: 128_000, maxOutputTokens: 16_384 };

describe('fitProblem', () => {
  it('fits when input + output are at most the window and the output at most the largest output', () => {
    expect(fitProblem(model, 128_000 - 16_384, 16_384)).toBeUndefined();
  });
  it('refuses one token past the window', () => {
    expect(fitProblem(model, 128_000 - 16_384 + 1, 16_384)).toBe('context_window');
  });
  it('refuses an output past the largest output even when the window has room', () => {
    expect(fitProblem(model, 0, 16_385)).toBe('max_output');
  });
  it('checks only the window when the largest output is unknown', () => {
    expect(fitProblem({ contextTokens: 1000 }, 0, 1000)).toBeUndefined();
    expect(fitProblem({ contextTokens: 1000 }, 1, 1000)).toBe('context_window');
  });
});

describe('exclusionOf', () => {
  const free = { ...model, freeTierOnly: true as const };
  it('leaves out a free-tier-only model unless those are asked for', () => {
    expect(exclusionOf(free, 10, 10, false)).toBe('free_tier_only');
    expect(exclusionOf(free, 10, 10, true)).toBeUndefined();
  });
  it('names the window first: a free model that does not fit is out whatever is asked', () => {
    expect(exclusionOf(free, 200_000, 10, true)).toBe('context_window');
  });
});

describe('fitMessage', () => {
  it('names the sizes and the window in words', () => {
    expect(fitMessage(model, 'context_window', 500_000, 4000)).toBe(
      "500,000 input + 4,000 output tokens do not fit Small's 128K-token context window (128,000 tokens): the provider would refuse this request.",
    );
  });
});
