import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../../../src/expr/index.js';

// canary-checker's documented CEL examples for the string family (expected values as Go prints them).
describe('CEL strings library', () => {
  it.each([
    ['"hello".startsWith("he")', true],
    ['"apple".matches("^a.*e$")', true],
    ["'hello'.charAt(4)", 'o'],
    ["'hello mellow'.indexOf('ello', 2)", 7],
    ["'hello mellow'.lastIndexOf('ello', 6)", 1],
    ["['hello', 'mellow'].join(' ')", 'hello mellow'],
    ["'hello hello'.replace('he', 'we', 1)", 'wello hello'],
    ["'hello hello hello'.split(' ', 2)", ['hello', 'hello hello']],
    ["'tacocat'.substring(0, 4)", 'taco'],
    ["'TacoCÆt Xii'.lowerAscii()", 'tacocÆt xii'],
    ["'gums'.reverse()", 'smug'],
    ["'John Smith'.reverse()", 'htimS nhoJ'],
    ['TrimPrefix("Mr.", "Mr. Smith")', ' Smith'],
    ['TrimPrefix("Dr.", "Mr. Smith")', 'Mr. Smith'],
    ['TrimSuffix(".jpg", "image.jpg")', 'image'],
    ['"hello world".trimPrefix("hello ")', 'world'],
    ['"hello world".trimSuffix(" world")', 'hello'],
    ['ReplaceAll("apple", "orange", "I have an apple")', 'I have an orange'],
    ['"I have an apple".replaceAll("apple", "orange")', 'I have an orange'],
    ['Repeat(3, "apple")', 'appleappleapple'],
    ['"apple".repeat(3)', 'appleappleapple'],
    ['Sort(["banana", "apple", "cherry"])', ['apple', 'banana', 'cherry']],
    ['"hello".sort()', 'ehllo'],
    ['Title("hello world")', 'Hello World'],
    ['"hello world".title()', 'Hello World'],
    ['Indent(4, "Line1\\nLine2")', '    Line1\n    Line2'],
    ['Indent("> ", "Line1\\nLine2")', '> Line1\n> Line2'],
    ['"hello world".indent(4, "-")', '----hello world'],
    ['Slug("Hello, World!")', 'hello-world'],
    ['"Hello Beautiful World".slug()', 'hello-beautiful-world'],
    ['Quote("Hello World")', '"Hello World"'],
    ['ShellQuote("Hello World$123")', "'Hello World$123'"],
    ['"Hello$World".shellQuote()', "'Hello$World'"],
    ['Squote("Hello World")', "'Hello World'"],
    ['Squote("\'Hello World\'")', "'''Hello World'''"],
    ['SnakeCase("HelloWorld")', 'hello_world'],
    ['"Hello Beautiful World!".snakeCase()', 'hello_beautiful_world'],
    ['CamelCase("hello_world")', 'HelloWorld'],
    ['"hello beautiful world!".camelCase()', 'HelloBeautifulWorld'],
    ['KebabCase("HelloWorld")', 'hello-world'],
    ['"Hello Beautiful World!".kebabCase()', 'hello-beautiful-world'],
    ['WordWrap(5, "Hello World")', 'Hello\nWorld'],
    ['WordWrap(10, "Hello Beautiful World")', 'Hello\nBeautiful\nWorld'],
    ['RuneCount("Hello World")', 11],
    ['"Hello World".runeCount()', 11],
    ['RuneCount("")', 0],
    ['"KubernetesPod".abbrev(1, 5)', 'Ku...'],
    ['"KubernetesPod".abbrev(6)', 'Kub...'],
    ['Contains("app", "apple")', true],
    ['SplitN(",", 2, "a,b,c")', ['a', 'b,c']],
    ['Trunc(3, "abcdef")', 'abc'],
    ['HumanSize(1048576)', '1MiB'],
    ['HumanDuration(Duration("90m"))', '1h30m0s'],
    ['strings.quote(\'single-quote with "double quote"\')', '"single-quote with \\"double quote\\""'],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, {})).toEqual(expected);
  });
});

describe('CEL semver', () => {
  it.each([
    ['SemverCompare("1.2.3", "1.2.4")', false],
    ['SemverCompare("2.3.4", "2.3.4")', true],
    ['SemverCompare("3.4.5", "3.4.5-alpha")', false],
    ['SemverCompare(">=1.2.0, <2.0.0", "1.9.9")', true],
    ['SemverCompare("~1.2", "1.2.9")', true],
    ['SemverCompare("~1.2", "1.3.0")', false],
    ['SemverCompare("^1.2", "1.9.0")', true],
    ['SemverCompare("^1.2", "2.0.0")', false],
    ['SemverCompare("1.x", "1.4.0")', true],
    ['SemverCompare("<1.0 || >=3", "3.1.0")', true],
    ['Semver("1.2.3-alpha+meta").prerelease', 'alpha'],
    ['Semver("3.4.5").patch', '5'],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, {})).toEqual(expected);
  });

  it('parses a version into its parts', () => {
    expect(evaluateCel('Semver("2.3.4-beta+meta2")', {})).toEqual({
      major: '2',
      minor: '3',
      patch: '4',
      prerelease: 'beta',
      metadata: 'meta2',
      original: '2.3.4-beta+meta2',
    });
    expect(() => evaluateCel('Semver("nope")', {})).toThrow(/invalid semantic version/);
  });
});
