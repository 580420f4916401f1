import { describe, expect, it } from 'vitest';
import { parseSize } from './units.js';

describe('sizes', () => {
  it.each([
    ['512', 512],
    ['10Ki', 10_240],
    ['10KB', 10_240],
    ['1Mi', 1_048_576],
    ['1.5G', 1_610_612_736],
    ['2gib', 2_147_483_648],
  ])('%s is %d bytes', (text, bytes) => expect(parseSize(text)).toBe(bytes));

  it.each(['', 'big', '10Q', '-1Mi'])('%j is not a size', (text) => expect(parseSize(text)).toBeUndefined());
});
