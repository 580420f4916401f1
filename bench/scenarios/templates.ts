// `npm run bench -- templates [--renders 20000]`: template renders per second, the Go template
// engine (apps/server/src/expr/gotemplate) against the hand-written subset it replaced (kept in
// bench/lib/oldTemplate as the baseline), on templates the old engine handled: fields, pipelines,
// printf, if/else, range, with, trimming. Both engines cache the parsed template, as the server
// does; each template is rendered `renders` times per engine after a warm-up, in one process.
// It prints figures; it never fails on time.
import { parseArgs } from 'node:util';
import { renderTemplate } from '../../apps/server/src/expr/template.js';
import { ExprDuration } from '../../apps/server/src/expr/values.js';
import { renderTemplate as renderOld } from '../lib/oldTemplate/template.js';

const data = {
  code: 200,
  name: 'api',
  check: { name: 'web', status: 'healthy', labels: { team: 'sre', env: 'prod' } },
  json: { items: Array.from({ length: 20 }, (_, i) => ({ name: `item-${i}`, n: i, ok: i % 3 !== 0 })) },
  sslAge: new ExprDuration(3_660_000),
};

const TEMPLATES: Record<string, string> = {
  text: 'Check failed: see the dashboard for details',
  field: '{{ .check.name }}',
  pipeline: '{{ .check.name | upper }}-{{ .name | default "x" }}',
  printf: '{{ printf "%s has %d items (%s)" .name (len .json.items) .sslAge }}',
  ifElse: '{{ if gt .code 299 }}bad{{ else if eq .code 200 }}ok{{ else }}other{{ end }}',
  range: '{{ range .json.items }}{{ if .ok }}[{{ .name }}={{ .n }}]{{ end }}{{ end }}',
  with: '{{ with .check }}{{ .name }} is {{ .status }}{{ end }}',
  notification: `Check {{ .check.name }} is {{ .check.status }}
{{- range .json.items }}
  - {{ .name }}: {{ if .ok }}ok{{ else }}failing{{ end }}
{{- end }}`,
};

function rate(fn: () => void, renders: number): number {
  for (let i = 0; i < Math.min(200, renders); i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < renders; i++) fn();
  const ns = Number(process.hrtime.bigint() - start);
  return renders / (ns / 1e9);
}

/**
 * `rounds` pairs of measurements of the two engines, each of `renders` renders. On a machine shared
 * with other work the load moves from second to second, so each pair (measured back to back)
 * gives one ratio and the median ratio is reported; the rates are each engine's best round.
 */
function measure(oldFn: () => void, newFn: () => void, renders: number, rounds: number) {
  const ratios: number[] = [];
  let bestOld = 0;
  let bestNew = 0;
  for (let r = 0; r < rounds; r++) {
    // alternate which engine goes first, so neither always runs after the other's garbage
    let old: number;
    let n: number;
    if (r % 2) {
      old = rate(oldFn, renders);
      n = rate(newFn, renders);
    } else {
      n = rate(newFn, renders);
      old = rate(oldFn, renders);
    }
    ratios.push(n / old);
    bestOld = Math.max(bestOld, old);
    bestNew = Math.max(bestNew, n);
  }
  ratios.sort((x, y) => x - y);
  const mid = ratios.length >> 1;
  const median =
    ratios.length % 2 ? (ratios[mid] as number) : ((ratios[mid - 1] as number) + (ratios[mid] as number)) / 2;
  return { bestOld, bestNew, median };
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { renders: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '21' } },
  });
  const renders = Number(values.renders);
  const rounds = Math.max(1, Number(values.rounds));
  console.log(
    `template renders per second (parsed once; ${rounds} back-to-back pairs of ${renders} renders: best rate of each engine, median of the pairs' ratios)`,
  );
  console.log(`${'template'.padEnd(14)} ${'old'.padStart(12)} ${'new'.padStart(12)} ${'new/old'.padStart(8)}`);
  for (const [name, src] of Object.entries(TEMPLATES)) {
    const oldOut = renderOld(src, data);
    const newOut = renderTemplate(src, data);
    if (oldOut !== newOut)
      console.log(`  (${name}: outputs differ: ${JSON.stringify(oldOut)} vs ${JSON.stringify(newOut)})`);
    const { bestOld, bestNew, median } = measure(
      () => renderOld(src, data),
      () => renderTemplate(src, data),
      renders,
      rounds,
    );
    console.log(
      `${name.padEnd(14)} ${bestOld.toFixed(0).padStart(12)} ${bestNew.toFixed(0).padStart(12)} ${median.toFixed(2).padStart(8)}`,
    );
  }
}
