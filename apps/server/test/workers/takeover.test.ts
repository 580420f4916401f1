import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import type { CheckResult, executeCheck } from '../../src/health/execute.js';
import { ResultWriter } from '../../src/health/results.js';
import { CanaryRunner } from '../../src/health/runner.js';
import { Scheduler } from '../../src/health/scheduler.js';
import { OrphanRunner } from '../../src/health/takeover.js';
import { WorkerRegistry } from '../../src/workers/registry.js';
import { createTestDb } from '../helpers/index.js';

// Worker processes as in-process engines on one database: each a scheduler (ticked by hand), a
// runner whose checks the test finishes when it likes, and a worker registry heartbeating by
// hand. A worker that stops heartbeating while it holds a claimed slot has that slot re-run by
// exactly one of the others; a worker that heartbeats keeps its claim however slow its checks.
const STALE_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits `ms` while the given workers heartbeat as live ones do, so only a silent worker goes stale. */
async function heartbeatFor(ms: number, ...live: Array<{ registry: WorkerRegistry }>) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await sleep(Math.min(STALE_MS / 4, until - Date.now()));
    await Promise.all(live.map((w) => w.registry.beat()));
  }
}
const ok = (): CheckResult => ({
  pass: true,
  invalid: false,
  message: 'ok',
  duration: 1,
  data: {},
  metrics: [],
  attempts: 1,
});

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});
// each test's workers alone: those of an earlier test would be stale by now
beforeEach(async () => {
  await sql`delete from workers`.execute(db.kysely);
});

/** One worker: `hang` names the checks whose runs wait until `finish()`. */
function worker(id: string, clock: ManualClock, hang: Set<string> = new Set()) {
  const ran: string[] = [];
  const waiting: Array<() => void> = [];
  const execute: typeof executeCheck = async (_type, spec) => {
    const name = (spec as { name: string }).name;
    ran.push(name);
    if (hang.has(name)) await new Promise<void>((r) => waiting.push(r));
    return ok();
  };
  const writer = new ResultWriter(db);
  const runner = new CanaryRunner({ clock, db, writer, execute });
  const scheduler = new Scheduler({ db, runner, clock, timers: false, dispatchGridMs: 0, owner: id });
  const registry = new WorkerRegistry({
    db,
    id,
    role: 'worker',
    heartbeatMs: 100,
    staleAfterMs: STALE_MS,
    timers: false,
  });
  const orphans = new OrphanRunner({ db, runner, clock, owner: id });
  registry.onTakeover((dead) => orphans.takeOver(dead));
  return {
    id,
    ran,
    scheduler,
    registry,
    writer,
    async start() {
      await registry.start();
      await scheduler.start();
    },
    /** Lets the hanging checks finish and stores every result. */
    async finish() {
      for (const w of waiting.splice(0)) w();
      await runner.idle();
      await writer.flush();
    },
    /** Dies: lets the hanging checks return, but nothing it had not stored is ever stored. */
    async abandon() {
      for (const w of waiting.splice(0)) w();
      await runner.idle();
    },
    async settle() {
      await scheduler.whenIdle();
      await runner.idle();
      await writer.flush();
    },
  };
}

async function saveTwoCheckCanary(name: string, clock: ManualClock) {
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name, namespace: 'takeover' },
    spec: {
      schedule: '@every 60s',
      http: [
        { name: `${name}-fast`, url: 'http://127.0.0.1:9/fast' },
        { name: `${name}-slow`, url: 'http://127.0.0.1:9/slow' },
      ],
    },
  });
  return db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
}

const storedRuns = async (canaryId: string) => {
  const { rows } = await sql<{ name: string; n: number }>`
    select c.name, count(s.check_id)::int as n from checks c left join check_statuses s on s.check_id = c.id
    where c.canary_id = ${canaryId} group by c.name order by c.name`.execute(db.kysely);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
};

