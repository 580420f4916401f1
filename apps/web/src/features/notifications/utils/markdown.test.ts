import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown.js';

describe('parseInline', () => {
  it.each([
    ['plain', [{ type: 'text', text: 'plain' }]],
    [
      '**Type:** http',
      [
        { type: 'strong', children: [{ type: 'text', text: 'Type:' }] },
        { type: 'text', text: ' http' },
      ],
    ],
    [
      'use `kubectl`',
      [
        { type: 'text', text: 'use ' },
        { type: 'code', text: 'kubectl' },
      ],
    ],
    ['*soon*', [{ type: 'em', children: [{ type: 'text', text: 'soon' }] }]],
    [
      '[Open](https://ops.example.com/health)',
      [{ type: 'link', href: 'https://ops.example.com/health', children: [{ type: 'text', text: 'Open' }] }],
    ],
    // a script URL never becomes a link: the text stays as written
    [
      '[x](javascript:alert(1))',
      [
        { type: 'text', text: '[x](javascript:alert(1)' },
        { type: 'text', text: ')' },
      ],
    ],
    ['<img src=x onerror=alert(1)>', [{ type: 'text', text: '<img src=x onerror=alert(1)>' }]],
  ])('%s', (input, expected) => {
    expect(parseInline(input)).toEqual(expected);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://a.example', 'https://a.example'],
    ['mailto:ops@example.com', 'mailto:ops@example.com'],
    ['/health?check=1', '/health?check=1'],
    ['//evil.example', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
  ])('%s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});

describe('parseMarkdown', () => {
  it('reads the default check body: one paragraph with line breaks', () => {
    const blocks = parseMarkdown('**Canary:** default/web\n**Type:** http');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.type).toBe('paragraph');
    expect(JSON.stringify(blocks[0])).toContain('"br"');
  });

  it('reads headings, lists, quotes and code fences', () => {
    const blocks = parseMarkdown('# Down\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\n<b>raw</b>\n```');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'list', 'list', 'quote', 'code']);
    expect(blocks[1]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(blocks[2]).toMatchObject({ ordered: true });
    expect(blocks[4]).toEqual({ type: 'code', text: '<b>raw</b>' });
  });
});
