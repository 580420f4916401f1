import { describe, expect, it } from 'vitest';
import { errorOf, exec } from './helpers.js';

// Go's predefined functions: comparisons, logic (short-circuit, answering the operand), index,
// slice, len, print*, html, js, urlquery and call, with Go's results and error wording.

describe('comparison', () => {
  it.each([
    ['{{eq true true}}', 'true'],
    ['{{eq true false}}', 'false'],
    ['{{eq 1.5 1.5}}', 'true'],
    ['{{eq 1.5 2.5}}', 'false'],
    ['{{eq 1 1}}', 'true'],
    ['{{eq 1 2}}', 'false'],
    ['{{eq `xy` `xy`}}', 'true'],
    ['{{eq `xy` `xyz`}}', 'false'],
    ['{{eq .I 17}}', 'true'],
    ['{{eq 3 4 5 6 3}}', 'true'],
    ['{{eq 3 4 5 6 7}}', 'false'],
    ['{{eq .X "a" "b" "x"}}', 'true'],
    ['{{eq .NIL nil}}', 'true'],
    ['{{eq .Missing nil}}', 'true'],
    ['{{eq .Missing 1}}', 'false'],
    ['{{eq .SI nil}}', 'false'],
    ['{{ne true true}}', 'false'],
    ['{{ne true false}}', 'true'],
    ['{{ne 1.5 1.5}}', 'false'],
    ['{{ne 1 2}}', 'true'],
    ['{{ne `xy` `xy`}}', 'false'],
    ['{{ne `xy` `xyz`}}', 'true'],
    ['{{lt 1.5 2.5}}', 'true'],
    ['{{lt 2.5 1.5}}', 'false'],
    ['{{lt 1 2}}', 'true'],
    ['{{lt 1 1}}', 'false'],
    ['{{lt 2 1}}', 'false'],
    ['{{lt `xy` `xyz`}}', 'true'],
    ['{{lt `xyz` `xy`}}', 'false'],
    ['{{lt 1 1.5}}', 'true'],
    ['{{le 1.5 1.5}}', 'true'],
    ['{{le 1 1}}', 'true'],
    ['{{le 2 1}}', 'false'],
    ['{{le `xy` `xy`}}', 'true'],
    ['{{gt 1.5 2.5}}', 'false'],
    ['{{gt 2 1}}', 'true'],
    ['{{gt 1 1}}', 'false'],
    ['{{gt `xyz` `xy`}}', 'true'],
    ['{{ge 1 1}}', 'true'],
    ['{{ge 1 2}}', 'false'],
    ['{{ge `xy` `xy`}}', 'true'],
    ['{{ge 2.5 1.5}}', 'true'],
    ['{{if gt .I 10}}big{{end}}', 'big'],
    ['{{if and (ge .I 10) (lt .I 20)}}teen{{end}}', 'teen'],
  ])('%j is %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it.each([
    ['{{eq 1}}', /error calling eq: missing argument for comparison/],
    ['{{eq `xy` 1}}', /error calling eq: incompatible types for comparison/],
    ['{{eq true 1}}', /incompatible types for comparison/],
    ['{{eq .SI .SI}}', /non-comparable type/],
    ['{{eq .MSI .MSI}}', /non-comparable type/],
    ['{{lt true true}}', /error calling lt: invalid type for comparison/],
    ['{{lt 1 `x`}}', /error calling lt: incompatible types for comparison/],
    ['{{lt .SI 1}}', /invalid type for comparison/],
    ['{{gt nil 1}}', /invalid type for comparison/],
    ['{{ne 1 2 3}}', /wrong number of args for ne: want 2 got 3/],
    ['{{lt 1}}', /wrong number of args for lt: want 2 got 1/],
  ])('%j fails with %s', (src, want) => {
    expect(errorOf(src)).toMatch(want);
  });
});

describe('logic', () => {
  it.each([
    ['{{not true}} {{not false}}', 'false true'],
    ['{{not 0}} {{not 1}} {{not ""}} {{not .SIEmpty}} {{not .SI}}', 'true false true true false'],
    ['{{and false 0}} {{and 1 0}} {{and 0 true}} {{and 1 1}}', 'false 0 0 1'],
    ['{{or 0 0}} {{or 1 0}} {{or 0 true}} {{or 1 1}}', '0 1 true 1'],
    ['{{or 0 1 (die)}}', '1'],
    ['{{and 1 0 (die)}}', '0'],
    ['{{1 | and 1}}', '1'],
    ['{{0 | and 1}}', '0'],
    ['{{1 | or 0}}', '1'],
    ['{{0 | or 0}}', '0'],
    ['{{and 1 .Unknown}}', '<no value>'],
    ['{{or 0 .Unknown}}', '<no value>'],
    ['{{or .Missing "fallback"}}', 'fallback'],
    ['{{and .X .S}}', 'xyz'],
    ['{{or "" .SIEmpty .SI}}', '[3 4 5]'],
    ['{{and 1}}', '1'],
  ])('%j is %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('evaluates the operands that decide and no more', () => {
    expect(errorOf('{{and 1 (die) 0}}')).toMatch(/error calling die: die/);
    expect(errorOf('{{not}}')).toMatch(/wrong number of args for not: want 1 got 0/);
    expect(errorOf('{{not 1 2}}')).toMatch(/wrong number of args for not: want 1 got 2/);
  });
});

