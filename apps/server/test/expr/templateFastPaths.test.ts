import { describe, expect, it } from 'vitest';
import { ExprDuration, renderTemplate } from '../../src/expr/index.js';
import { Lru } from '../../src/expr/lru.js';
import { shellPrinter } from '../../src/expr/template.js';

/**
 * Templates without actions and templates that are one `{{ .a.b }}` are rendered without the
 * executor; the answers must be the executor's (errors, methods, nil, missing keys included).
 */
describe('template fast paths answer as the executor does', () => {
  const data = {
    check: { name: 'web', labels: { team: 'sre' }, none: null },
    when: new Date('2026-01-02T03:04:05Z'),
    age: new ExprDuration(90_000),
    fn: () => 'x',
    list: [1, 2],
  };

  it.each([
    ['plain text, no actions', 'plain text', 'plain text'],
    ['a comment only', 'a{{/* note */}}b', 'ab'],
    ['a nested field', '{{ .check.labels.team }}', 'sre'],
    ['a missing key', '{{ .check.nope }}', '<no value>'],
    ['a nil value', '{{ .check.none }}', '<no value>'],
    ['through a nil', '{{ .check.none.deeper }}', '<no value>'],
    ['a map', '{{ .check.labels }}', 'map[team:sre]'],
    ['a list', '{{ .list }}', '[1 2]'],
    ['a time method', '{{ .when.Year }}', '2026'],
    ['a duration method', '{{ .age.Seconds }}', '90'],
    ['an inherited name is no key', '{{ .check.toString }}', '<no value>'],
  ])('%s', (_, src, want) => {
    expect(renderTemplate(src, data)).toBe(want);
  });

  it('keeps the executor errors', () => {
    expect(() => renderTemplate('{{ .fn }}', data)).toThrow(/can't print value of type func/);
    expect(() => renderTemplate('{{ .check.name.first }}', data)).toThrow(/can't evaluate field first in type string/);
  });

  it('hands plain text to a printer (shell quoting tracks the text)', () => {
    expect(renderTemplate('echo "done"', {}, { printer: shellPrinter() })).toBe('echo "done"');
  });
});

describe('renders of one cached template', () => {
  it('start afresh after a render that failed half way', () => {
    const src = '{{ range .items }}[{{ .n }}]{{ end }}{{ if .fail }}{{ index .items 9 }}{{ end }}';
    const items = [{ n: 1 }, { n: 2 }];
    expect(() => renderTemplate(src, { items, fail: true })).toThrow(/index out of range/);
    expect(renderTemplate(src, { items, fail: false })).toBe('[1][2]');
    expect(renderTemplate(src, { items: [{ n: 3 }] })).toBe('[3]');
  });

  it('treat a map as true when it has any key, the empty key included', () => {
    const src = '{{ with .m }}full{{ else }}empty{{ end }}';
    expect(renderTemplate(src, { m: { '': 1 } })).toBe('full');
    expect(renderTemplate(src, { m: {} })).toBe('empty');
    expect(renderTemplate(src, { m: new Map([['k', 1]]) })).toBe('full');
  });

  it('keep variables of one render out of the next', () => {
    const src = '{{ if .set }}{{ $x := "first" }}{{ $x }}{{ end }}{{ range .items }}{{ $y := . }}{{ $y }}{{ end }}';
    expect(renderTemplate(src, { set: true, items: ['a'] })).toBe('firsta');
    expect(renderTemplate(src, { set: false, items: ['b', 'c'] })).toBe('bc');
  });
});

describe('the parsed-template cache', () => {
  it('keeps entries in use and drops the least recently used past its bound', () => {
    const lru = new Lru<number>(4);
    lru.set('hot', 0);
    for (let i = 1; i <= 20; i++) {
      lru.set(`k${i}`, i);
      expect(lru.get('hot')).toBe(0);
      expect(lru.size).toBeLessThanOrEqual(4);
    }
    expect(lru.get('k1')).toBeUndefined();
    expect(lru.get('k20')).toBe(20);
  });
});
