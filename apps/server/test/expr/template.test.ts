import { describe, expect, it } from 'vitest';
import { ExprDuration, queryJsonPath, renderTemplate } from '../../src/expr/index.js';

const data = {
  code: 200,
  name: 'api',
  json: {
    items: [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ],
  },
  sslAge: new ExprDuration(3_600_000 + 60_000),
  empty: [],
  byName: { c: 3, a: 1, b: 2 },
};

describe('Go-style templates', () => {
  it.each([
    ['{{ .code }}', '200'],
    // Go prints maps and slices with fmt's %v
    ['{{.json.items}}', '[map[n:1 name:a] map[n:2 name:b]]'],
    ['{{ $x := 1 }}{{ range $i, $v := .json.items }}{{ $x = $i }}{{ end }}{{ $x }}', '1'],
    ['{{ define "row" }}<{{ .name }}>{{ end }}{{ range .json.items }}{{ template "row" . }}{{ end }}', '<a><b>'],
    ['{{ (index .json.items 1).name }}', 'b'],
    ['{{ range .json.items }}[{{ .name | upper }}]{{ end }}', '[A][B]'],
    ['{{ range .empty }}x{{ else }}none{{ end }}', 'none'],
    ['{{ if gt .code 299 }}bad{{ else if eq .code 200 }}ok{{ else }}other{{ end }}', 'ok'],
    ['{{ with .json }}{{ len .items }}{{ end }}', '2'],
    ['{{ printf "%s has %d items" .name (len .json.items) }}', 'api has 2 items'],
    ['{{ .missing | default "n/a" }}', 'n/a'],
    ['{{ .missing }}', '<no value>'],
    ['{{ .sslAge }}', '1h1m0s'],
    ['a {{- " b " -}} c', 'a b c'],
    ['{{/* a comment */}}x', 'x'],
    ['{{ $.name }}', 'api'],
    ['{{ range .byName }}{{ . }},{{ end }}', '1,2,3,'],
  ])('%s renders %s', (tpl, expected) => {
    expect(renderTemplate(tpl, data)).toBe(expected);
  });

  it('reports errors as Go does, with the position and the failing node', () => {
    expect(() => renderTemplate('{{ .code | frobnicate }}', data)).toThrow(/function "frobnicate" not defined/);
    expect(() => renderTemplate('{{ $x }}', data)).toThrow(/template:1: undefined variable "\$x"/);
    expect(() => renderTemplate('{{ if .code }}x', data)).toThrow(/unexpected EOF/);
    expect(() => renderTemplate('{{ end }}', data)).toThrow(/unexpected \{\{end\}\}/);
    expect(() => renderTemplate('{{ .name.first }}', data)).toThrow(
      /template:1:3: executing "template" at <.name.first>: can't evaluate field first in type string/,
    );
  });
});

describe('JSONPath', () => {
  it('returns one match, several as a list, none as undefined', () => {
    expect(queryJsonPath('$.json.items[0].name', data)).toBe('a');
    expect(queryJsonPath('$.json.items[*].name', data)).toEqual(['a', 'b']);
    expect(queryJsonPath('json.items[?(@.n > 1)].name', data)).toBe('b');
    expect(queryJsonPath('$.nothing', data)).toBeUndefined();
  });
});
