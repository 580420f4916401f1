import type { ApplicationReport } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDueApplications } from '../../src/applications/schedule.js';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { json } from './seed.js';

/**
 * Applications as the CRD writes them, over HTTP: sections whose uiRef carries the Changes and
 * Catalog pages' filters, and spec.schedule (the report rebuilt on schedule and answered stored).
 */

let server: TestServer;
const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));

const DB = '8c2b7f52-3333-4a4a-9b9b-000000000001';
const CACHE = '8c2b7f52-3333-4a4a-9b9b-000000000002';
const POD = '8c2b7f52-3333-4a4a-9b9b-000000000003';

const at = (iso: string) => new Date(iso).toISOString();

beforeAll(async () => {
  server = await startTestServer({ clock });
  const db = server.db.kysely;
  await db
    .insertInto('config_items' as never)
    .values([
      {
        id: DB,
        name: 'orders-db',
        type: 'SQL::Database',
        config_class: 'Database',
        labels: '{"tier":"data"}',
        status: 'Running',
      },
      {
        id: CACHE,
        name: 'orders-cache',
        type: 'Redis::Instance',
        config_class: 'Cache',
        labels: '{"tier":"data"}',
        status: 'Stopped',
      },
      {
        id: POD,
        name: 'orders-web',
        type: 'Kubernetes::Pod',
        config_class: 'Pod',
        labels: '{"tier":"web"}',
        status: 'Running',
      },
    ] as never)
    .execute();
  await db
    .insertInto('config_changes' as never)
    .values([
      {
        config_id: DB,
        change_type: 'BackupCompleted',
        severity: 'info',
        source: 'pgbackrest',
        summary: 'nightly backup',
        external_created_by: 'backup-bot',
        created_at: at('2026-11-19T01:00:00Z'),
      },
      {
        config_id: DB,
        change_type: 'UserCreated',
        severity: 'high',
        source: 'audit',
        summary: 'created carol',
        external_created_by: 'alice',
        created_at: at('2026-11-19T02:00:00Z'),
      },
      {
        config_id: CACHE,
        change_type: 'diff',
        severity: 'low',
        source: 'kubernetes',
        summary: 'resized',
        external_created_by: 'bob',
        created_at: at('2026-11-01T02:00:00Z'),
      },
      {
        config_id: POD,
        change_type: 'diff',
        severity: 'high',
        source: 'kubernetes',
        summary: 'restarted',
        external_created_by: 'alice',
        created_at: at('2026-11-19T03:00:00Z'),
      },
    ] as never)
    .execute();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function save(name: string, spec: unknown) {
  const res = await server.fetch('/api/db/applications', {
    method: 'POST',
    ...json({ name, namespace: 'default', spec }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function report(name: string): Promise<ApplicationReport> {
  const res = await server.fetch(`/api/application/default/${name}`, { as: 'viewer' });
  expect(res.status).toBe(200);
  return res.json();
}

describe('Application CRD sections and schedule', () => {
  it('fills uiRef sections with the catalog pages filters: comma lists, exclusions, times, labels', async () => {
    await save('orders', {
      type: 'Service',
      sections: [
        {
          title: 'Data changes this week',
          uiRef: { changes: { configTypes: 'SQL::Database,Redis::Instance', from: '7d', severity: 'low:-1' } },
        },
        { title: 'By alice', uiRef: { changes: { createdBy: 'alice', changeType: 'diff:-1', summary: 'carol' } } },
        { title: 'Data stores', uiRef: { configs: { labels: 'tier=data', status: 'Stopped:-1' } } },
        { title: 'Pods', uiRef: { configs: { configType: 'Kubernetes::Pod' } } },
      ],
    });
    const r = await report('orders');
    const [week, alice, stores, pods] = r.sections;
    expect(week).toMatchObject({ type: 'changes', title: 'Data changes this week' });
    expect(week?.type === 'changes' && week.changes.map((c) => c.summary)).toEqual(['created carol', 'nightly backup']);
    expect(alice?.type === 'changes' && alice.changes.map((c) => c.summary)).toEqual(['created carol']);
    expect(stores?.type === 'configs' && stores.configs.map((c) => c.name)).toEqual(['orders-db']);
    expect(pods?.type === 'configs' && pods.configs.map((c) => c.name)).toEqual(['orders-web']);
  });

  it('rebuilds a scheduled report on its schedule as a job, and answers the stored one in between', async () => {
    await save('orders-audit', {
      type: 'Service',
      schedule: '@every 1h',
      mapping: { datasources: [{ types: ['SQL::Database'] }] },
    });
    expect(await refreshDueApplications(server.ctx)).toBe(1);
    const first = await report('orders-audit');
    expect(first.schedule).toBe('@every 1h');
    expect(first.generatedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(first.backups).toHaveLength(1);
    await server.db.kysely
      .insertInto('config_changes' as never)
      .values({ config_id: DB, change_type: 'BackupCompleted', created_at: at('2026-11-20T10:30:00Z') } as never)
      .execute();
    clock.advance(30 * 60_000);
    // not due yet: nothing rebuilt, the stored report answered
    expect(await refreshDueApplications(server.ctx)).toBe(0);
    expect((await report('orders-audit')).backups).toHaveLength(1);
    clock.advance(31 * 60_000);
    expect(await refreshDueApplications(server.ctx)).toBe(1);
    const second = await report('orders-audit');
    expect(second.generatedAt).toBe('2026-11-20T11:01:00.000Z');
    expect(second.backups).toHaveLength(2);
    const jobs = await server.db.kysely
      .selectFrom('job_history')
      .select(['name', 'status', 'resource_type'])
      .where('name', '=', 'ApplicationReport')
      .execute();
    expect(jobs).toEqual([
      { name: 'ApplicationReport', status: 'SUCCESS', resource_type: 'application' },
      { name: 'ApplicationReport', status: 'SUCCESS', resource_type: 'application' },
    ]);
    // a changed spec is never answered the report of the old one
    const patched = await server.fetch('/api/db/applications?name=eq.orders-audit', {
      method: 'PATCH',
      ...json({ spec: { type: 'Service', schedule: '@every 1h', description: 'Orders audit' } }),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const third = await report('orders-audit');
    expect(third.description).toBe('Orders audit');
    expect(third.backups).toEqual([]);
  });

  it('refuses a schedule it cannot run, naming the field', async () => {
    const res = await server.fetch('/api/db/applications', {
      method: 'POST',
      ...json({ name: 'bad-schedule', spec: { type: 'Service', schedule: '@sometimes' } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/spec\.schedule: '@sometimes': unknown descriptor/);
  });
});
