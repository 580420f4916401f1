import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { checkStatusPartitionDays } from '../../src/health/partitions.js';
import { applyCheckRetention } from '../../src/health/retention.js';
import { createTestDb, writeCheckResults } from '../helpers/index.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const day = (d: Date) => d.toISOString().slice(0, 10);

async function addArtifact(checkId: string, time: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into check_artifacts (id, check_id, check_time, path, filename, size, content_type, checksum, content)
            values (${id}, ${checkId}, ${time}::timestamptz, '/out/a.txt', 'a.txt', 1, 'text/plain', 'x', '\\x00')`.execute(
    db.kysely,
  );
  return id;
}

describe('check_statuses partitioned by day', () => {
  it('creates the coming days ahead, drops whole days past the retention, deletes rows only in the boundary day, and keeps results far in the past or future', async () => {
    const clock = new ManualClock(new Date('2031-03-10T12:00:00Z'));
    const canary = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'partitioned' },
      spec: { tcp: [{ name: 'port', endpoint: '127.0.0.1:1' }] },
    });
    const saved = await db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
    const checkId = saved.checks['tcp/port'] as string;
    await db.kysely.insertInto('properties').values({ name: 'check.status.retention.days', value: '5' }).execute();

    // the job run of that day creates yesterday through a week ahead
    await applyCheckRetention(db, clock);
    const days = (await checkStatusPartitionDays(db)).map(day);
    for (const d of ['2031-03-09', '2031-03-10', '2031-03-17']) expect(days).toContain(d);
    expect(days).not.toContain('2031-03-18');

    const times = [
      '1990-01-01T00:00:00.000Z', // far in the past: no day partition, the default one takes it
      '2031-03-09T08:00:00.000Z',
      '2031-03-10T08:00:00.000Z',
      '2031-03-11T06:00:00.000Z',
      '2031-03-11T18:00:00.000Z',
      '2031-03-15T09:00:00.000Z',
      '2200-01-01T00:00:00.000Z', // far in the future
    ];
    await writeCheckResults(
      db,
      times.map((t) => ({ checkId, time: new Date(t), pass: true, duration: 3 })),
    );
    const stored = await sql<{ time: Date; part: string }>`
      select time, tableoid::regclass::text as part from check_statuses where check_id = ${checkId} order by time`.execute(
      db.kysely,
    );
    expect(stored.rows.map((r) => r.time.toISOString())).toEqual(times);
    expect(stored.rows[0]?.part).toBe('check_statuses_default');
    expect(stored.rows[2]?.part).toBe('check_statuses_p20310310');
    expect(stored.rows[6]?.part).toBe('check_statuses_default');
    const goneArtifact = await addArtifact(checkId, '2031-03-10T08:00:00Z');
    const keptArtifact = await addArtifact(checkId, '2031-03-15T09:00:00Z');

    // six days on, 5 days kept: the cutoff is 2031-03-11 12:00
    clock.set('2031-03-16T12:00:00Z');
    const deleted = await applyCheckRetention(db, clock);
    expect(deleted).toMatchObject({ check_statuses_partitions: 2, check_statuses: 2 });
    const left = await db.kysely
      .selectFrom('check_statuses')
      .select('time')
      .where('check_id', '=', checkId)
      .orderBy('time')
      .execute();
    expect(left.map((r) => r.time.toISOString())).toEqual([
      '2031-03-11T18:00:00.000Z',
      '2031-03-15T09:00:00.000Z',
      '2200-01-01T00:00:00.000Z',
    ]);
    const after = (await checkStatusPartitionDays(db)).map(day);
    expect(after).not.toContain('2031-03-09');
    expect(after).not.toContain('2031-03-10');
    expect(after).toContain('2031-03-11');
    expect(after).toContain('2031-03-23');
    const artifacts = await sql<{ id: string }>`select id from check_artifacts`.execute(db.kysely);
    expect(artifacts.rows.map((a) => a.id)).toEqual([keptArtifact]);
    expect(artifacts.rows.map((a) => a.id)).not.toContain(goneArtifact);

    // a result for a day whose partition does not exist yet waits in the default one and moves
    // into its day when the job creates it, its artifact with it
    await writeCheckResults(db, [{ checkId, time: new Date('2031-03-24T10:00:00Z'), pass: false, duration: 9 }]);
    const moving = await addArtifact(checkId, '2031-03-24T10:00:00Z');
    clock.set('2031-03-18T12:00:00Z');
    await applyCheckRetention(db, clock);
    const moved = await sql<{ part: string }>`
      select tableoid::regclass::text as part from check_statuses where time = '2031-03-24T10:00:00Z'`.execute(
      db.kysely,
    );
    expect(moved.rows).toEqual([{ part: 'check_statuses_p20310324' }]);
    const still = await sql`select id from check_artifacts where id = ${moving}`.execute(db.kysely);
    expect(still.rows).toHaveLength(1);
  });
});
