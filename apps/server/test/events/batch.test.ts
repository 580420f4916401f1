import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { EventConsumer, type EventHandler, NOT_STARTED } from '../../src/events/consumer.js';
import { publishEvent, publishEvents } from '../../src/events/queue.js';
import { createTestDb } from '../helpers/index.js';

/** Handlers that take a claimed batch at once. */

let db: Db;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  db = await createTestDb();
  await sql`create table handled_batch (n int)`.execute(db.kysely);
});
afterAll(() => db?.close());
beforeEach(async () => {
  await sql`delete from event_queue`.execute(db.kysely);
  await sql`delete from handled_batch`.execute(db.kysely);
});

const handled = async () =>
  (await sql<{ n: number }>`select n from handled_batch order by n`.execute(db.kysely)).rows.map((r) => r.n);
const queued = async () =>
  (
    await sql<{ n: number; attempts: number }>`
      select (properties->>'n')::int as n, attempts from event_queue order by 1`.execute(db.kysely)
  ).rows;

describe('event batches', () => {
  it('commits a transactional batch at once, and handles one by one when the batch fails', async () => {
    await publishEvents(
      db.kysely,
      'test.batch',
      Array.from({ length: 10 }, (_, n) => ({ properties: { n } })),
    );
    let batches = 0;
    const handler: EventHandler = {
      name: 'batch',
      events: ['test.batch'],
      transactional: true,
      async handle(event, ctx) {
        if (event.properties.n === 3) throw new Error('three is bad');
        await sql`insert into handled_batch values (${Number(event.properties.n)})`.execute(ctx.db);
      },
      async handleBatch(events, ctx) {
        batches++;
        for (const e of events) await this.handle(e, ctx);
        return events.map(() => null);
      },
    };
    const consumer = new EventConsumer({ db: db.kysely, clock, handlers: [handler], batchSize: 50 });
    await consumer.runOnce();
    expect(batches).toBe(1);
    expect(await handled()).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]); // the batch rolled back; nine went alone
    expect(await queued()).toEqual([{ n: 3, attempts: 1 }]);
  });

  it('removes handled events, retries failed ones and hands back those not started', async () => {
    for (let n = 0; n < 6; n++) await publishEvent(db.kysely, 'test.send', { properties: { n } });
    const rounds: number[][] = [];
    const handler: EventHandler = {
      name: 'send',
      events: ['test.send'],
      async handle() {},
      async handleBatch(events) {
        rounds.push(events.map((e) => Number(e.properties.n)).sort());
        const first = rounds.length === 1;
        return events.map((e) => {
          const n = Number(e.properties.n);
          if (n < 2 || !first) return null;
          return n < 4 ? new Error('channel down') : NOT_STARTED;
        });
      },
    };
    const consumer = new EventConsumer({ db: db.kysely, clock, handlers: [handler], batchSize: 50 });
    await consumer.runOnce();
    // not started: back at once, untried, and handled in the next round; failed: retried after backoff
    expect(rounds).toEqual([
      [0, 1, 2, 3, 4, 5],
      [4, 5],
    ]);
    const rows = await queued();
    expect(rows).toEqual([
      { n: 2, attempts: 1 },
      { n: 3, attempts: 1 },
    ]);
    const { rows: errors } = await sql<{ error: string }>`
      select distinct error from event_queue where error is not null`.execute(db.kysely);
    expect(errors).toEqual([{ error: 'channel down' }]);
  });
});
