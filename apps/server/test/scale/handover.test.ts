import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { ResultWriter } from '../../src/health/results.js';
import { CanaryRunner } from '../../src/health/runner.js';
import { Scheduler } from '../../src/health/scheduler.js';
import { createTestDb } from '../helpers/index.js';
import { type ScaleTarget, startScaleTarget } from './target.js';

// Two schedulers on one database with real timers, as two worker processes. Both try to claim each
// run about a second ahead; stopping the winner gracefully after it claimed a run must still run
// that slot: the loser has already moved on to the run after it, so a run handed back is skipped.
const INTERVAL_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: Db;
let target: ScaleTarget;
beforeAll(async () => {
  db = await createTestDb();
  target = await startScaleTarget();
});
afterAll(async () => {
  await target?.close();
  await db?.close();
});

function engine() {
  const writer = new ResultWriter(db);
  const runner = new CanaryRunner({ clock: systemClock, db, writer });
  const scheduler = new Scheduler({ db, runner, clock: systemClock, dispatchGridMs: 0 });
  writer.start();
  return {
    scheduler,
    async stop() {
      await scheduler.stop();
      await runner.idle();
      await writer.stop();
    },
  };
}

describe('graceful stop of one of two schedulers', () => {
  it('runs the slot it had claimed, once, and the other process carries on from the next', async () => {
    const canary = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'handover', namespace: 'test' },
      spec: { schedule: `@every ${INTERVAL_MS / 1000}s`, http: [{ name: 'handover', url: `${target.url}/c/1` }] },
    });
    await db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: systemClock }));
    const engines = [engine(), engine()];
    for (const e of engines) await e.scheduler.start();
    const hits = () => target.hits.get('/c/1') ?? [];

    // wait until one scheduler has claimed a run ahead (both tried: they wake together), then stop it
    let slot = 0;
    let owner = '';
    for (let i = 0; i < 200 && !slot; i++) {
      await sleep(50);
      const { rows } = await sql<{ next_runtime: Date; claimed_by: string | null }>`
        select next_runtime, claimed_by from canary_schedules`.execute(db.kysely);
      const due = new Date(rows[0]?.next_runtime ?? 0).getTime() - INTERVAL_MS;
      if (rows[0]?.claimed_by && due > Date.now() + 400 && !hits().some((t) => t >= due)) {
        slot = due;
        owner = rows[0].claimed_by;
      }
    }
    expect(slot).toBeGreaterThan(0);
    await sleep(100);
    const ownerOf = (e: (typeof engines)[number]) => (e.scheduler as unknown as { owner: string }).owner;
    const winner = engines.find((e) => ownerOf(e) === owner) as (typeof engines)[number];
    const other = engines.find((e) => e !== winner) as (typeof engines)[number];
    await winner.stop(); // waits for the claimed slot and runs it
    await sleep(slot + 2 * INTERVAL_MS + 1000 - Date.now());
    await other.stop();

    const times = hits().filter((t) => t >= slot);
    // the claimed slot ran at its time, and then every following slot once
    expect(times[0]).toBeGreaterThanOrEqual(slot);
    expect(times[0] as number).toBeLessThan(slot + 1000);
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i] as number) - (times[i - 1] as number);
      expect(gap).toBeGreaterThan(INTERVAL_MS / 2);
      expect(gap).toBeLessThan(INTERVAL_MS * 1.5);
    }
  }, 60_000);
});
