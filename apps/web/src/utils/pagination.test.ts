import { describe, expect, it } from 'vitest';
import { pageCount, parsePageIndex, parsePageSize, SERVER_PAGE_SIZE_OPTIONS } from './pagination.js';

describe('pagination', () => {
  it.each([
    ['3', 3],
    ['0', 0],
    ['-1', 0],
    ['1.5', 0],
    ['abc', 0],
    [null, 0],
  ])('page index %j -> %i', (raw, expected) => expect(parsePageIndex(raw)).toBe(expected));

  it.each([
    ['25', 25],
    ['1000', 1000],
    ['7', 50],
    ['', 50],
    [null, 50],
  ])('page size %j -> %i', (raw, expected) => expect(parsePageSize(raw)).toBe(expected));

  it('server tables offer only 50, 100 and 200', () => {
    expect(parsePageSize('25', SERVER_PAGE_SIZE_OPTIONS, 50)).toBe(50);
    expect(parsePageSize('200', SERVER_PAGE_SIZE_OPTIONS, 50)).toBe(200);
  });

  it.each([
    [0, 50, 1],
    [50, 50, 1],
    [51, 50, 2],
    [1234, 100, 13],
  ])('%i rows / %i -> %i pages', (total, size, expected) => expect(pageCount(total, size)).toBe(expected));
});
