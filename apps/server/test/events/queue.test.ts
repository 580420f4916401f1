import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { EventConsumer, type EventHandler } from '../../src/events/consumer.js';
import { publishEvent } from '../../src/events/queue.js';
import { eventQueueSummary } from '../../src/events/summary.js';
import { createTestDb } from '../helpers/index.js';

let db: Db;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  db = await createTestDb();
  await sql`create table handled (event_id text, n int)`.execute(db.kysely);
});
afterAll(() => db?.close());
beforeEach(async () => {
  await sql`delete from event_queue`.execute(db.kysely);
  await sql`delete from handled`.execute(db.kysely);
});

/** Records every handled event in the `handled` table inside the consumer's transaction. */
const recorder: EventHandler = {
  name: 'recorder',
  events: ['test.event'],
  transactional: true,
  async handle(event, ctx) {
    await sql`insert into handled values (${String(event.properties.n)}, ${Number(event.properties.n)})`.execute(
      ctx.db,
    );
  },
};

async function handledCounts(): Promise<Map<number, number>> {
  const { rows } = await sql<{ n: number; c: number }>`select n, count(*)::int as c from handled group by n`.execute(
    db.kysely,
  );
  return new Map(rows.map((r) => [r.n, r.c]));
}

describe('event queue', () => {
  it('delivers each event once across a restart of the consumer mid-way', async () => {
    for (let n = 0; n < 120; n++) await publishEvent(db.kysely, 'test.event', { properties: { n } });
    let seen = 0;
    let stopped: Promise<void> | undefined;
    const stopAfter30: EventHandler = {
      ...recorder,
      async handle(event, ctx) {
        await recorder.handle(event, ctx);
        if (++seen === 30) stopped = first.stop(); // the process is asked to shut down mid-batch
      },
    };
    const first = new EventConsumer({ db: db.kysely, clock, handlers: [stopAfter30], batchSize: 20, pollMs: 10 });
    first.start();
    while (!stopped) await new Promise((r) => setTimeout(r, 5));
    await stopped; // graceful: the batch in flight completes, the rest stays queued
    const midway = (await handledCounts()).size;
    expect(midway).toBeLessThan(120);

    const second = new EventConsumer({ db: db.kysely, clock, handlers: [recorder], batchSize: 20 });
    await second.runOnce();
    const counts = await handledCounts();
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    const { rows } = await sql<{ c: number }>`select count(*)::int as c from event_queue`.execute(db.kysely);
    expect(rows[0]?.c).toBe(0);
  });

  it('shares the queue between two consumers without handing an event to both', async () => {
    for (let n = 0; n < 80; n++) await publishEvent(db.kysely, 'test.event', { properties: { n } });
    const a = new EventConsumer({ db: db.kysely, clock, handlers: [recorder], batchSize: 7 });
    const b = new EventConsumer({ db: db.kysely, clock, handlers: [recorder], batchSize: 11 });
    await Promise.all([a.runOnce(), b.runOnce()]);
    const counts = await handledCounts();
    expect(counts.size).toBe(80);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('retries a failing event with exponential backoff and keeps it as failed after the last attempt', async () => {
    let calls = 0;
    const failing: EventHandler = {
      name: 'failing',
      events: ['test.fail'],
      async handle() {
        calls++;
        throw new Error(`peer said no (${calls})`);
      },
    };
    const backoff = { baseMs: 1000, maxMs: 60_000, maxAttempts: 3 };
    const consumer = new EventConsumer({ db: db.kysely, clock, handlers: [failing], backoff });
    await publishEvent(db.kysely, 'test.fail', { eventId: '5b0ec1a6-3b9c-4c65-9a51-8f3f7ad1f001' });
    await consumer.runOnce();
    expect(calls).toBe(1);
    clock.advance(500);
    await consumer.runOnce();
    expect(calls).toBe(1); // backoff 1 s not over
    clock.advance(600);
    await consumer.runOnce();
    expect(calls).toBe(2);
    clock.advance(1500);
    await consumer.runOnce();
    expect(calls).toBe(2); // second wait is 2 s
    clock.advance(600);
    await consumer.runOnce();
    expect(calls).toBe(3);
    clock.advance(3_600_000);
    await consumer.runOnce();
    expect(calls).toBe(3); // dead letter after maxAttempts

    const summary = await eventQueueSummary(db.kysely);
    expect(summary).toEqual([
      expect.objectContaining({
        name: 'test.fail',
        pending: 0,
        failed: 1,
        average_attempts: 3,
        most_common_error: 'peer said no (3)',
      }),
    ]);

    // publishing the same event again resets its attempts
    await publishEvent(db.kysely, 'test.fail', { eventId: '5b0ec1a6-3b9c-4c65-9a51-8f3f7ad1f001' });
    await consumer.runOnce();
    expect(calls).toBe(4);
  });

  it("gives a crashed worker's claimed event to another once its lease is over", async () => {
    await publishEvent(db.kysely, 'test.event', { properties: { n: 1 } });
    // a worker claims it and dies before handling it
    await sql`update event_queue set attempts = 1, last_attempt = ${clock.now()}`.execute(db.kysely);
    const consumer = new EventConsumer({ db: db.kysely, clock, handlers: [recorder] });
    await consumer.runOnce();
    expect((await handledCounts()).size).toBe(0);
    clock.advance(31_000);
    await consumer.runOnce();
    expect((await handledCounts()).get(1)).toBe(1);
  });

  it("waits for an event's delay before handing it out", async () => {
    await publishEvent(db.kysely, 'test.event', { properties: { n: 7 }, delayMs: 60_000, at: clock.now() });
    const consumer = new EventConsumer({ db: db.kysely, clock, handlers: [recorder] });
    await consumer.runOnce();
    expect((await handledCounts()).size).toBe(0);
    clock.advance(60_000);
    await consumer.runOnce();
    expect((await handledCounts()).get(7)).toBe(1);
  });
});
