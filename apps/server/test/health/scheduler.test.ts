import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { deleteCanary, saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { LATENCY_BOUNDS_MS } from '../../src/health/latency.js';
import { ResultWriter } from '../../src/health/results.js';
import { CanaryRunner } from '../../src/health/runner.js';
import { Scheduler } from '../../src/health/scheduler.js';
import { createTestDb } from '../helpers/index.js';
import { promCanary, startTarget, type Target } from './target.js';

let db: Db;
let target: Target;
beforeAll(async () => {
  db = await createTestDb();
  target = await startTarget();
});
afterAll(async () => {
  await target?.close();
  await db?.close();
});

async function save(doc: unknown, clock: ManualClock) {
  const canary = validateCanary(doc);
  return db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
}

/** An engine ticked by hand; runs start at their exact due time unless `dispatchGridMs` says otherwise. */
function engine(clock: ManualClock, dispatchGridMs = 0) {
  const writer = new ResultWriter(db);
  const runner = new CanaryRunner({ clock, db, writer });
  const scheduler = new Scheduler({ db, runner, clock, timers: false, dispatchGridMs });
  return { writer, runner, scheduler };
}

async function runDue(e: ReturnType<typeof engine>) {
  await e.scheduler.tick();
  await e.scheduler.whenIdle();
  await e.writer.flush();
}

const statusOf = (checkId: string) =>
  db.kysely.selectFrom('checks').selectAll().where('id', '=', checkId).executeTakeFirstOrThrow();

describe('scheduler and result storage', () => {
  it('keeps its latency buckets equal to the database histogram', async () => {
    const { rows } = await db.pool.query('select check_latency_bounds() as b');
    expect(rows[0].b).toEqual([...LATENCY_BOUNDS_MS]);
  });

  it('runs a canary when due, stores results, rollups, job history and transition events', async () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
    const saved = await save(promCanary(target, 'alpha'), clock);
    const checkId = saved.checks['prometheus/alpha'] as string;
    const e = engine(clock);
    await e.scheduler.start();
    const first = e.scheduler.nextRun(saved.id) as Date;
    // jittered start: somewhere within the first interval
    expect(first.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(0);
    expect(first.getTime() - clock.now().getTime()).toBeLessThan(60_000);

    clock.set(new Date(first.getTime() - 1000));
    await runDue(e);
    expect(target.hits.get('alpha') ?? 0).toBe(0);

    clock.set(first);
    await runDue(e);
    expect(target.hits.get('alpha')).toBe(1);
    let check = await statusOf(checkId);
    expect(check.status).toBe('healthy');
    expect(check.last_runtime?.getTime()).toBe(first.getTime());
    expect(check.next_runtime?.getTime()).toBe(first.getTime() + 60_000);
    const job = await db.kysely
      .selectFrom('job_history')
      .selectAll()
      .where('resource_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ resource_type: 'canary', status: 'SUCCESS', success_count: 1, error_count: 0 });

    target.failing.add('alpha');
    clock.advance(60_000);
    await runDue(e);
    check = await statusOf(checkId);
    expect(check.status).toBe('unhealthy');
    expect(check.last_transition_time?.getTime()).toBe(first.getTime() + 60_000);

    target.failing.delete('alpha');
    clock.advance(60_000);
    await runDue(e);
    expect((await statusOf(checkId)).status).toBe('healthy');

    const events = await db.kysely
      .selectFrom('event_queue')
      .select('name')
      .where('event_id', '=', checkId)
      .orderBy('name')
      .execute();
    // the first healthy result is not news; the failure and the recovery are
    expect(events.map((ev) => ev.name)).toEqual(['check.failed', 'check.passed']);

    const statuses = await db.kysely.selectFrom('check_statuses').selectAll().where('check_id', '=', checkId).execute();
    expect(statuses.map((s) => s.status)).toEqual([true, false, true]);
    expect(statuses[1]?.error).toBeTruthy();
    const hourly = await db.kysely
      .selectFrom('check_statuses_1h')
      .selectAll()
      .where('check_id', '=', checkId)
      .execute();
    const daily = await db.kysely.selectFrom('check_statuses_1d').selectAll().where('check_id', '=', checkId).execute();
    expect(hourly.reduce((n, h) => n + h.total, 0)).toBe(3);
    expect(hourly.reduce((n, h) => n + h.failed, 0)).toBe(1);
    expect(hourly.flatMap((h) => h.latency_histogram ?? []).reduce((a, b) => a + b, 0)).toBe(3);
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ total: 3, passed: 2, failed: 1 });
    await e.scheduler.stop();
  });

  it('starts runs on the dispatch grid, never early, keeping the spacing between runs exact', async () => {
    const clock = new ManualClock(new Date('2026-03-11T10:00:00Z'));
    const saved = await save(promCanary(target, 'grid'), clock);
    const checkId = saved.checks['prometheus/grid'] as string;
    const e = engine(clock, 100);
    await e.scheduler.start();
    const due = (e.scheduler.nextRun(saved.id) as Date).getTime();
    const gridPoint = Math.ceil(due / 100) * 100;
    clock.set(new Date(due));
    if (gridPoint > due) {
      await runDue(e);
      expect(target.hits.get('grid') ?? 0).toBe(0);
    }
    clock.set(new Date(gridPoint));
    await runDue(e);
    expect(target.hits.get('grid')).toBe(1);
    clock.set(new Date(gridPoint + 60_000));
    await runDue(e);
    expect(target.hits.get('grid')).toBe(2);
    const runs = await db.kysely
      .selectFrom('check_statuses')
      .select('time')
      .where('check_id', '=', checkId)
      .orderBy('time')
      .execute();
    expect(runs.map((r) => r.time.getTime())).toEqual([gridPoint, gridPoint + 60_000]);
    // the stored schedule keeps the canary's own phase
    expect((await statusOf(checkId)).next_runtime?.getTime()).toBe(due + 120_000);
    await e.scheduler.stop();
  });

  it('never lets a hanging target delay other checks, nor a check overlap itself', async () => {
    const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
    target.hanging.add('slow');
    const slow = await save(promCanary(target, 'slow-canary', ['slow']), clock);
    const fast = await save(promCanary(target, 'fast-canary', ['fast']), clock);
    await db.kysely
      .updateTable('canary_schedules')
      .set({ next_runtime: clock.now() })
      .where('canary_id', 'in', [slow.id, fast.id])
      .execute();
    const e = engine(clock);
    await e.scheduler.start();
    const started = Date.now();
    await e.scheduler.tick();
    const fastId = fast.checks['prometheus/fast'] as string;
    while ((await statusOf(fastId)).status === null && Date.now() - started < 1500) {
      await new Promise((r) => setTimeout(r, 20));
      await e.writer.flush();
    }
    expect((await statusOf(fastId)).status).toBe('healthy');
    expect(Date.now() - started).toBeLessThan(1500);
    const slowId = slow.checks['prometheus/slow'] as string;
    expect((await statusOf(slowId)).status).toBeNull();

    // the next run comes while the slow check still hangs: it is skipped, not started twice
    clock.advance(60_000);
    await e.scheduler.tick();
    await e.scheduler.whenIdle();
    await e.writer.flush();
    expect(target.hits.get('slow')).toBe(1);
    expect(target.hits.get('fast')).toBe(2);
    const slowJobs = await db.kysely
      .selectFrom('job_history')
      .select(['details', 'error_count'])
      .where('resource_id', '=', slow.id)
      .orderBy('time_start')
      .execute();
    expect(JSON.stringify(slowJobs)).toContain('still running from the previous run');
    const slowStatus = await statusOf(slowId);
    expect(slowStatus.status).toBe('unhealthy');
    const row = await db.kysely
      .selectFrom('check_statuses')
      .select('error')
      .where('check_id', '=', slowId)
      .executeTakeFirstOrThrow();
    expect(row.error).toMatch(/timed out/);
    target.hanging.delete('slow');
    await e.scheduler.stop();
  });

  it('splits due runs between two processes without running any twice', async () => {
    const clock = new ManualClock(new Date('2026-03-03T10:00:00Z'));
    const names = Array.from({ length: 12 }, (_, i) => `split-${i}`);
    for (const n of names) await save(promCanary(target, n), clock);
    const a = engine(clock);
    const b = engine(clock);
    await Promise.all([a.scheduler.start(), b.scheduler.start()]);
    clock.advance(61_000);
    await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    await Promise.all([a.scheduler.whenIdle(), b.scheduler.whenIdle()]);
    await Promise.all([a.writer.flush(), b.writer.flush()]);
    for (const n of names) expect(target.hits.get(n), n).toBe(1);
    clock.advance(60_000);
    await Promise.all([b.scheduler.tick(), a.scheduler.tick()]);
    await Promise.all([a.scheduler.whenIdle(), b.scheduler.whenIdle()]);
    for (const n of names) expect(target.hits.get(n), n).toBe(2);
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
  });

  it('after a restart runs every canary again within one interval, keeping its phase', async () => {
    const clock = new ManualClock(new Date('2026-03-04T10:00:00Z'));
    const saved = await save(promCanary(target, 'phase'), clock);
    const first = engine(clock);
    await first.scheduler.start();
    const phase = (first.scheduler.nextRun(saved.id) as Date).getTime();
    await first.scheduler.stop();
    clock.advance(10 * 60_000 + 123); // down for ten minutes
    const second = engine(clock);
    await second.scheduler.start();
    const next = (second.scheduler.nextRun(saved.id) as Date).getTime();
    // at most a claim window (1 s) late: a run that just fell due runs at once
    expect(next).toBeGreaterThanOrEqual(clock.now().getTime() - 1000);
    expect(next - clock.now().getTime()).toBeLessThanOrEqual(60_000);
    expect((next - phase) % 60_000).toBe(0);
    await second.scheduler.stop();
  });

  it('after a quick restart runs a run that fell due just before at once, not an interval later', async () => {
    const clock = new ManualClock(new Date('2026-03-10T10:00:00Z'));
    const saved = await save(promCanary(target, 'quick'), clock);
    const first = engine(clock);
    await first.scheduler.start();
    const due = (first.scheduler.nextRun(saved.id) as Date).getTime();
    await first.scheduler.stop();

    clock.set(new Date(due + 400)); // back up 0.4 s after the run fell due
    const second = engine(clock);
    await second.scheduler.start();
    expect(second.scheduler.nextRun(saved.id)?.getTime()).toBe(due);
    await runDue(second);
    expect(target.hits.get('quick')).toBe(1);
    // the phase is kept: the run after it is one interval after the missed time
    expect(second.scheduler.nextRun(saved.id)?.getTime()).toBe(due + 60_000);
    await second.scheduler.stop();

    // down for 5 s past the next run: it runs once half an interval late, then the phase goes on
    clock.set(new Date(due + 60_000 + 5_000));
    const third = engine(clock);
    await third.scheduler.start();
    expect(third.scheduler.nextRun(saved.id)?.getTime()).toBe(due + 90_000);
    clock.set(new Date(due + 90_000));
    await runDue(third);
    expect(target.hits.get('quick')).toBe(2);
    expect(third.scheduler.nextRun(saved.id)?.getTime()).toBe(due + 120_000);
    await third.scheduler.stop();

    // down for 40 s past it (over half an interval): the phase's next run comes first, none extra
    clock.set(new Date(due + 120_000 + 40_000));
    const fourth = engine(clock);
    await fourth.scheduler.start();
    expect(fourth.scheduler.nextRun(saved.id)?.getTime()).toBe(due + 180_000);
    await fourth.scheduler.stop();
  });

  it('hands back a catch-up run claimed but not started on the phase it came from', async () => {
    const clock = new ManualClock(new Date('2026-03-11T10:00:00Z'));
    const saved = await save(promCanary(target, 'catchback'), clock);
    const first = engine(clock);
    await first.scheduler.start();
    const due = (first.scheduler.nextRun(saved.id) as Date).getTime();
    await first.scheduler.stop();
    clock.set(new Date(due + 5_000)); // down for 5 s past its run: a catch-up at +30 s
    const second = engine(clock);
    await second.scheduler.start();
    expect(second.scheduler.nextRun(saved.id)?.getTime()).toBe(due + 30_000);
    clock.set(new Date(due + 30_000 - 500));
    await second.scheduler.tick(); // the catch-up is claimed, not started
    await second.scheduler.stop();
    const stored = await db.kysely
      .selectFrom('canary_schedules')
      .select(['next_runtime', 'claimed_by'])
      .where('canary_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ next_runtime: new Date(due + 60_000), claimed_by: null });
    expect(target.hits.get('catchback') ?? 0).toBe(0);
  });

  it('claims runs shortly ahead, starts them on time, and hands unstarted ones back on shutdown', async () => {
    const clock = new ManualClock(new Date('2026-03-06T10:00:00Z'));
    const saved = await save(promCanary(target, 'handback'), clock);
    const e = engine(clock);
    await e.scheduler.start();
    const due = e.scheduler.nextRun(saved.id) as Date;
    const stored = () =>
      db.kysely
        .selectFrom('canary_schedules')
        .select('next_runtime')
        .where('canary_id', '=', saved.id)
        .executeTakeFirstOrThrow();
    clock.set(new Date(due.getTime() - 500));
    await e.scheduler.tick(); // claimed (next_runtime moved on) but not started yet
    expect((await stored()).next_runtime.getTime()).toBe(due.getTime() + 60_000);
    expect(target.hits.get('handback') ?? 0).toBe(0);
    await e.scheduler.stop();
    expect((await stored()).next_runtime.getTime()).toBe(due.getTime());
  });

  it('stores a batch even when one result belongs to a check that no longer exists', async () => {
    const clock = new ManualClock(new Date('2026-03-08T10:00:00Z'));
    const saved = await save(promCanary(target, 'batch'), clock);
    const checkId = saved.checks['prometheus/batch'] as string;
    const writer = new ResultWriter(db);
    writer.add({ checkId: '00000000-0000-4000-8000-0000000000aa', time: clock.now(), pass: true, duration: 1 });
    writer.add({ checkId, time: clock.now(), pass: false, duration: 2, error: 'down' });
    await writer.flush();
    expect((await statusOf(checkId)).status).toBe('unhealthy');
  });

  it('picks up a changed schedule on the next sync', async () => {
    const clock = new ManualClock(new Date('2026-03-07T10:00:00Z'));
    const saved = await save(promCanary(target, 'resched', ['resched'], '@every 1h'), clock);
    const e = engine(clock);
    await e.scheduler.start();
    await db.kysely
      .updateTable('canaries')
      .set({ spec: JSON.stringify({ ...promCanary(target, 'resched').spec, schedule: '@every 30s' }) })
      .where('id', '=', saved.id)
      .execute();
    await e.scheduler.sync();
    const next = e.scheduler.nextRun(saved.id) as Date;
    expect(next.getTime() - clock.now().getTime()).toBeLessThan(30_000);
    const stored = await db.kysely
      .selectFrom('canary_schedules')
      .select('next_runtime')
      .where('canary_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(stored.next_runtime.getTime()).toBe(next.getTime());
    await e.scheduler.stop();
  });

  it('loads more canaries than one sync page holds, each with its checks', async () => {
    const clock = new ManualClock(new Date('2026-03-09T10:00:00Z'));
    await sql`
      insert into canaries (name, namespace, source, spec)
      select 'paged-' || g, 'paged', 'UI', jsonb_build_object('schedule', '@every 5m',
             'http', jsonb_build_array(jsonb_build_object('name', 'p' || g, 'url', 'http://127.0.0.1:9/' || g)))
      from generate_series(1, 2345) g`.execute(db.kysely);
    await sql`
      insert into checks (canary_id, type, name, spec)
      select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'paged'`.execute(
      db.kysely,
    );
    const ids = await db.kysely.selectFrom('canaries').select('id').where('namespace', '=', 'paged').execute();
    const e = engine(clock);
    await e.scheduler.start();
    for (const { id } of ids) expect(e.scheduler.nextRun(id), id).toBeDefined();
    const stored = await db.kysely
      .selectFrom('canary_schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'canary_id',
        'in',
        ids.map((r) => r.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ids.length);
    await e.scheduler.stop();
    await db.kysely.updateTable('canaries').set({ deleted_at: clock.now() }).where('namespace', '=', 'paged').execute();
  });

  it('stops running the checks of a deleted canary and soft-deletes removed checks', async () => {
    const clock = new ManualClock(new Date('2026-03-05T10:00:00Z'));
    const saved = await save(promCanary(target, 'doomed', ['one', 'two']), clock);
    const again = await save(promCanary(target, 'doomed', ['one']), clock);
    expect(again.id).toBe(saved.id);
    const two = await statusOf(saved.checks['prometheus/two'] as string);
    expect(two.deleted_at).not.toBeNull();
    const e = engine(clock);
    await e.scheduler.start();
    expect(e.scheduler.nextRun(saved.id)).toBeDefined();
    expect(await deleteCanary(db.kysely, saved.id)).toBe(true);
    const one = await statusOf(saved.checks['prometheus/one'] as string);
    expect(one.deleted_at).not.toBeNull();
    await e.scheduler.sync();
    expect(e.scheduler.nextRun(saved.id)).toBeUndefined();
    clock.advance(120_000);
    await runDue(e);
    expect(target.hits.get('one') ?? 0).toBe(0);
    // a plain DELETE is a soft delete too
    const other = await save(promCanary(target, 'doomed-2'), clock);
    await db.kysely.deleteFrom('canaries').where('id', '=', other.id).execute();
    const row = await db.kysely
      .selectFrom('canaries')
      .select('deleted_at')
      .where('id', '=', other.id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
    await e.scheduler.stop();
  });
});
