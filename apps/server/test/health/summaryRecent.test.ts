import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultWriter } from '../../src/health/results.js';
import { testEngine } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The 15m and 1h windows keep every check's results between requests and read only the rows
// stored since the previous read (summaryRecent.ts): a result must show on the next request
// whoever stored it and however long its writer took.
let server: TestServer;
let checkId: string;

async function uptime(range = '1h'): Promise<{ passed: number; failed: number; p99?: number }> {
  const res = await server.fetch(`/api/canary/api/summary?timeRange=${range}`, { as: 'viewer' });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    checks_summary: Array<{ id: string; uptime: { passed: number; failed: number }; latency: { p99?: number } }>;
  };
  const item = body.checks_summary.find((c) => c.id === checkId);
  return { ...(item?.uptime ?? { passed: -1, failed: -1 }), p99: item?.latency.p99 };
}

beforeAll(async () => {
  server = await startTestServer();
  const k = server.db.kysely;
  const canary = await k
    .insertInto('canaries')
    .values({ name: 'recent', spec: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  checkId = (
    await k
      .insertInto('checks')
      .values({ canary_id: canary.id, type: 'http', name: 'web' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server?.close();
});

describe('the summary of the last hour, read as it changes', () => {
  it('counts each new result once on the next request, and a result stored by hand', async () => {
    expect(await uptime()).toEqual({ passed: 0, failed: 0, p99: undefined });
    const writer = new ResultWriter(server.db);
    const now = Date.now();
    writer.add({ checkId, time: new Date(now - 30 * 60_000), pass: true, duration: 120 });
    writer.add({ checkId, time: new Date(now - 1_000), pass: false, duration: 4_000 });
    await writer.flush();
    expect(await uptime()).toEqual({ passed: 1, failed: 1, p99: 4_000 });
    // asked again: the overlapping read finds the same rows, counted once
    expect(await uptime()).toEqual({ passed: 1, failed: 1, p99: 4_000 });
    await sql`insert into check_statuses (check_id, time, status, duration)
              values (${checkId}, ${new Date(now - 2 * 60_000)}, true, 80)`.execute(server.db.kysely);
    expect(await uptime()).toEqual({ passed: 2, failed: 1, p99: 4_000 });
    expect(await uptime('15m')).toEqual({ passed: 1, failed: 1, p99: 4_000 });
  });

  it.skipIf(testEngine() !== 'postgres')(
    "counts a result whose writer's transaction stayed open past the read",
    async () => {
      const before = await uptime();
      const time = new Date(Date.now() - 5 * 60_000);
      let inserted!: () => void;
      const ready = new Promise<void>((r) => {
        inserted = r;
      });
      let release!: () => void;
      const hold = new Promise<void>((r) => {
        release = r;
      });
      // created_at is the transaction's start: 12 s before it commits, past the reads' overlap
      const slow = server.db.kysely.transaction().execute(async (trx) => {
        await sql`insert into check_statuses (check_id, time, status, duration)
                  values (${checkId}, ${time}, false, 50)`.execute(trx);
        inserted();
        await hold;
      });
      await ready;
      await new Promise((r) => setTimeout(r, 12_000));
      expect(await uptime()).toEqual(before);
      release();
      await slow;
      expect(await uptime()).toEqual({ ...before, failed: before.failed + 1 });
    },
    30_000,
  );
});
