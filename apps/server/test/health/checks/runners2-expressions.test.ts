import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { closeSqlPools } from '../../../src/integrations/sql/query.js';
import { type HttpPeer, startHttpPeer } from './httpPeer.js';
import { runnerContext, serviceAvailable } from './runnerContext.js';

// test / display / transform over the result variables of the runners-2 types, through the
// engine's single entry point, against real peers.

const ctx = () => {
  const c = runnerContext();
  return { resolveConnection: c.resolveConnection, resolveEnv: c.resolveEnv };
};
const pgUp = await serviceAvailable('PostgreSQL', 5432);
const redisUp = await serviceAvailable('Redis', 6379);

let prom: HttpPeer;
let am: HttpPeer;
beforeAll(async () => {
  prom = await startHttpPeer(() => ({
    json: {
      status: 'success',
      data: {
        resultType: 'vector',
        result: [
          { metric: { instance: 'api-1', job: 'api' }, value: [1700000000, '0.25'] },
          { metric: { instance: 'api-2', job: 'api' }, value: [1700000000, '0.75'] },
        ],
      },
    },
  }));
  am = await startHttpPeer(() => ({
    json: [
      {
        labels: { alertname: 'DiskFull', namespace: 'db', pod: 'pg-0', severity: 'critical' },
        annotations: { summary: 'disk 95% full' },
        fingerprint: 'f1',
        status: { state: 'active' },
      },
      {
        labels: { alertname: 'HighLatency', namespace: 'web', deployment: 'api', severity: 'warning' },
        annotations: { description: 'p99 above 2s' },
        fingerprint: 'f2',
        status: { state: 'active' },
      },
    ],
  }));
});
afterAll(async () => {
  await Promise.all([prom.close(), am.close(), closeSqlPools()]);
});

describe.skipIf(!pgUp)('postgres results in expressions', () => {
  const spec = (extra: Record<string, unknown>) => ({
    name: 'orders',
    url: 'postgres://postgres@127.0.0.1:5432/test',
    query: "select n as id, case when n = 2 then 'late' else 'ok' end as state from generate_series(1, 3) n",
    ...extra,
  });

  it('test sees results.rows and display formats them', async () => {
    const ok = await executeCheck(
      'postgres',
      spec({
        test: { expr: "results.count == 3 && results.rows[0].state == 'ok'" },
        display: { expr: "'orders: ' + string(results.count)" },
      }),
      ctx(),
    );
    expect(ok).toMatchObject({ pass: true, message: 'orders: 3' });
    const bad = await executeCheck('postgres', spec({ test: { expr: "results.rows.all(r, r.state == 'ok')" } }), ctx());
    expect(bad.pass).toBe(false);
  });

  it('transform turns each row into a check', async () => {
    const out = await executeCheck(
      'postgres',
      spec({
        transform: {
          expr: "results.rows.map(r, {'name': 'order-' + string(r.id), 'pass': r.state == 'ok', 'message': r.state})",
        },
      }),
      ctx(),
    );
    expect(out.transformed?.map((t) => [t.name, t.pass, t.message])).toEqual([
      ['order-1', true, 'ok'],
      ['order-2', false, 'late'],
      ['order-3', true, 'ok'],
    ]);
  });
});

describe.skipIf(!redisUp)('redis results in expressions', () => {
  it('display reads the server version through a template', async () => {
    const out = await executeCheck(
      'redis',
      { name: 'cache', addr: '127.0.0.1:6379', display: { template: 'redis {{ .results.info.redis_version }}' } },
      ctx(),
    );
    expect(out.pass).toBe(true);
    expect(out.message).toMatch(/^redis \d+\.\d+/);
  });
});

describe('prometheus and alertmanager results in expressions', () => {
  it('test fails when a sample breaches the threshold', async () => {
    const base = { name: 'errors', url: prom.url, query: 'rate(errors[5m])' };
    const pass = await executeCheck('prometheus', { ...base, test: { expr: 'results.all(r, r.value < 1.0)' } }, ctx());
    expect(pass.pass).toBe(true);
    const fail = await executeCheck(
      'prometheus',
      {
        ...base,
        test: { expr: 'results.all(r, r.value < 0.5)' },
        display: { expr: "results.filter(r, r.value >= 0.5).map(r, r.instance).join(', ')" },
      },
      ctx(),
    );
    expect(fail).toMatchObject({ pass: false, message: 'api-2' });
  });

  it('transform makes one failing check per firing alert', async () => {
    const out = await executeCheck(
      'alertmanager',
      {
        name: 'alerts',
        url: am.url,
        transform: { expr: "alerts.map(a, {'name': a.name, 'pass': false, 'message': a.message, 'labels': a.labels})" },
      },
      ctx(),
    );
    expect(out.transformed?.map((t) => [t.name, t.pass, t.message])).toEqual([
      ['DiskFull/db/pg-0', false, 'disk 95% full'],
      ['HighLatency/web/api', false, 'p99 above 2s'],
    ]);
  });

  it('an unsupported field is refused before anything runs', async () => {
    const out = await executeCheck('prometheus', { name: 'p', url: prom.url, query: 'up', querry: 'x' }, ctx());
    expect(out).toMatchObject({ pass: false, invalid: true });
    expect(out.message).toContain('querry');
  });
});
