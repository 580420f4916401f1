import { describe, expect, it } from 'vitest';
import { headerDelims } from '../../../src/expr/gotemplate/index.js';
import { renderTemplate } from '../../../src/expr/index.js';
import { errorOf, exec } from './helpers.js';

// The lexical and parse rules of Go templates: literals, trim markers, comments, delimiters,
// and parse errors worded as Go words them (`template: t:LINE: ...`).

describe('literals', () => {
  it.each([
    ['{{1}}', '1'],
    ['{{-2}}', '-2'],
    ['{{+3}}', '3'],
    ['{{1_000}}', '1000'],
    ['{{1_000_000}}', '1000000'],
    ['{{0x1F}}', '31'],
    ['{{0X1f}}', '31'],
    ['{{0x_1f}}', '31'],
    ['{{0b101}}', '5'],
    ['{{0o17}}', '15'],
    ['{{017}}', '15'],
    ['{{1e3}}', '1000'],
    ['{{1.5e-3}}', '0.0015'],
    ['{{.5}}', '0.5'],
    ['{{1.5}}', '1.5'],
    ['{{1.0}}', '1'],
    // like Go, a leading zero that is not octal reads as a float
    ['{{08}}', '8'],
    ['{{0x1p-2}}', '0.25'],
    ['{{1e-7}}', '1e-07'],
    ['{{123456789.5}}', '1.234567895e+08'],
    ["{{'a'}}", '97'],
    ["{{'\\n'}}", '10'],
    ["{{'\\x41'}}", '65'],
    ["{{'\\u00e9'}}", '233'],
    ["{{'é'}}", '233'],
    ['{{"a\\tb"}}', 'a\tb'],
    ['{{"\\u00e9\\x41\\101"}}', 'éAA'],
    ['{{"\\xc3\\xa9"}}', 'é'],
    ['{{"say \\"hi\\""}}', 'say "hi"'],
    ['{{`raw\\n`}}', 'raw\\n'],
    ['{{`two\nlines`}}', 'two\nlines'],
    ['{{true}} {{false}}', 'true false'],
    ['{{printf "%T %T %T" 1 1.5 "s"}}', 'int float64 string'],
    // complex constants, as Go's parse and fmt read and print them
    ['{{1i}}', '(0+1i)'],
    ['{{1+2i}}', '(1+2i)'],
    ['{{-1.5-2i}}', '(-1.5-2i)'],
    ['{{1e3i}}', '(0+1000i)'],
    ['{{0x1p-2i}}', '(0+0.25i)'],
    ['{{printf "%T %v %.2f" 2i 1+2i 1.5i}}', 'complex128 (1+2i) (0.00+1.50i)'],
    ['{{eq 1+2i 1+2i}} {{ne 1i 2i}}', 'true true'],
    ['{{if 0i}}y{{else}}n{{end}}', 'n'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it.each([
    ['{{1__0}}', /bad number syntax: "1__0"/],
    ['{{3k}}', /bad number syntax: "3k"/],
    ['{{0x}}', /bad number syntax/],
    ['{{1_}}', /bad number syntax/],
    ['{{1i2}}', /bad number syntax/],
    ['{{lt 1i 2i}}', /invalid type for comparison/],
    ['{{eq 1i 1}}', /incompatible types for comparison/],
    ["{{'ab'}}", /malformed character constant/],
    ['{{"abc}}', /unterminated quoted string/],
    ['{{`abc}}', /unterminated raw quoted string/],
    ["{{'a}}", /unterminated character constant/],
    ['{{"\\q"}}', /invalid syntax/],
  ])('%j is refused', (src, want) => {
    expect(errorOf(src)).toMatch(want);
  });
});

describe('trim markers and comments', () => {
  it.each([
    ['a {{- 3 -}} b', 'a3b'],
    ['a \n\t {{- 3}} b', 'a3 b'],
    ['a {{3 -}} \n\t b', 'a 3b'],
    ['{{-3}}', '-3'],
    ['{{3-}}', '(error)'],
    ['x\n\n{{- 3 }}', 'x3'],
    ['{{3 -}}\n\n x', '3x'],
    ['{{/* comment */}}', ''],
    ['a{{/* comment */}}b', 'ab'],
    ['{{/*\nmultiline\n*/}}x', 'x'],
    ['a  {{- /* c */ -}}  b', 'ab'],
    ['a  {{- /* c */}}  b', 'a  b'],
    ['{{- .X -}}', 'x'],
    ['{{range .SI -}}\n  {{.}}\n{{- end}}', '345'],
    ['<{{- if true -}}\n  yes\n{{- end -}}>', '<yes>'],
  ])('%j renders %j', (src, want) => {
    const got = (() => {
      try {
        return exec(src);
      } catch {
        return '(error)';
      }
    })();
    expect(got).toBe(want);
  });

  it('refuses malformed comments', () => {
    expect(errorOf('{{/* x */ y}}')).toMatch(/comment ends before closing delimiter/);
    expect(errorOf('{{/* x')).toMatch(/unclosed comment/);
    expect(errorOf('{{ /* x */ }}')).toMatch(/unrecognized character in action: U\+002F '\/'/);
  });
});

describe('custom delimiters', () => {
  const delims = { left: '$[[', right: ']]' };
  it.each([
    ['$[[ .X ]] {{ .X }}', 'x {{ .X }}'],
    ['a $[[- .X -]] b', 'axb'],
    ['$[[/* c */]]y', 'y'],
    ['$[[range .SI]]$[[.]],$[[end]]', '3,4,5,'],
    ['$[[ index .MSI "one" ]]', '1'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src, undefined, { delims })).toBe(want);
  });

  it('reads the `# gotemplate:` header of a script', () => {
    expect(headerDelims('#!/bin/bash\n# gotemplate: left-delim=$[[ right-delim=]]\necho hi')).toEqual({
      left: '$[[',
      right: ']]',
    });
    expect(headerDelims('echo {{ x }}')).toBeUndefined();
    const script = '# gotemplate: left-delim=$[[ right-delim=]]\necho "$[[ .name ]]" {{ not a template }}';
    expect(renderTemplate(script, { name: 'web' })).toBe(
      '# gotemplate: left-delim=$[[ right-delim=]]\necho "web" {{ not a template }}',
    );
  });
});

describe('parse errors', () => {
  it.each([
    ['{{end}}', 'template: t:1: unexpected {{end}}'],
    ['{{else}}', 'template: t:1: unexpected {{else}}'],
    ['{{if .X}}', 'template: t:1: unexpected EOF'],
    ['{{range .X}}{{else}}{{else}}{{end}}', 'template: t:1: expected end; found {{else}}'],
    ['{{if}}{{end}}', 'template: t:1: missing value for if'],
    ['{{range}}{{end}}', 'template: t:1: missing value for range'],
    ['{{with}}{{end}}', 'template: t:1: missing value for with'],
    ['{{undefinedFn 1}}', 'template: t:1: function "undefinedFn" not defined'],
    ['{{.X', 'template: t:1: unclosed action'],
    ['{{ (1 }}', 'template: t:1: unclosed left paren'],
    ['{{ ) }}', "template: t:1: unexpected right paren U+0029 ')'"],
    ['{{ | 2 }}', 'template: t:1: unexpected "|" in command'],
    ['{{ "a" .X | printf }}', '(exec)'],
    ['line1\nline2 {{ end }}', 'template: t:2: unexpected {{end}}'],
    ['{{ .X }}\n\n{{ nope }}', 'template: t:3: function "nope" not defined'],
    ['{{ # }}', "template: t:1: unrecognized character in action: U+0023 '#'"],
    ['{{ $x := }}', 'template: t:1: missing value for command'],
    ['{{ 3.x }}', 'template: t:1: bad number syntax: "3.x"'],
    ['{{ true.x }}', 'template: t:1: unexpected . after term "true"'],
    ['{{ (1).x }}', '(exec)'],
  ])('%j fails with %j', (src, want) => {
    const got = errorOf(src);
    if (want === '(exec)') expect(got).toMatch(/executing/);
    else expect(got).toBe(want);
  });
});
