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
        rows: ['web(good) http=[home] tcp=[port]', 'data(mixed) postgres=[db] tcp=[cache]'],
      },
    ],
    [
      'canary_name',
      'namespace',
      '',
      {
        columns: ['prod:2', 'staging:1', '(none):1'],
        rows: ['web(good) prod=[home,port]', 'data(mixed) staging=[db] (none)=[cache]'],
      },
    ],
    [
      'no-group',
      'label',
      'env',
      {
        columns: ['prod:2', 'staging:1', '(none):1'],
        rows: [
          'home(good) prod=[home]',
          'port(good) prod=[port]',
          'db(bad) staging=[db]',
          'cache(good) (none)=[cache]',
        ],
      },
    ],
    [
      'type',
      'canary_name',
      '',
      {
        columns: ['data:2', 'web:2'],
        rows: ['http(good) web=[home]', 'tcp(good) data=[cache] web=[port]', 'postgres(bad) data=[db]'],
      },
    ],
  ])('rows by %s, columns by %s %s', (rowsBy, pivotBy, label, expected) =>
    expect(render(rowsBy, pivotBy, label)).toEqual(expected),
  );

  it('sorts column values naturally', () => {
    const list = ['n10', 'n9', 'n1'].map((namespace) => buildCheck({ name: namespace, namespace }));
    expect(render('no-group', 'namespace', '', undefined, list).columns).toEqual(['n1:1', 'n9:1', 'n10:1']);
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
