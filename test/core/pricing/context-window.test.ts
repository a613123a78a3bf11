import { describe, expect, it } from 'vitest';
import { formatContext, parseContext } from '../../../src/core/pricing/context-window.js';

describe('formatContext', () => {
  it.each([
    [131_072, '128K'],
    [128_000, '128K'], // whole thousands read as decimal, not 125 × 1024
    [200_000, '200K'],
    [32_768, '32K'],
    [8_192, '8K'],
    [4_096, '4K'],
    [400_000, '400K'],
    [1_000_000, '1M'],
    [1_048_576, '1M'],
    [1_050_000, '1.05M'],
    [2_000_000, '2M'],
    [10_000_000, '10M'],
    [262_144, '256K'],
    [163_840, '160K'],
    [1_500, '1.5K'],
  ])('%i tokens read %s', (tokens, text) => {
    expect(formatContext(tokens)).toBe(text);
  });
});

describe('parseContext', () => {
  it.each([
    ['128K', 128_000],
    ['128k', 128_000],
    ['1M', 1_000_000],
    ['1m', 1_000_000],
    ['1.5M', 1_500_000],
    ['1.05M', 1_050_000],
    ['0.5K', 500],
    ['128000', 128_000],
    ['0', 0],
    ['131072', 131_072],
  ])('%s is %i tokens', (text, tokens) => {
    expect(parseContext(text)).toBe(tokens);
  });

  it.each([
    [''],
    ['K'],
    ['1.5'],
    ['-1'],
    ['1e6'],
    ['0x10'],
    ['128KB'],
    ['1G'],
    ['12 K'],
    ['1.2345M'],
    ['NaN'],
    ['1,000'],
  ])('refuses %j', (text) => {
    expect(parseContext(text)).toBeUndefined();
  });

  it('reads back what formatContext writes, to within the K/M rounding', () => {
    for (const tokens of [128_000, 200_000, 1_000_000, 2_000_000, 1_050_000]) {
      expect(parseContext(formatContext(tokens))).toBe(tokens);
    }
  });
});
