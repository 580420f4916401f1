import { describe, expect, it } from 'vitest';
import { type PivotBy, pivotChecks, pivotValue } from './pivot.js';
import { buildCheck } from './testChecks.js';
import type { CheckSummary } from './types.js';

const checks = [
  buildCheck({ name: 'home', canary_name: 'web', type: 'http', namespace: 'prod', labels: { env: 'prod' } }),
  buildCheck({ name: 'port', canary_name: 'web', type: 'tcp', namespace: 'prod', labels: { env: 'prod' } }),
  buildCheck({
    name: 'db',
    canary_name: 'data',
    type: 'postgres',
    namespace: 'staging',
    status: 'unhealthy',
    labels: { env: 'staging' },
  }),
  buildCheck({ name: 'cache', canary_name: 'data', type: 'tcp', namespace: null, agent_id: 'agent-1', labels: {} }),
];

/** The matrix as text: one line per row, `key(status): column=[names] ...`. */
function render(rowsBy: string, pivotBy: PivotBy, pivotLabel = '', maxColumns?: number, list = checks) {
  const pivot = pivotChecks(list, { groupBy: rowsBy, pivotBy, pivotLabel, maxColumns });
  return {
    columns: pivot.columns.map((c) => `${c.label}:${c.count}`),
    rows: pivot.rows.map(
      (r) =>
        `${r.key}(${r.status}) ${pivot.columns
          .map((c, i) => (r.cells[i] ? `${c.label}=[${(r.cells[i] as CheckSummary[]).map((x) => x.name)}]` : ''))
          .filter(Boolean)
          .join(' ')}`,
    ),
  };
}

describe('pivot', () => {
  it.each<[PivotBy, string, (string | undefined)[]]>([
    ['type', '', ['http', 'tcp', 'postgres', 'tcp']],
    ['namespace', '', ['prod', 'prod', 'staging', undefined]],
    ['canary_name', '', ['web', 'web', 'data', 'data']],
    [
      'agent',
      '',
      [
        '00000000-0000-0000-0000-000000000000',
        '00000000-0000-0000-0000-000000000000',
        '00000000-0000-0000-0000-000000000000',
        'agent-1',
      ],
    ],
    ['label', 'env', ['prod', 'prod', 'staging', undefined]],
    ['label', '', [undefined, undefined, undefined, undefined]],
  ])('pivots on %s %s', (by, label, values) => expect(checks.map((c) => pivotValue(c, by, label))).toEqual(values));

  it.each<[string, PivotBy, string, { columns: string[]; rows: string[] }]>([
    [
      'canary_name',
      'type',
      '',
      {
        columns: ['http:1', 'postgres:1', 'tcp:2'],
        rows: ['data(mixed) postgres=[db] tcp=[cache]', 'web(good) http=[home] tcp=[port]'],
      },
    ],
    [
      'canary_name',
      'namespace',
      '',
      {
        columns: ['prod:2', 'staging:1', '(none):1'],
        rows: ['data(mixed) staging=[db] (none)=[cache]', 'web(good) prod=[home,port]'],
      },
    ],
    [
      'no-group',
      'label',
      'env',
      {
        columns: ['prod:2', 'staging:1', '(none):1'],
        rows: [
          'cache(good) (none)=[cache]',
          'db(bad) staging=[db]',
          'home(good) prod=[home]',
          'port(good) prod=[port]',
        ],
      },
    ],
    [
      'type',
      'canary_name',
      '',
      {
        columns: ['data:2', 'web:2'],
        rows: ['http(good) web=[home]', 'postgres(bad) data=[db]', 'tcp(good) data=[cache] web=[port]'],
      },
    ],
  ])('rows by %s, columns by %s %s', (rowsBy, pivotBy, label, expected) =>
    expect(render(rowsBy, pivotBy, label)).toEqual(expected),
  );

  it('sorts rows and columns naturally, with no value last', () => {
    const list = ['n10', 'n9', 'n1'].map((namespace) => buildCheck({ name: namespace, namespace }));
    expect(render('no-group', 'namespace', '', undefined, list).columns).toEqual(['n1:1', 'n9:1', 'n10:1']);
    const rows = ['canary-10', 'canary-2', '', 'canary-1'].map((env, i) =>
      buildCheck({ name: `c${i}`, labels: env ? { env } : {} }),
    );
    expect(render('env', 'type', '', undefined, rows).rows).toEqual([
      'canary-1(good) http=[c3]',
      'canary-2(good) http=[c1]',
      'canary-10(good) http=[c0]',
      '(good) http=[c2]',
    ]);
  });

  it('keeps the most populated values and puts the rest in Other', () => {
    const list = ['a', 'b', 'b', 'c', 'c', 'c', 'd', 'e'].map((type, i) => buildCheck({ name: `c${i}`, type }));
    expect(render('no-group', 'type', '', 3, list).columns).toEqual(['b:2', 'c:3', 'Other:3']);
    // '(none)' takes a column of its own
    const withNone = [...list, buildCheck({ name: 'ns', namespace: null })];
    expect(render('no-group', 'namespace', '', 3, withNone).columns).toEqual(['default:8', '(none):1']);
  });

  it('has no rows for no checks', () => {
    expect(pivotChecks([], { groupBy: 'canary_name', pivotBy: 'type', pivotLabel: '' })).toEqual({
      columns: [],
      rows: [],
    });
  });
});
