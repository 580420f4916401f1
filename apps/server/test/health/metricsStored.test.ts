import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { deleteCanary, saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { HealthMetrics } from '../../src/health/metrics.js';
import { ResultWriter } from '../../src/health/results.js';
import { CanaryRunner } from '../../src/health/runner.js';
import { Scheduler } from '../../src/health/scheduler.js';
import { createTestDb } from '../helpers/index.js';

let db: Db;
let server: net.Server;
beforeAll(async () => {
  db = await createTestDb();
  server = net.createServer((s) => s.end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await db?.close();
});

async function runs(registry: Registry): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'canary_check_count');
  return (metric?.values ?? []).reduce((sum, v) => sum + Number(v.value), 0);
}

/** A one-check tcp canary and an engine whose writer counts stored results in its own registry. */
async function meteredCanary(name: string, at: string) {
  const clock = new ManualClock(new Date(at));
  const endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const doc = {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { schedule: '@every 1m', tcp: [{ name: 'port', endpoint }] },
  };
  const saved = await db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, validateCanary(doc), { source: 'UI', clock }));
  const registry = new Registry();
  const metrics = new HealthMetrics(registry);
  const writer = new ResultWriter(db, { onStored: (rows) => metrics.countStored(rows) });
  const runner = new CanaryRunner({ clock, db, writer, metrics });
  return { clock, endpoint, saved, registry, writer, runner };
}

describe('check metrics', () => {
  it('count a result only once it is stored, so a crash never leaves /metrics ahead of the history', async () => {
    const { endpoint, saved, registry, writer, runner } = await meteredCanary('counted', '2026-03-01T10:00:00Z');
    const canary = {
      id: saved.id,
      name: 'counted',
      namespace: 'default',
      labels: {},
      checks: [{ id: saved.checks['tcp/port'] as string, type: 'tcp', name: 'port', spec: { name: 'port', endpoint } }],
    };
    const [run] = await runner.runCanary(canary);
    expect(run?.result.pass).toBe(true);
    expect(await runs(registry)).toBe(0); // ran, not yet stored
    await writer.flush();
    expect(await runs(registry)).toBe(1);
    const stored = await db.kysely
      .selectFrom('check_statuses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('check_id', '=', canary.checks[0]?.id as string)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
  });

  it('drop the series of a deleted canary, so a server with churning canaries does not grow', async () => {
    const { clock, saved, registry, writer, runner } = await meteredCanary('short-lived', '2026-03-01T11:00:00Z');
    const scheduler = new Scheduler({ db, runner, clock, timers: false, dispatchGridMs: 0 });
    await scheduler.start();
    clock.set(scheduler.nextRun(saved.id) as Date);
    await scheduler.tick();
    await scheduler.whenIdle();
    await writer.flush();
    const series = async () => (await registry.metrics()).split('\n').filter((l) => l.includes('short-lived')).length;
    expect(await series()).toBeGreaterThan(0);
    await deleteCanary(db.kysely, saved.id);
    clock.set(new Date(clock.now().getTime() + 1000));
    await scheduler.sync();
    expect(await series()).toBe(0);
    await scheduler.stop();
  });
});
