import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { ResultWriter } from '../../src/health/results.js';
import { applyCheckRetention } from '../../src/health/retention.js';
import { createTestDb } from '../helpers/index.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const DAY = 86_400_000;

describe('check history retention', () => {
  it('drops results, rollups and canary runs older than the settings, keeps the rest, and records the job', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const canary = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'kept' },
      spec: { tcp: [{ name: 'port', endpoint: '127.0.0.1:1' }] },
    });
    const saved = await db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
    const checkId = saved.checks['tcp/port'] as string;
    const writer = new ResultWriter(db);
    for (const daysAgo of [400, 200, 60, 10, 1]) {
      writer.add({ checkId, time: new Date(clock.now().getTime() - daysAgo * DAY), pass: true, duration: 5 });
    }
    for (let i = 0; i < 10; i++) {
      writer.addJob({
        canaryId: saved.id,
        start: new Date(clock.now().getTime() - i * 60_000),
        end: new Date(clock.now().getTime() - i * 60_000 + 5),
        passed: i % 2,
        failed: 1 - (i % 2),
        errors: [],
        hostname: 'test',
      });
    }
    await writer.flush();
    // a shorter raw retention set by an operator
    await db.kysely.insertInto('properties').values({ name: 'check.status.retention.days', value: '7' }).execute();

    const deleted = await applyCheckRetention(db, clock);
    expect(deleted).toMatchObject({ check_statuses: 4, check_statuses_1h: 2, check_statuses_1d: 1, job_history: 2 });
    const raw = await db.kysely.selectFrom('check_statuses').select('time').where('check_id', '=', checkId).execute();
    expect(raw).toHaveLength(1); // only the result of a day ago is within 7 days
    const hourly = await db.kysely.selectFrom('check_statuses_1h').select('created_at').execute();
    expect(hourly).toHaveLength(3);
    const daily = await db.kysely.selectFrom('check_statuses_1d').select('created_at').execute();
    expect(daily).toHaveLength(4);
    const runs = await db.kysely
      .selectFrom('job_history')
      .select('status')
      .where('resource_id', '=', saved.id)
      .execute();
    expect(runs.filter((r) => r.status === 'SUCCESS')).toHaveLength(3);
    expect(runs.filter((r) => r.status !== 'SUCCESS')).toHaveLength(5);
    const job = await db.kysely
      .selectFrom('job_history')
      .selectAll()
      .where('name', '=', 'CheckStatusRetention')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('SUCCESS');
  });
});
