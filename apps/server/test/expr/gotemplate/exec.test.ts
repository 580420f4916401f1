import { describe, expect, it } from 'vitest';
import { errorOf, exec, tVal } from './helpers.js';

// Go's text/template execution semantics: fields, variables and their scope, control actions,
// and how missing and nil values print (cases after Go's own exec_test.go).

describe('fields, dot and $', () => {
  it.each([
    ['', ''],
    ['some text', 'some text'],
    ['-{{.X}}-', '-x-'],
    ['-{{.U.V}}-', '-v-'],
    ['{{.MSI.one}}', '1'],
    ['{{.MSI.two}}', '2'],
    ['{{.MSI.NO}}', '<no value>'],
    ['{{.MSIEmpty.NO}}', '<no value>'],
    ['{{.MSIone.one}}', '1'],
    ['{{.SI}}', '[3 4 5]'],
    ['{{.MSI}}', 'map[one:1 three:3 two:2]'],
    ['{{.SMSI}}', '[map[one:1 two:2] map[eleven:11 twelve:12]]'],
    ['{{.SB}}', '[true false]'],
    ['{{.F}}', '3.5'],
    ['{{.True}}', 'true'],
    ['{{$.I}}', '17'],
    ['{{$.U.V}}', 'v'],
    ['{{(.U).V}}', 'v'],
    ['{{($).X}}', 'x'],
    ['{{($ | echo).X}}', 'x'],
    ['{{(makemap "up" "down" "left" "right").left}}', 'right'],
    ['{{(index .SMSI 1).eleven}}', '11'],
    ['{{with .U}}{{.V}}{{$.X}}{{end}}', 'vx'],
    ['{{.Missing.x.y}}', '<no value>'],
    ['{{.NIL}}', '<no value>'],
    ['{{.NIL.x}}', '<no value>'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src as string)).toBe(want);
  });

  it.each([
    [17, '<{{.}}>', '<17>'],
    [3.5, '<{{.}}>', '<3.5>'],
    ['hello', '<{{.}}>', '<hello>'],
    [[1, 2, 3], '<{{.}}>', '<[1 2 3]>'],
    [{ two: 22 }, '<{{.}}>', '<map[two:22]>'],
    [123, '{{$}}', '123'],
    [null, '{{.}}', '<no value>'],
    [
      new Map([
        ['b', 2],
        ['a', 1],
      ]),
      '{{.a}}{{.b}}{{.}}',
      '12map[a:1 b:2]',
    ],
  ])('dot %j with %j renders %j', (data, src, want) => {
    expect(exec(src, data)).toBe(want);
  });

  it('reports a field of a non-map as Go does', () => {
    expect(errorOf('{{.X.Y}}')).toBe(
      'template: t:1:2: executing "t" at <.X.Y>: can\'t evaluate field Y in type string',
    );
    expect(errorOf('{{.I.Y}}')).toMatch(/can't evaluate field Y in type int/);
    expect(errorOf('{{.SI.Y}}')).toMatch(/can't evaluate field Y in type \[\]interface \{\}/);
    expect(errorOf('{{.MSI.one 1}}')).toMatch(/one is not a method but has arguments/);
  });

  it('never reaches inherited properties', () => {
    expect(exec('{{.U.constructor}}|{{.U.__proto__}}|{{.U.toString}}')).toBe('<no value>|<no value>|<no value>');
  });

  it('treats a function-valued field as a value for call, not a method', () => {
    expect(exec('{{call .Fn 1 2}}')).toBe('1+2');
    expect(errorOf('{{.Fn 1 2}}')).toMatch(/Fn is not a method but has arguments/);
  });

  it('calls the methods of durations and times', async () => {
    const { ExprDuration } = await import('../../../src/expr/values.js');
    const data = { d: new ExprDuration(5_400_000), t: new Date('2024-03-05T06:07:08Z') };
    expect(exec('{{.d.Hours}} {{.d.Minutes}} {{.d.String}} {{.d}}', data)).toBe('1.5 90 1h30m0s 1h30m0s');
    expect(exec('{{.t.Unix}} {{.t.Year}} {{.t.Month}} {{.t.Day}}', data)).toBe('1709618828 2024 3 5');
  });

  it('errors on a missing key with missingkey=error', () => {
    expect(errorOf('{{.MSI.NO}}', tVal, { missingKeyError: true })).toMatch(/map has no entry for key "NO"/);
    expect(exec('{{.MSI.one}}', tVal, { missingKeyError: true })).toBe('1');
  });
});

describe('variables and their scope', () => {
  it.each([
    ['{{$x := $.U.V}}{{$x}}', 'v'],
    ['{{$x := 2}}{{if .True}}{{$x = 3}}{{end}}{{$x}}', '3'],
    ['{{$x := 2}}{{if .True}}{{if .True}}{{$x = 3}}{{end}}{{end}}{{$x}}', '3'],
    ['{{$x := 1}}{{if .True}}{{$x := 2}}{{if .True}}{{$x = 3}}{{end}}{{end}}{{$x}}', '1'],
    ['{{if $x := true}}{{with $y := .I}}{{$x}},{{$y}}{{end}}{{end}}', 'true,17'],
    ['{{if $x := true}}{{with $x := .I}}{{$x}},{{end}}{{$x}}{{end}}', '17,true'],
    ['{{with $x := .I}}{{$x}}{{end}}', '17'],
    ['{{with $x := $}}{{$y := $.U.V}}{{$y}}{{end}}', 'v'],
    ['{{$x := 0}}{{range .SI}}{{$x = .}}{{end}}{{$x}}', '5'],
    ['{{range $x := .PSI}}<{{$foo:=$x}}{{$x}}>{{end}}', '<21><22><23>'],
    ['{{range .SI}}{{$y := .}}{{end}}{{$x := 9}}{{$x}}', '9'],
    ['{{$x := "a"}}{{$x = printf "%s%s" $x "b"}}{{$x}}', 'ab'],
    ['{{$x := .U}}{{$x.V}}', 'v'],
    ['{{$ := 5}}{{$}}', '5'],
    ['{{ $rows := index .MSI "two" }}{{ $rows }}', '2'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('refuses an undefined variable when parsing', () => {
    expect(errorOf('{{$x}}')).toBe('template: t:1: undefined variable "$x"');
    expect(errorOf('{{with $x := 4}}{{end}}{{$x}}')).toMatch(/undefined variable "\$x"/);
    expect(errorOf('{{range $i, $v := .SI}}{{end}}{{$v}}')).toMatch(/undefined variable "\$v"/);
    expect(errorOf('{{$x = 1}}')).toMatch(/undefined variable "\$x"/);
    expect(errorOf('{{$x, $y := 1}}')).toMatch(/too many declarations in command/);
    expect(errorOf('{{$x := 1}}{{define "a"}}{{$x}}{{end}}')).toMatch(/undefined variable "\$x"/);
  });
});

describe('if, else if, with, else with', () => {
  it.each([
    ['{{if true}}TRUE{{end}}', 'TRUE'],
    ['{{if false}}TRUE{{else}}FALSE{{end}}', 'FALSE'],
    ['{{if 1}}NON-ZERO{{else}}ZERO{{end}}', 'NON-ZERO'],
    ['{{if 0}}NON-ZERO{{else}}ZERO{{end}}', 'ZERO'],
    ['{{if 1.5}}NON-ZERO{{else}}ZERO{{end}}', 'NON-ZERO'],
    ['{{if 0.0}}NON-ZERO{{else}}ZERO{{end}}', 'ZERO'],
    ['{{if ""}}NON-EMPTY{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{if "notempty"}}NON-EMPTY{{else}}EMPTY{{end}}', 'NON-EMPTY'],
    ['{{if .SIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{if .SI}}NON-EMPTY{{else}}EMPTY{{end}}', 'NON-EMPTY'],
    ['{{if .MSIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{if .MSI}}NON-EMPTY{{else}}EMPTY{{end}}', 'NON-EMPTY'],
    ['{{if .MSI.none}}NON-ZERO{{else}}ZERO{{end}}', 'ZERO'],
    ['{{if not .MSI.none}}ZERO{{else}}NON-ZERO{{end}}', 'ZERO'],
    ['{{if .NIL}}Y{{else}}N{{end}}', 'N'],
    ['{{if false}}FALSE{{else if true}}TRUE{{end}}', 'TRUE'],
    ['{{if eq 1 3}}1{{else if eq 2 3}}2{{else if eq 3 3}}3{{end}}', '3'],
    ['{{if eq 1 3}}1{{else if eq 2 3}}2{{else}}none{{end}}', 'none'],
    ['{{with true}}{{.}}{{end}}', 'true'],
    ['{{with false}}{{.}}{{else}}FALSE{{end}}', 'FALSE'],
    ['{{with 1}}{{.}}{{else}}ZERO{{end}}', '1'],
    ['{{with 0}}{{.}}{{else}}ZERO{{end}}', 'ZERO'],
    ['{{with ""}}{{.}}{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{with .SI}}{{.}}{{end}}', '[3 4 5]'],
    ['{{with .MSIEmpty}}{{.}}{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{with 0}}{{.}}{{else with true}}{{.}}{{end}}', 'true'],
    ['{{with 0}}{{.}}{{else with false}}{{.}}{{else}}FALSE{{end}}', 'FALSE'],
    ['{{with 0}}a{{else with .U}}{{.V}}{{end}}', 'v'],
    ['{{if and true 1 `hi`}}TRUE{{else}}FALSE{{end}}', 'TRUE'],
    ['{{if and true 1 `hi` | not}}TRUE{{else}}FALSE{{end}}', 'FALSE'],
    ['{{if true | not | and 1}}TRUE{{else}}FALSE{{end}}', 'FALSE'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('refuses nil as a command', () => {
    expect(errorOf('{{if nil}}TRUE{{end}}')).toMatch(/nil is not a command/);
    expect(errorOf('{{nil}}')).toMatch(/nil is not a command/);
  });
});

describe('range', () => {
  it.each([
    ['{{range .SI}}-{{.}}-{{end}}', '-3--4--5-'],
    ['{{range .SIEmpty}}-{{.}}-{{end}}', ''],
    ['{{range .SI}}-{{.}}-{{else}}EMPTY{{end}}', '-3--4--5-'],
    ['{{range .SIEmpty}}-{{.}}-{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{range .SI}}-{{.}}-{{break}}NOTREACHED{{else}}EMPTY{{end}}', '-3-'],
    ['{{range .SI}}-{{.}}-{{continue}}NOTREACHED{{else}}EMPTY{{end}}', '-3--4--5-'],
    ['{{range .SI}}{{if eq . 4}}{{continue}}{{end}}{{.}}{{end}}', '35'],
    ['{{range .SI}}{{if eq . 4}}{{break}}{{end}}{{.}}{{end}}', '3'],
    ['{{range .SI}}{{range $.SB}}{{break}}{{end}}{{.}}{{end}}', '345'],
    ['{{range .SB}}-{{.}}-{{end}}', '-true--false-'],
    ['{{range $x := .SI}}<{{$x}}>{{end}}', '<3><4><5>'],
    ['{{range $x, $y := .SI}}<{{$x}}={{$y}}>{{end}}', '<0=3><1=4><2=5>'],
    ['{{range $x := .MSIone}}<{{$x}}>{{end}}', '<1>'],
    ['{{range $x, $y := .MSIone}}<{{$x}}={{$y}}>{{end}}', '<one=1>'],
    ['{{range .MSI}}-{{.}}-{{end}}', '-1--3--2-'],
    ['{{range $k, $v := .MSI}}{{$k}},{{end}}', 'one,three,two,'],
    ['{{range .MSIEmpty}}-{{.}}-{{end}}', ''],
    ['{{range .MSIEmpty}}-{{.}}-{{else}}EMPTY{{end}}', 'EMPTY'],
    ['{{range .Empty3}}-{{.}}-{{else}}EMPTY{{end}}', '-7--8-'],
    ['{{range .NIL}}-{{.}}-{{end}}', ''],
    ['{{range .Missing}}-{{.}}-{{else}}none{{end}}', 'none'],
    ['{{range $v := 5}}{{$v}}{{end}}', '01234'],
    ['{{range 5}}{{.}}{{end}}', '01234'],
    ['{{range 0}}x{{else}}none{{end}}', 'none'],
    ['{{range .SMSI}}{{range $k, $v := .}}{{$k}}={{$v}} {{end}}{{end}}', 'one=1 two=2 eleven=11 twelve=12 '],
    ['{{range $i, $e := .SI}}{{if $i}}, {{end}}{{$e}}{{end}}', '3, 4, 5'],
    ['{{range .SI}}{{$.X}}{{end}}', 'xxx'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('ranges a map with numeric keys in numeric order', () => {
    expect(
      exec(
        '{{range $k, $v := .}}{{$k}}{{end}}',
        new Map([
          [10, 'a'],
          [2, 'b'],
          [1, 'c'],
        ]),
      ),
    ).toBe('1210');
  });

  it('refuses what cannot be ranged over', () => {
    expect(errorOf('{{range 1.5}}{{end}}')).toMatch(/range can't iterate over 1.5/);
    expect(errorOf('{{range .X}}{{end}}')).toMatch(/range can't iterate over x/);
    expect(errorOf('{{range .True}}{{end}}')).toMatch(/range can't iterate over true/);
    expect(errorOf('{{range $i, $v := 5}}{{end}}')).toMatch(/can't use 5 to iterate over more than one variable/);
  });

  it('stops a template that would run or print without end', () => {
    const started = Date.now();
    expect(errorOf('{{range 1000000000}}{{end}}')).toMatch(/template exceeds 5000000 steps/);
    expect(errorOf('{{range 100000}}{{range 100000}}x{{end}}{{end}}')).toMatch(/exceeds/);
    expect(errorOf('{{range 20}}{{$.S}}{{$.S}}{{end}}', { S: 'x'.repeat(1024 * 1024) })).toMatch(
      /template output exceeds 16777216 characters/,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuses break and continue outside range', () => {
    expect(errorOf('{{break}}')).toBe('template: t:1: {{break}} outside {{range}}');
    expect(errorOf('{{if true}}{{continue}}{{end}}')).toMatch(/\{\{continue\}\} outside \{\{range\}\}/);
    expect(errorOf('{{range .SI}}{{end}}{{break}}')).toMatch(/outside \{\{range\}\}/);
  });
});

describe('define, template and block', () => {
  it.each([
    ['{{define "a"}}A{{end}}{{template "a"}}', 'A'],
    ['{{define "a"}}[{{.}}]{{end}}{{template "a" 5}}', '[5]'],
    ['{{template "a" .X}}{{define "a"}}<{{.}}>{{end}}', '<x>'],
    ['{{define "a"}}{{.}}{{end}}{{template "a"}}', '<no value>'],
    ['{{block "b" .X}}default {{.}}{{end}}', 'default x'],
    ['{{block "b" .}}default{{end}}{{define "b"}}override{{end}}', 'override'],
    ['{{define "a"}}{{$.V}}{{end}}{{template "a" .U}}', 'v'],
    ['{{define "r"}}{{if .}}{{len .}}{{template "r" (slice . 1)}}{{end}}{{end}}{{template "r" .SI}}', '321'],
    ['{{define `raw`}}R{{end}}{{template `raw`}}', 'R'],
    ['{{define "a"}}A{{end}}', ''],
    ['x{{define "a"}}A{{end}}y', 'xy'],
    ['{{define "row"}}{{.name}}={{.v}};{{end}}{{range .}}{{template "row" .}}{{end}}', 'a=1;b=2;'],
  ])('%j renders %j', (src, want) => {
    const data = src.includes('"row"')
      ? [
          { name: 'a', v: 1 },
          { name: 'b', v: 2 },
        ]
      : tVal;
    expect(exec(src, data)).toBe(want);
  });

  it('names a missing template and stops endless recursion', () => {
    expect(errorOf('{{template "nope"}}')).toMatch(/template "nope" not defined/);
    expect(errorOf('{{define "loop"}}{{template "loop"}}{{end}}{{template "loop"}}')).toMatch(
      /exceeded maximum template depth/,
    );
    expect(errorOf('{{template .X}}')).toMatch(/unexpected ".X" in template clause/);
    expect(errorOf('{{define "a"}}A{{else}}B{{end}}')).toMatch(/unexpected \{\{else\}\} in define/);
  });

  it('reports errors inside a called template under its name', () => {
    expect(errorOf('{{define "inner"}}\n{{.X.Y}}{{end}}{{template "inner" .}}')).toMatch(
      /executing "inner" at <.X.Y>: can't evaluate field Y in type string/,
    );
  });
});

describe('pipelines and parentheses', () => {
  it.each([
    ['{{.X | printf "%s"}}', 'x'],
    ['{{.I | printf "%d"}}', '17'],
    ['{{"a" | printf "%s%s" "b"}}', 'ba'],
    ['{{(1)}}', '1'],
    ['{{printf "%d %d %d" (1) (2 | add 3) (add 4 (add 5 6))}}', '1 5 15'],
    ['{{.SI | len}}', '3'],
    ['{{index .SI 1 | printf "%03d"}}', '004'],
    ['{{"x" | echo | echo}}', 'x'],
    ['{{with $x := "a" | printf "%s!"}}{{$x}}{{end}}', 'a!'],
  ])('%j renders %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('refuses arguments to what is not a function', () => {
    expect(errorOf('{{1 2}}')).toMatch(/can't give argument to non-function 1/);
    expect(errorOf('{{.X | .I}}')).toMatch(/I is not a method but has arguments/);
    expect(errorOf('{{.X | 3}}')).toMatch(/non executable command in pipeline stage 2/);
    expect(errorOf('{{$x := 1}}{{"a" | $x}}')).toMatch(/can't give argument to non-function \$x/);
  });
});
