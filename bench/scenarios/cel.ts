// `npm run bench -- cel [--evals N]`: CEL evaluations per second of the engine as it is (optional
// syntax rewritten before parsing, cel-go's extensions, the function library) against the engine
// as it was (the same @bufbuild/cel environment without them), on expressions both understand:
// parsed once (as the cached program is reused by checks) and parsed every time (a new
// expression). Then the rate of expressions only the new engine reads (optional syntax,
// extensions). Figures only; it never fails on time. Default 20,000 evaluations per row.
import { CelScalar, celEnv, celFunc, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { celFunctions } from '../../apps/server/src/expr/cel/bind.js';
import { evaluateCel } from '../../apps/server/src/expr/cel.js';
import { lastResult } from '../../apps/server/src/expr/context.js';
import { libraryFuncs } from '../../apps/server/src/expr/funcs/index.js';
import { fromCel, toCel } from '../../apps/server/src/expr/values.js';

const vars = {
  code: 200,
  json: {
    items: [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ],
    ratio: 0.5,
    a: { b: 2 },
  },
  results: { files: [{ name: 'x', size: 10 }], count: 1 },
  content: 'hello world',
};

const SHARED = [
  'code == 200 && json.items.size() == 2',
  'json.items.exists(i, i.name == "b") && json.ratio < 1.0',
  'json.items.map(i, i.n * 2).filter(n, n > 1).size()',
  'content.contains("world") ? "up" : "down"',
  'has(results.files) ? results.files.size() : 0',
  '"%s-%d".format([content, code])',
];
const NEW_ONLY = [
  'results.?files.orValue([]).size()',
  'json.?a.b.orValue(0) + json.?z.b.orValue(1)',
  '[1, ?json.?a.b, ?json.?z].size()',
  'json.items.sortBy(i, -i.n).map(i, i.name)',
  'math.round(json.ratio) + math.abs(-2.5)',
];

/** The engine as it was before optionals and the extra extensions: library, strings, last_result. */
function oldEngine(): (expr: string, parseEveryTime: boolean) => unknown {
  const contextual = [celFunc('last_result', [], CelScalar.DYN, () => toCel(lastResult()) as never)];
  const env = celEnv({ funcs: [...celFunctions(libraryFuncs), ...strings, ...contextual] });
  const cache = new Map<string, ReturnType<typeof plan>>();
  return (expr, parseEveryTime) => {
    let program = parseEveryTime ? undefined : cache.get(expr);
    if (!program) {
      program = plan(env, parse(expr));
      if (!parseEveryTime) cache.set(expr, program);
    }
    const bindings: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(vars)) bindings[k] = toCel(v);
    return fromCel(program(bindings as never));
  };
}

function rate(n: number, exprs: string[], evaluate: (expr: string) => unknown, warm = exprs): number {
  for (const e of warm) evaluate(e); // warm-up (and a check that each expression evaluates)
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) evaluate(exprs[i % exprs.length] as string);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return n / seconds;
}

/** A new expression every time: a trailing space keeps the program cache from answering. */
const uncached = (n: number, exprs: string[]) =>
  Array.from({ length: Math.min(n, 2000) }, (_, i) => `${exprs[i % exprs.length]}${' '.repeat(1 + (i % 50))}`);

export async function run(argv: string[]): Promise<void> {
  const i = argv.indexOf('--evals');
  const n = i >= 0 ? Number(argv[i + 1]) : 20_000;
  if (!Number.isInteger(n) || n <= 0) throw new Error('--evals takes a positive integer');
  const old = oldEngine();
  const fmt = (x: number) => `${Math.round(x).toLocaleString('en-US')}/s`;
  const rows: Array<[string, number, number]> = [];
  rows.push(['cached programs', rate(n, SHARED, (e) => old(e, false)), rate(n, SHARED, (e) => evaluateCel(e, vars))]);
  const fresh = uncached(n, SHARED);
  rows.push([
    'parsed every time',
    rate(fresh.length, fresh, (e) => old(e, true), SHARED),
    rate(fresh.length, fresh, (e) => evaluateCel(e, vars), SHARED),
  ]);
  console.log(`CEL evaluations per second (${n.toLocaleString('en-US')} per row, ${SHARED.length} expressions)`);
  console.log('row                  old            new            new/old');
  for (const [name, before, after] of rows) {
    console.log(`${name.padEnd(20)} ${fmt(before).padEnd(14)} ${fmt(after).padEnd(14)} ${(after / before).toFixed(2)}`);
  }
  const onlyNew = rate(n, NEW_ONLY, (e) => evaluateCel(e, vars));
  console.log(`${'optionals/extensions'.padEnd(20)} ${'refused'.padEnd(14)} ${fmt(onlyNew).padEnd(14)} -`);
}
