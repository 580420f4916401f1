import { GoTemplate, type TemplateOptions } from '../../../src/expr/gotemplate/index.js';

/** The data most cases run against (the shapes of Go's own exec tests, as JSON-like values). */
export const tVal = {
  True: true,
  I: 17,
  X: 'x',
  S: 'xyz',
  U: { V: 'v' },
  SI: [3, 4, 5],
  SIEmpty: [],
  SB: [true, false],
  MSI: { one: 1, two: 2, three: 3 },
  MSIone: { one: 1 },
  MSIEmpty: {},
  SMSI: [
    { one: 1, two: 2 },
    { eleven: 11, twelve: 12 },
  ],
  NIL: null,
  Empty3: [7, 8],
  PSI: [21, 22, 23],
  Str: 'foozle',
  F: 3.5,
  NotFn: 3,
  Fn: (a: unknown, b: unknown) => `${String(a)}+${String(b)}`,
};

/** Functions the cases need beyond Go's builtins (Go's tests use the same ones). */
export const testFuncs: NonNullable<TemplateOptions['funcs']> = {
  add: (a, b) => Number(a) + Number(b),
  echo: (a) => a,
  die: () => {
    throw new Error('die');
  },
  makemap: (...a) => {
    const m: Record<string, unknown> = {};
    for (let i = 0; i + 1 < a.length; i += 2) m[String(a[i])] = a[i + 1];
    return m;
  },
};

/** Renders `src` the way Go's `template.New("t").Funcs(...).Parse(src).Execute(data)` would. */
export function exec(src: string, data: unknown = tVal, opts: TemplateOptions = {}): string {
  return GoTemplate.parse(src, { name: 't', funcs: testFuncs, ...opts }).execute(data);
}

/** The error message of rendering `src`, or `(no error)`. */
export function errorOf(src: string, data: unknown = tVal, opts: TemplateOptions = {}): string {
  try {
    exec(src, data, opts);
    return '(no error)';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