describe('index, slice, len', () => {
  it.each([
    ['{{index .SI 0}}', '3'],
    ['{{index .SI 2}}', '5'],
    ['{{index .MSI `two`}}', '2'],
    ['{{index .MSI `XXX`}}', '<no value>'],
    ['{{index .SMSI 1 `eleven`}}', '11'],
    ['{{index .S 1}}', '121'],
    ['{{index .SI}}', '[3 4 5]'],
    ['{{index . "X"}}', 'x'],
    ['{{slice .SI}}', '[3 4 5]'],
    ['{{slice .SI 1}}', '[4 5]'],
    ['{{slice .SI 1 2}}', '[4]'],
    ['{{slice .SI 1 2 3}}', '[4]'],
    ['{{slice .SI 3}}', '[]'],
    ['{{slice .S 1 2}}', 'y'],
    ['{{slice .S 1}}', 'yz'],
    ['{{slice .S}}', 'xyz'],
    ['{{len .SI}}', '3'],
    ['{{len .MSI}}', '3'],
    ['{{len .S}}', '3'],
    ['{{len "héllo"}}', '6'],
    ['{{len .SIEmpty}}', '0'],
    ['{{len .MSIEmpty}}', '0'],
  ])('%j is %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it.each([
    ['{{index .SI 3}}', /error calling index: index out of range: 3/],
    ['{{index .SI -1}}', /index out of range: -1/],
    ['{{index .SI `a`}}', /cannot index slice\/array with type string/],
    ['{{index nil 1}}', /error calling index: index of untyped nil/],
    ['{{index .I 1}}', /can't index item of type int/],
    ['{{slice .SI 3 2}}', /invalid slice index: 3 > 2/],
    ['{{slice .SI 1 4}}', /index out of range: 4/],
    ['{{slice .S 1 2 2}}', /cannot 3-index slice a string/],
    ['{{slice .I 1}}', /can't slice item of type int/],
    ['{{len 3}}', /error calling len: len of type int/],
    ['{{len .Missing}}', /error calling len: len of nil pointer/],
    ['{{len .SI .SI}}', /wrong number of args for len: want 1 got 2/],
  ])('%j fails with %s', (src, want) => {
    expect(errorOf(src)).toMatch(want);
  });

  it('reports the failing call with its position and command', () => {
    expect(errorOf('xx\n  {{index .SI 9}}')).toBe(
      'template: t:2:4: executing "t" at <index .SI 9>: error calling index: index out of range: 9',
    );
  });
});

describe('print, escapers and call', () => {
  it.each([
    ['{{print "hello, print"}}', 'hello, print'],
    ['{{print 1 2 3}}', '1 2 3'],
    ['{{print "a" "b"}}', 'ab'],
    ['{{print 1 "a" 2}}', '1a2'],
    ['{{print nil}}', '<nil>'],
    ['{{print .NIL}}', '<nil>'],
    ['{{print .SI .MSIone}}', '[3 4 5] map[one:1]'],
    ['{{println 1 2 3}}', '1 2 3\n'],
    ['{{println "a" "b"}}', 'a b\n'],
    ['{{printf "%04x" 127}}', '007f'],
    ['{{printf "%g" 3.5}}', '3.5'],
    ['{{printf "%s" "hello"}}', 'hello'],
    ['{{printf "%s" .U.V}}', 'v'],
    ['{{with .I}}{{printf "%d" .}}{{end}}', '17'],
    ['{{with $x := .I}}{{printf "%d" $x}}{{end}}', '17'],
    ['{{html "<script>alert(\\"XSS\\");</script>"}}', '&lt;script&gt;alert(&#34;XSS&#34;);&lt;/script&gt;'],
    ['{{printf "<script>alert(\\"XSS\\");</script>" | html}}', '&lt;script&gt;alert(&#34;XSS&#34;);&lt;/script&gt;'],
    ['{{html "a\'b&c"}}', 'a&#39;b&amp;c'],
    ['{{html .Missing}}', '&lt;no value&gt;'],
    ['{{html 1 2}}', '1 2'],
    ['{{js "It\'d be nice."}}', "It\\'d be nice."],
    ['{{js "<a=b&c>"}}', '\\u003Ca\\u003Db\\u0026c\\u003E'],
    ['{{js "a\\"b\\\\c\\n"}}', 'a\\"b\\\\c\\u000A'],
    ['{{"http://www.example.org/" | urlquery}}', 'http%3A%2F%2Fwww.example.org%2F'],
    ['{{urlquery "a b&c=d/é"}}', 'a+b%26c%3Dd%2F%C3%A9'],
    ['{{urlquery .Missing}}', '%3Cno+value%3E'],
    ['{{call .Fn 1 2}}', '1+2'],
    ['{{call .Fn "a" .X}}', 'a+x'],
  ])('%j is %j', (src, want) => {
    expect(exec(src)).toBe(want);
  });

  it('refuses calls of what is not a function', () => {
    expect(errorOf('{{call .NotFn}}')).toMatch(/error calling call: non-function of type int/);
    expect(errorOf('{{call .Missing}}')).toMatch(/error calling call: call of nil/);
    expect(errorOf('{{printf 1}}')).toMatch(/error calling printf: wrong type for value; expected string; got int/);
  });
});
