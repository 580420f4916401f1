import { describe, expect, it } from 'vitest';
import { stripAnsi } from './ansi.js';

describe('stripAnsi', () => {
  it('drops colour, cursor and title codes and keeps the text', () => {
    expect(stripAnsi('\u001b[31mERROR\u001b[0m boom \u001b[1;32mok\u001b[m')).toBe('ERROR boom ok');
    expect(stripAnsi('\u001b]0;title\u0007line\u001b[2K')).toBe('line');
    expect(stripAnsi('<b>plain</b>')).toBe('<b>plain</b>');
  });
});
