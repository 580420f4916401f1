import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ResultWriter } from '../../src/health/results.js';
import { RESYNC_MS } from '../../src/health/summaryMarker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The summary keeps definitions, states, current-hour rows and each check's reply item between
// requests and reads only what changed (summaryView.ts): whatever changes between two requests
// must show in the second, and the kept reply must stay what reading everything afresh gives.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date('2025-03-20T10:30:00Z');
const clock = new ManualClock(NOW);
let server: TestServer;
let canaryId: string;
let api: string;
let web: string;
let gone: string;
let writer: ResultWriter;
// each result later than the one before, so every result is its check's latest run
let nextResult = NOW.getTime() - 5 * MINUTE;

interface Item {
  id: string;
  name: string;
  labels: Record<string, string>;
  status: string | null;
  uptime: { passed: number; failed: number };
  last_runtime?: string;
}

async function items(range: string, checkId?: string): Promise<Item[]> {
  const query = `?timeRange=${range}${checkId ? `&checkId=${checkId}` : ''}`;
  const res = await server.fetch(`/api/canary/api/summary${query}`, { as: 'viewer' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { checks_summary: Item[] }).checks_summary;
}
const item = async (range: string, id: string) => (await items(range)).find((c) => c.id === id);

/** Every kept item is what a single-check request (read whole, nothing kept) gives for it. */
async function expectAsReadAfresh(range: string): Promise<void> {
  const all = await items(range);
  for (const c of all) {
    const [single] = await items(range, c.id);
    expect(JSON.stringify(c)).toBe(JSON.stringify(single));
  }
}

async function run(checkId: string, pass: boolean): Promise<Date> {
  nextResult += 1000;
  const time = new Date(nextResult);
  writer.add({ checkId, time, pass, duration: pass ? 80 : 2500 });
  await writer.flush();
  return time;
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  const k = server.db.kysely;
  const canary = await k
    .insertInto('canaries')
    .values({ name: 'edge', namespace: 'prod', labels: JSON.stringify({ env: 'prod' }), spec: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  canaryId = canary.id;
  const ids = await k
    .insertInto('checks')
    .values([
      { canary_id: canaryId, type: 'http', name: 'api', spec: JSON.stringify({ url: 'https://api.example' }) },
      { canary_id: canaryId, type: 'http', name: 'web', labels: JSON.stringify({ tier: 'web' }) },
      { canary_id: canaryId, type: 'tcp', name: 'gone' },
    ])
    .returning(['id', 'name'])
    .execute();
  const id = (name: string) => ids.find((r) => r.name === name)?.id as string;
  api = id('api');
  web = id('web');
  gone = id('gone');
  writer = new ResultWriter(server.db, { maxBatch: 100_000 });
  // api and web every 30 minutes for 31 days up to 10 minutes ago, api failing every 5th run
  for (let t = NOW.getTime() - 31 * DAY, i = 0; t <= NOW.getTime() - 10 * MINUTE; t += 30 * MINUTE, i++) {
    writer.add({ checkId: api, time: new Date(t), pass: i % 5 !== 0, duration: 100 + (i % 7) * 50 });
    writer.add({ checkId: web, time: new Date(t), pass: true, duration: 40 });
  }
  await writer.flush();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('summary changes between two requests', () => {
  it.each(['1h', '1d', '1mo'])('shows a check run, an edit, an added and a deleted check (%s)', async (range) => {
    const before = (await item(range, api)) as Item;
    await expectAsReadAfresh(range);

    const at = await run(api, false);
    const failed = (await item(range, api)) as Item;
    expect(failed.status).toBe('unhealthy');
    expect(failed.last_runtime).toBe(at.toISOString());
    expect(failed.uptime).toEqual({ passed: before.uptime.passed, failed: before.uptime.failed + 1 });
    await run(api, true);
    expect((await item(range, api))?.uptime).toEqual({
      passed: before.uptime.passed + 1,
      failed: before.uptime.failed + 1,
    });

    await sql`update checks set name = ${`web ${range}`}, labels = ${JSON.stringify({ tier: range })}::jsonb
              where id = ${web}`.execute(server.db.kysely);
    await sql`update canaries set labels = ${JSON.stringify({ env: range })}::jsonb where id = ${canaryId}`.execute(
      server.db.kysely,
    );
    expect(await item(range, web)).toMatchObject({ name: `web ${range}`, labels: { env: range, tier: range } });

    await sql`update checks set silenced_at = ${NOW} where id = ${web}`.execute(server.db.kysely);
    expect(await item(range, web)).toMatchObject({ silenced_at: NOW.toISOString() });

    const [added] = await server.db.kysely
      .insertInto('checks')
      .values({ canary_id: canaryId, type: 'dns', name: `new ${range}` })
      .returning('id')
      .execute();
    await server.db.kysely.updateTable('checks').set({ deleted_at: NOW }).where('id', '=', gone).execute();
    const names = (await items(range)).map((c) => c.name);
    expect(names).toContain(`new ${range}`);
    expect(names).not.toContain('gone');
    await expectAsReadAfresh(range);

    // leave the next range the same checks
    await server.db.kysely
      .updateTable('checks')
      .set({ deleted_at: NOW })
      .where('id', '=', added?.id as string)
      .execute();
    await server.db.kysely.updateTable('checks').set({ deleted_at: null }).where('id', '=', gone).execute();
    expect((await items(range)).map((c) => c.name)).toContain('gone');
  });

  it('shows a change the change stamps missed once a whole read is due', async () => {
    // a minute on (no whole read due yet); the window's edges cross no result until 5 more minutes on
    clock.advance(MINUTE);
    const before = (await item('1d', web)) as Item;
    // an edit by hand that leaves the stamps alone: the kept state and hour row do not see it
    await sql`update checks set status = 'unhealthy', state_changed_at = '2000-01-01' where id = ${web}`.execute(
      server.db.kysely,
    );
    await sql`update check_statuses_1h set passed = passed + 3, updated_at = '2000-01-01'
              where check_id = ${web} and created_at = '2025-03-20T10:00:00Z'`.execute(server.db.kysely);
    expect(await item('1d', web)).toMatchObject({ status: before.status, uptime: before.uptime });

    clock.advance(RESYNC_MS);
    expect(await item('1d', web)).toMatchObject({
      status: 'unhealthy',
      uptime: { passed: before.uptime.passed + 3, failed: before.uptime.failed },
    });
    await expectAsReadAfresh('1d');
    clock.set(NOW);
  });
});
