import { describe, expect, it } from 'vitest';
import { decodeLabels, labelOptions, withSelected } from './labels.js';
import { buildCheck } from './testChecks.js';
import type { CheckSummary } from './types.js';
import {
  defaultCheckRange,
  filterChecks,
  formatLatency,
  formatUptime,
  groupChecks,
  parseDurationFilter,
  sortChecks,
  statusColor,
  tabsFor,
} from './utils.js';
import { toYaml } from './yaml.js';

const check = buildCheck;

describe('health formats', () => {
  it.each([
    [{ passed: 199, failed: 1 }, '99.5%'],
    [{ passed: 10, failed: 0 }, '100.0%'],
    [{ passed: 0, failed: 3 }, '0.0%'],
    [{ passed: 2, failed: 1 }, '66.7%'],
    [{ passed: 0, failed: 0 }, ''],
  ])('uptime %o is %s', (u, text) => expect(formatUptime(u)).toBe(text));

  it.each([
    [12.4, '12ms'],
    [999, '999ms'],
    [1500, '1.5s'],
    [90_000, '1.5m'],
    [5_400_000, '1.5h'],
    [undefined, ''],
  ])('latency %s is %s', (ms, text) => expect(formatLatency(ms)).toBe(text));

  it.each([
    ['unhealthy', 'red'],
    ['degraded', 'red'],
    ['missing', 'red'],
    ['unknown', 'grey'],
    ['suspended', 'grey'],
    [null, 'grey'],
    ['warning', 'orange'],
    ['healthy', 'green'],
  ] as const)('status %s is a %s dot', (status, color) => expect(statusColor(status)).toBe(color));

  it.each([
    ['100ms', { ms: 100 }],
    ['5s', { ms: 5000 }],
    ['1.5s', { ms: 1500 }],
    ['All', {}],
    ['', {}],
    ['5m', { error: 'duration is allowed only in milli seconds & seconds' }],
    ['abc', { error: 'duration is allowed only in milli seconds & seconds' }],
  ])('duration filter %s', (text, result) => expect(parseDurationFilter(text)).toEqual(result));

  it.each([
    [0, '1h'],
    [30 * 60_000, '1h'],
    [2 * 3_600_000, '3h'],
    [20 * 3_600_000, '1d'],
    [10 * 86_400_000, '2w'],
    [400 * 86_400_000, '2y'],
    [4000 * 86_400_000, '5y'],
  ])('a check last run %s ms ago opens on %s', (age, range) =>
    expect(defaultCheckRange(new Date(1e12 - age).toISOString(), 1e12)).toBe(range),
  );
});