describe('workers taking over a dead worker', () => {
  it('re-runs the checks of a slot a silent worker claimed and never stored, once, on one survivor', async () => {
    const clock = new ManualClock(new Date('2026-05-01T10:00:00Z'));
    const saved = await saveTwoCheckCanary('dies', clock);
    const a = worker('worker-a', clock, new Set(['dies-slow']));
    const b = worker('worker-b', clock);
    const c = worker('worker-c', clock);
    for (const w of [a, b, c]) await w.start();
    const slot = a.scheduler.nextRun(saved.id) as Date;

    // a claims the slot and starts it: the fast check is stored, the slow one is still running
    clock.set(slot);
    await a.scheduler.tick();
    await sleep(150); // the run paces its checks (20 a second)
    await a.writer.flush();
    expect(a.ran.sort()).toEqual(['dies-fast', 'dies-slow']);
    for (const w of [b, c]) await w.scheduler.tick(); // they lost the claim and move on to the next slot
    expect(await storedRuns(saved.id)).toEqual({ 'dies-fast': 1, 'dies-slow': 0 });

    // a dies (no more heartbeats after this one); while its heartbeat is fresh nobody touches its claim
    await a.registry.beat();
    await Promise.all([b.registry.beat(), c.registry.beat()]);
    await Promise.all([b.settle(), c.settle()]);
    expect([...b.ran, ...c.ran]).toEqual([]);

    // once it is stale both survivors look at once: exactly one re-runs the slow check, not the fast one
    await heartbeatFor(STALE_MS + 50, b, c);
    await Promise.all([b.registry.beat(), c.registry.beat()]);
    await Promise.all([b.settle(), c.settle()]);
    expect([...b.ran, ...c.ran]).toEqual(['dies-slow']);
    expect(await storedRuns(saved.id)).toEqual({ 'dies-fast': 1, 'dies-slow': 1 });
    const { rows: left } = await sql`select id from workers where id = 'worker-a'`.execute(db.kysely);
    expect(left).toEqual([]);
    const { rows: schedule } = await sql<{ claimed_by: string; next_runtime: Date }>`
      select claimed_by, next_runtime from canary_schedules where canary_id = ${saved.id}`.execute(db.kysely);
    expect(schedule[0]?.claimed_by).toMatch(/^worker-[bc]$/);
    expect(new Date(schedule[0]?.next_runtime as Date).getTime()).toBe(slot.getTime() + 60_000);

    // later heartbeats take over nothing more, and the next slot runs once as usual
    await heartbeatFor(STALE_MS + 50, b, c);
    await Promise.all([b.registry.beat(), c.registry.beat()]);
    clock.set(new Date(slot.getTime() + 60_000));
    await Promise.all([b.scheduler.tick(), c.scheduler.tick()]);
    await Promise.all([b.settle(), c.settle()]);
    expect(await storedRuns(saved.id)).toEqual({ 'dies-fast': 2, 'dies-slow': 2 });
    await a.abandon();
    for (const w of [b, c]) await w.scheduler.stop(0);
  });

  it('leaves a slow worker that keeps heartbeating its claim, and takes over nothing once it stops', async () => {
    const clock = new ManualClock(new Date('2026-05-02T10:00:00Z'));
    const saved = await saveTwoCheckCanary('slow', clock);
    const a = worker('worker-slow', clock, new Set(['slow-slow']));
    const b = worker('worker-peer', clock);
    for (const w of [a, b]) await w.start();
    const slot = a.scheduler.nextRun(saved.id) as Date;
    clock.set(slot);
    await a.scheduler.tick();
    await b.scheduler.tick();

    // the slow check runs for several staleness periods; a heartbeats throughout
    for (let i = 0; i < 3; i++) {
      await sleep(STALE_MS / 2);
      await a.registry.beat();
      await b.registry.beat();
    }
    await b.settle();
    const own = () => b.ran.filter((n) => n.startsWith('slow-'));
    expect(own()).toEqual([]);

    await a.finish();
    expect(await storedRuns(saved.id)).toEqual({ 'slow-fast': 1, 'slow-slow': 1 });

    // a stops gracefully: marked stopped, the peer takes it over at once and finds nothing unstored
    await a.registry.stop();
    expect(await b.registry.sweep()).toEqual(['worker-slow']);
    await b.settle();
    expect(own()).toEqual([]);
    expect(await storedRuns(saved.id)).toEqual({ 'slow-fast': 1, 'slow-slow': 1 });
    await b.scheduler.stop(0);
  });

  it('a worker taken for dead while alive registers again on its next heartbeat', async () => {
    const a = new WorkerRegistry({
      db,
      id: 'worker-back',
      role: 'worker',
      heartbeatMs: 100,
      staleAfterMs: STALE_MS,
      timers: false,
    });
    const b = new WorkerRegistry({
      db,
      id: 'worker-judge',
      role: 'worker',
      heartbeatMs: 100,
      staleAfterMs: STALE_MS,
      timers: false,
    });
    await a.start();
    await b.start();
    await sleep(STALE_MS + 50);
    expect(await b.sweep()).toEqual(['worker-back']);
    await a.beat();
    const { rows } = await sql<{ id: string }>`select id from workers where id = 'worker-back'`.execute(db.kysely);
    expect(rows).toHaveLength(1);
    expect(await b.sweep()).toEqual([]);
  });
});
