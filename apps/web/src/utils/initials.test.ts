import { describe, expect, it } from 'vitest';
import { initials } from './initials.js';

describe('initials', () => {
  it.each([
    ['Jane Doe', undefined, 'JD'],
    ['jane', undefined, 'J'],
    ['Ada Byron Lovelace', undefined, 'AL'],
    ['  émile   zola ', undefined, 'ÉZ'],
    ['', 'jane.doe@example.com', 'JD'],
    [null, 'ops@example.com', 'O'],
    [undefined, 'first_last+tag@example.com', 'FT'],
    ['', '', '?'],
    [null, null, '?'],
    ['---', '@@', '?'],
  ])('%j / %j -> %s', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });
});
