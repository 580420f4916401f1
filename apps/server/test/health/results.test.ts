import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { ResultWriter } from '../../src/health/results.js';
import { createTestDb } from '../helpers/index.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** A canary with `n` http checks, straight into the tables; answers the check ids. */
async function buildChecks(name: string, n: number): Promise<{ canaryId: string; checkIds: string[] }> {
  const canary = await db.kysely
    .insertInto('canaries')
    .values({ name, namespace: 'results', spec: JSON.stringify({ schedule: '@every 1m' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const checks = await db.kysely
    .insertInto('checks')
    .values(Array.from({ length: n }, (_, i) => ({ canary_id: canary.id, type: 'http', name: `${name}-${i}` })))
    .returning('id')
    .execute();
  return { canaryId: canary.id, checkIds: checks.map((c) => c.id) };
}

const rollups = (table: 'check_statuses_1h' | 'check_statuses_1d', checkId: string) =>
  db.kysely.selectFrom(table).selectAll().where('check_id', '=', checkId).orderBy('created_at').execute();

describe('result writer', () => {
  it('keeps the rollup histograms equal to check_latency_histogram, across flushes and buckets edges', async () => {
    const { checkIds } = await buildChecks('hist', 2);
    const [a, b] = checkIds as [string, string];
    // bucket edges: 1 is the first bucket, 2 the second, 60000 the last bound, above it the overflow bucket
    const durations = [0, 1, 2, 3, 5, 6, 999, 1000, 1001, 59_999, 60_000, 60_001, 250_000, 7.6];
    const writer = new ResultWriter(db);
    const t0 = Date.parse('2026-04-01T10:58:00Z');
    // several results of one check per flush, across an hour boundary, and over two flushes
    for (const [i, d] of durations.entries()) {
      writer.add({ checkId: a, time: new Date(t0 + i * 20_000), pass: i % 3 !== 0, duration: d });
      if (i === 5) await writer.flush();
    }
    writer.add({ checkId: b, time: new Date(t0), pass: true, duration: 42 });
    await writer.flush();

    const expected = async (ds: number[]) => {
      const { rows } = await sql<{ h: number[] }>`select check_latency_histogram(${ds}::int[]) as h`.execute(db.kysely);
      return rows[0]?.h;
    };
    const hourly = await rollups('check_statuses_1h', a);
    const byHour = new Map<number, number[]>();
    durations.forEach((d, i) => {
      const hour = Math.floor((t0 + i * 20_000) / 3_600_000) * 3_600_000;
      byHour.set(hour, [...(byHour.get(hour) ?? []), Math.round(d)]);
    });
    expect(hourly).toHaveLength(byHour.size);
    for (const h of hourly) {
      const ds = byHour.get(h.created_at.getTime()) as number[];
      expect(h.latency_histogram).toEqual(await expected(ds));
      expect(h.total).toBe(ds.length);
      expect(Number(h.duration)).toBe(ds.reduce((x, y) => x + y, 0));
    }
    const daily = await rollups('check_statuses_1d', a);
    expect(daily).toHaveLength(1);
    expect(daily[0]?.latency_histogram).toEqual(await expected(durations.map(Math.round)));
    expect(daily[0]).toMatchObject({
      total: durations.length,
      passed: durations.filter((_, i) => i % 3 !== 0).length,
      failed: durations.filter((_, i) => i % 3 === 0).length,
    });
    expect((await rollups('check_statuses_1d', b))[0]?.latency_histogram).toEqual(await expected([42]));
  });

  it('counts a result stored twice only once, and keeps the latest status on the check', async () => {
    const { checkIds } = await buildChecks('twice', 1);
    const id = checkIds[0] as string;
    const writer = new ResultWriter(db);
    const time = new Date('2026-04-02T10:30:00Z');
    const next = new Date('2026-04-02T10:31:00Z');
    writer.add({ checkId: id, time, pass: true, duration: 5, nextRuntime: next });
    await writer.flush();
    // a retried flush whose first attempt did commit
    writer.add({ checkId: id, time, pass: true, duration: 5, nextRuntime: next });
    writer.add({ checkId: id, time: new Date(time.getTime() - 60_000), pass: false, duration: 5, error: 'late' });
    await writer.flush();
    const [hourly] = await rollups('check_statuses_1h', id);
    expect(hourly).toMatchObject({ total: 2, passed: 1, failed: 1 });
    const check = await db.kysely.selectFrom('checks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // the older result arrived later: it is stored but does not replace the newer status
    expect(check.status).toBe('healthy');
    expect(check.last_runtime?.getTime()).toBe(time.getTime());
    expect(check.next_runtime?.getTime()).toBe(next.getTime());
  });

  it('writes one job history row per canary run with the reference status rule', async () => {
    const { canaryId } = await buildChecks('jobs', 1);
    const writer = new ResultWriter(db);
    const start = new Date('2026-04-03T10:00:00Z');
    const end = new Date(start.getTime() + 1234);
    const job = { canaryId, start, end, hostname: 'here' };
    writer.addJob({ ...job, passed: 2, failed: 0, errors: [] });
    writer.addJob({ ...job, passed: 1, failed: 1, errors: ['b: down'] });
    writer.addJob({ ...job, passed: 0, failed: 2, errors: Array.from({ length: 30 }, (_, i) => `e${i}`) });
    await writer.flush();
    const rows = await db.kysely
      .selectFrom('job_history')
      .selectAll()
      .where('resource_id', '=', canaryId)
      .orderBy('success_count', 'desc')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['SUCCESS', 'WARNING', 'FAILED']);
    expect(rows[0]).toMatchObject({
      name: 'Canary',
      resource_type: 'canary',
      success_count: 2,
      error_count: 0,
      details: null,
      hostname: 'here',
      duration_millis: 1234,
    });
    expect(rows[0]?.time_start?.getTime()).toBe(start.getTime());
    expect(rows[0]?.time_end?.getTime()).toBe(end.getTime());
    expect(rows[1]?.details).toEqual({ errors: ['b: down'] });
    expect((rows[2]?.details as { errors?: string[] } | undefined)?.errors).toHaveLength(20);
  });

  it('catches up in bounded statements, oldest first, and stores every result', async () => {
    const { checkIds } = await buildChecks('behind', 1);
    const [id] = checkIds as [string];
    const batches: number[] = [];
    const writer = new ResultWriter(db, { maxStatementRows: 3, onStored: (r) => batches.push(r.length) });
    const t0 = Date.parse('2026-04-04T10:00:00Z');
    for (let i = 0; i < 10; i++) writer.add({ checkId: id, time: new Date(t0 + i * 60_000), pass: true, duration: i });
    await writer.flush();
    expect(batches).toEqual([3, 3, 3, 1]);
    const stored = await db.kysely.selectFrom('check_statuses').select('duration').where('check_id', '=', id).execute();
    expect(stored.map((r) => r.duration).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps results while the database is away, dropping only the oldest past its backlog', async () => {
    const { checkIds } = await buildChecks('away', 1);
    const [id] = checkIds as [string];
    const errors: string[] = [];
    let down = true;
    const refused = Object.assign(new Error('connection refused'), { code: '08006' });
    const pool = new Proxy(db.pool, {
      get: (target, key) =>
        key === 'query' && down ? () => Promise.reject(refused) : Reflect.get(target, key, target),
    });
    const writer = new ResultWriter({ ...db, pool } as Db, {
      maxBacklog: 4,
      onError: (e) => errors.push((e as Error).message),
    });
    const t0 = Date.parse('2026-04-05T10:00:00Z');
    const add = (i: number) => writer.add({ checkId: id, time: new Date(t0 + i * 60_000), pass: true, duration: i });
    for (let i = 0; i < 3; i++) add(i);
    await writer.flush();
    for (let i = 3; i < 6; i++) add(i);
    await writer.flush();
    expect(writer.pending).toBe(4);
    expect(errors).toContain('the database has refused check results for too long: 2 oldest results dropped');
    down = false;
    await writer.flush();
    const stored = await db.kysely.selectFrom('check_statuses').select('duration').where('check_id', '=', id).execute();
    expect(stored.map((r) => r.duration).sort((a, b) => Number(a) - Number(b))).toEqual([2, 3, 4, 5]);
  });
});