describe('health filters, tabs and groups', () => {
  const checks = [
    check({ name: 'api', canary_name: 'web', labels: { env: 'prod', team: 'a', critical: 'true' }, namespace: 'ns1' }),
    check({
      name: 'db',
      canary_name: 'data',
      type: 'postgres',
      labels: { env: 'dev' },
      status: 'unhealthy',
      namespace: 'ns2',
    }),
    check({
      name: 'cache',
      canary_name: 'data',
      type: 'redis',
      labels: { env: 'prod', critical: 'false' },
      description: 'the cache',
    }),
  ];
  const names = (list: CheckSummary[]) => list.map((c) => c.name);

  it.each([
    [{}, false, '', ['api', 'db', 'cache']],
    [{}, true, '', ['db']],
    [{ 'env=prod': 1 }, false, '', ['api', 'cache']],
    [{ 'env=prod': -1 }, false, '', ['db']],
    [{ 'env=prod': 1, 'env=dev': 1 }, false, '', ['api', 'db', 'cache']],
    [{ 'env=prod': 1, 'critical=true': 1 }, false, '', ['api']],
    [{}, false, 'CACHE', ['cache']],
    [{}, false, 'health=unhealthy', ['db']],
    [{}, false, 'type=redis,postgres', ['db', 'cache']],
    [{ 'env=prod': 1 }, false, 'critical=false', ['cache']],
    [{}, true, 'env=prod', []],
  ] as const)('labels %o, hide passing %s, query %s', (labels, hidePassing, query, expected) =>
    expect(names(filterChecks(checks, { labels, hidePassing, query }))).toEqual(expected),
  );

  it('reads only 1 and -1 from the labels parameter', () => {
    expect(decodeLabels('{"env=prod":1,"a=b":-1,"c=d":0,"e":"1"}')).toEqual({ 'env=prod': 1, 'a=b': -1 });
    expect(decodeLabels('not json')).toEqual({});
    expect(decodeLabels('[1]')).toEqual({});
  });

  it('offers a toggle for boolean labels and values for the rest', () => {
    expect(labelOptions(checks)).toEqual([
      { key: 'critical', values: ['false', 'true'], boolean: true },
      { key: 'env', values: ['dev', 'prod'], boolean: false },
      { key: 'team', values: ['a'], boolean: false },
    ]);
  });

  it('keeps a label filter in force in the options though no check shown carries it', () => {
    const options = labelOptions(checks);
    expect(withSelected(options, { 'env=prod': 1 })).toBe(options);
    expect(withSelected(options, { 'env=qa': -1, 'zone=eu': 1, 'critical=maybe': 1, broken: 1 })).toEqual([
      { key: 'critical', values: ['false', 'maybe', 'true'], boolean: false },
      { key: 'env', values: ['dev', 'prod', 'qa'], boolean: false },
      { key: 'team', values: ['a'], boolean: false },
      { key: 'zone', values: ['eu'], boolean: false },
    ]);
  });

  it('tabs with All first by namespace or label value', () => {
    expect(tabsFor(checks, 'namespace')).toEqual(['All', 'default', 'ns1', 'ns2']);
    expect(tabsFor(checks, 'env')).toEqual(['All', 'dev', 'prod']);
  });

  it('rolls a group up to good, mixed or bad with summed uptime and a shared type', () => {
    const groups = groupChecks(checks, 'canary_name');
    expect(groups.map((g) => [g.key, g.status, g.type, g.uptime])).toEqual([
      ['web', 'good', 'http', { passed: 1, failed: 0 }],
      ['data', 'mixed', 'mixed', { passed: 2, failed: 0 }],
    ]);
    expect(groupChecks([checks[1] as CheckSummary], 'type')[0]?.status).toBe('bad');
    expect(groupChecks(checks, 'env').map((g) => g.key)).toEqual(['prod', 'dev']);
  });

  it('rolls a group of checks that have never run up to unknown, and ignores them beside checks that ran', () => {
    const fresh = check({ name: 'new', canary_name: 'canary', status: null, uptime: { passed: 0, failed: 0 } });
    expect(groupChecks([fresh], 'canary_name')[0]?.status).toBe('unknown');
    expect(groupChecks([fresh, check({ name: 'ok' })], 'canary_name')[0]?.status).toBe('good');
    expect(groupChecks([fresh, check({ name: 'ko', status: 'unhealthy' })], 'canary_name')[0]?.status).toBe('bad');
  });

  it('Hide Passing keeps only failing checks: a check that has never run is hidden with the healthy ones', () => {
    const fresh = check({ name: 'new', status: null, uptime: { passed: 0, failed: 0 } });
    const list = [...checks, fresh];
    expect(names(filterChecks(list, { labels: {}, hidePassing: true, query: '' }))).toEqual(['db']);
    expect(names(filterChecks(list, { labels: {}, hidePassing: false, query: '' }))).toEqual([
      'api',
      'db',
      'cache',
      'new',
    ]);
  });

  it('sorts by a column either way', () => {
    expect(names(sortChecks(checks, 'name', false))).toEqual(['api', 'cache', 'db']);
    expect(names(sortChecks(checks, 'health', true))).toEqual(['api', 'cache', 'db']);
    expect(names(sortChecks(checks, 'health', false))).toEqual(['db', 'api', 'cache']);
    expect(names(sortChecks(checks, 'name', true))).toEqual(['db', 'cache', 'api']);
  });

  it('sorts names without regard to case and leaves its input alone', () => {
    const list = ['b', 'A', 'a', 'C'].map((name) => check({ name }));
    expect(names(sortChecks(list, 'name', false))).toEqual(['A', 'a', 'b', 'C']);
    expect(names(list)).toEqual(['b', 'A', 'a', 'C']);
  });
});

describe('spec YAML', () => {
  it('writes nested maps, lists and quoted scalars', () => {
    expect(toYaml({ http: [{ name: 'api', url: 'https://x', code: 200, headers: { a: 'true' } }], empty: [] })).toBe(
      [
        'http:',
        '  - name: api',
        '    url: https://x',
        '    code: 200',
        '    headers:',
        '      a: "true"',
        'empty: []',
      ].join('\n'),
    );
  });
});
