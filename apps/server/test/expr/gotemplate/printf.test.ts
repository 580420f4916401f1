import { describe, expect, it } from 'vitest';
import { sprintf } from '../../../src/expr/gotemplate/sprintf.js';
import { exec } from './helpers.js';

// Go's fmt verbs as `printf` formats them (integers, floats, strings, collections, widths,
// flags, argument indexes) and fmt's in-band errors.

describe('printf verbs', () => {
  it.each([
    ['%v', [1], '1'],
    ['%d', [1], '1'],
    ['%5d|', [1], '    1|'],
    ['%-5d|', [1], '1    |'],
    ['%05d', [42], '00042'],
    ['%+d', [3], '+3'],
    ['%+d', [-3], '-3'],
    ['% d', [5], ' 5'],
    ['%x', [255], 'ff'],
    ['%X', [255], 'FF'],
    ['%#x', [255], '0xff'],
    ['%x', [-255], '-ff'],
    ['%o', [8], '10'],
    ['%#o', [8], '010'],
    ['%O', [8], '0o10'],
    ['%b', [5], '101'],
    ['%c', [65], 'A'],
    ['%q', [65], "'A'"],
    ['%U', [0x1f600], 'U+1F600'],
    ['%U', [65], 'U+0041'],
    ['%.3d', [7], '007'],
    ['%e', [1234.5678], '1.234568e+03'],
    ['%E', [1234.5678], '1.234568E+03'],
    ['%.2e', [1234.5678], '1.23e+03'],
    ['%f', [3.14156], '3.141560'],
    ['%.2f', [3.14156], '3.14'],
    ['%8.3f|', [3.14156], '   3.142|'],
    ['%-8.3f|', [3.14156], '3.142   |'],
    ['%08.3f', [-3.14156], '-003.142'],
    ['%.0f', [2.5], '3'],
    ['%.2f', [3], '3.00'],
    ['%6.2f%%', [50], ' 50.00%'],
    ['%+.1f', [2], '+2.0'],
    ['%g', [1234.5678], '1234.5678'],
    ['%g', [0.00001], '1e-05'],
    ['%G', [1e-10], '1E-10'],
    ['%.3g', [1234.5678], '1.23e+03'],
    ['%.3g', [0.5], '0.5'],
    ['%g', [100000], '100000'],
    ['%v', [0.1], '0.1'],
    ['%v', [1e-7], '1e-07'],
    ['%v', [-0.5], '-0.5'],
    ['%v', [123456789.5], '1.234567895e+08'],
    ['%s', ['hi'], 'hi'],
    ['%10s|', ['hi'], '        hi|'],
    ['%-10s|', ['hi'], 'hi        |'],
    ['%.2s', ['hello'], 'he'],
    ['%.1s', ['é!'], 'é'],
    ['%q', ['hi\n'], '"hi\\n"'],
    ['%q', ['say "x"'], '"say \\"x\\""'],
    ['%q', ['\x00\x7f'], '"\\x00\\x7f"'],
    ['%q', ['é'], '"é"'],
    ['%+q', ['é'], '"\\u00e9"'],
    ['%#q', ['a"b'], '`a"b`'],
    ['%x', ['hi'], '6869'],
    ['%X', ['hi'], '6869'],
    ['%t', [true], 'true'],
    ['%v', [false], 'false'],
    ['%v', [[1, 2]], '[1 2]'],
    ['%d', [[1, 2]], '[1 2]'],
    ['%s', [['a', 'b']], '[a b]'],
    ['%q', [['a', 'b']], '["a" "b"]'],
    ['%v', [{ b: 2, a: 1 }], 'map[a:1 b:2]'],
    ['%+v', [{ b: 2, a: 1 }], 'map[a:1 b:2]'],
    ['%#v', ['a'], '"a"'],
    ['%#v', [[1, 'x']], '[]interface {}{1, "x"}'],
    ['%#v', [{ a: 1 }], 'map[string]interface {}{"a":1}'],
    ['%T', [1], 'int'],
    ['%T', [1.5], 'float64'],
    ['%T', ['s'], 'string'],
    ['%T', [true], 'bool'],
    ['%T', [[1]], '[]interface {}'],
    ['%T', [{}], 'map[string]interface {}'],
    ['%T', [null], '<nil>'],
    ['%v', [null], '<nil>'],
    ['%%', [], '%'],
    ['100%%', [], '100%'],
    ['%*d', [5, 1], '    1'],
    ['%-*d|', [3, 1], '1  |'],
    ['%.*f', [1, 3.14156], '3.1'],
    ['%[2]d %[1]d', [1, 2], '2 1'],
    ['%[1]s %[1]s', ['x'], 'x x'],
    ['%s and %v', ['a', 2], 'a and 2'],
  ])('%j of %j is %j', (format, args, want) => {
    expect(sprintf(format as string, args as unknown[])).toBe(want);
  });

  it.each([
    ['%d', ['hi'], '%!d(string=hi)'],
    ['%s', [1], '%!s(int=1)'],
    ['%d', [1.5], '%!d(float64=1.5)'],
    ['%t', [1], '%!t(int=1)'],
    ['%d', [null], '%!d(<nil>)'],
    ['%s', [null], '%!s(<nil>)'],
    ['%d', [], '%!d(MISSING)'],
    ['%d %d', [1], '1 %!d(MISSING)'],
    ['%d', [1, 2], '1%!(EXTRA int=2)'],
    ['x', ['a', 1], 'x%!(EXTRA string=a, int=1)'],
    ['%', [], '%!(NOVERB)'],
    ['%z', [1], '%!z(int=1)'],
    ['%*d', ['a', 1], '%!(BADWIDTH)1'],
  ])('%j of %j is %j', (format, args, want) => {
    expect(sprintf(format as string, args as unknown[])).toBe(want);
  });

  it('formats through the template action too', () => {
    expect(exec('{{printf "%-6s|%3d|%.1f" .X .I .F}}')).toBe('x     | 17|3.5');
    expect(exec('{{printf "%v %v" .SI .MSIone}}')).toBe('[3 4 5] map[one:1]');
    expect(exec('{{printf "%q" .SI}}')).toBe("['\\x03' '\\x04' '\\x05']");
  });
});

describe('parsed formats', () => {
  it('answer the same for a format seen before, with other operands', () => {
    expect(sprintf('%-5s|%05.1f|%x', ['ab', 3.5, 255])).toBe('ab   |003.5|ff');
    expect(sprintf('%-5s|%05.1f|%x', ['abcdef', -2, 'hi'])).toBe('abcdef|-02.0|6869');
    expect(sprintf('%-5s|%05.1f|%x', ['a'])).toBe('a    |%!f(MISSING)|%!x(MISSING)');
    expect(sprintf('%d%%', [5, 6])).toBe('5%%!(EXTRA int=6)');
    expect(sprintf('%d%%', [5, 6])).toBe('5%%!(EXTRA int=6)');
  });
});
