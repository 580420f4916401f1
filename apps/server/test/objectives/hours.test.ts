import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { evaluateObjectives } from '../../src/objectives/evaluate.js';
import { applyYaml } from '../apply/helpers.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';

// The evaluation keeps each objective's closed hours; a read then computes only the rest from
// results. Whatever is kept, every figure and detail must equal what reading every result gives.

const MIN = 60_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

const CANARIES = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: shop, namespace: default, labels: { app: shop } }
spec:
  schedule: "@every 1m"
  http:
    - { name: shop-api, url: "http://127.0.0.1:9/health" }
    - { name: shop-web, url: "http://127.0.0.1:9/" }
`;

const OBJECTIVE = `apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: shop-availability }
spec:
  target: 99
  window: 1d
  indicator:
    availability: { checks: { labelSelector: "app=shop" } }
`;

let server: TestServer;
let clock: ManualClock;
const ids: Record<string, string> = {};
let objectiveId = '';

async function detail(): Promise<Record<string, unknown>> {
  const res = await server.fetch(`/api/slos/${objectiveId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function keptHours(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from service_level_objective_hours`.execute(server.db.kysely);
  return Number(rows[0]?.n);
}

/** The detail read from results alone: the kept hours dropped first. */
async function detailFromResults(): Promise<Record<string, unknown>> {
  await sql`delete from service_level_objective_hours`.execute(server.db.kysely);
  return detail();
}

beforeAll(async () => {
  clock = new ManualClock(new Date(NOW));
  server = await startTestServer({ clock });
  expect((await applyYaml(server, CANARIES)).status).toBe(200);
  const { rows } = await sql<{ id: string; name: string }>`
    select id, name from checks where deleted_at is null`.execute(server.db.kysely);
  for (const r of rows) ids[r.name] = r.id;
  expect((await applyYaml(server, OBJECTIVE)).status).toBe(200);
  const [o] = ((await (await server.fetch('/api/slos')).json()) as { objectives: Array<{ id: string }> }).objectives;
  objectiveId = o?.id as string;
  // maintenance on shop-api 200..170 minutes ago (across an hour's end)
  const mw = await server.fetch('/api/db/maintenance_windows', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'api-upgrade',
      spec: {
        start: new Date(NOW - 200 * MIN).toISOString(),
        end: new Date(NOW - 170 * MIN).toISOString(),
        checks: [{ name: 'shop-api' }],
      },
    }),
  });
  expect(mw.status).toBe(201);
  // 6 hours of results; shop-api fails 210..150 minutes ago (across two hours' ends) and shop-web
  // 30..25 minutes ago; nothing 100..80 minutes ago (a restart)
  const results = [];
  for (let ago = 360; ago >= 1; ago--) {
    if (ago <= 100 && ago >= 80) continue;
    results.push({
      checkId: ids['shop-api'] as string,
      time: new Date(NOW - ago * MIN + 10_000),
      pass: ago > 210 || ago < 150,
      duration: 20,
    });
    results.push({
      checkId: ids['shop-web'] as string,
      time: new Date(NOW - ago * MIN + 20_000),
      pass: ago > 30 || ago < 25,
      duration: 20,
    });
  }
  // an hour 20 hours ago known only from its rollup: a third of shop-web's runs failed
  const hour = NOW - 20 * 60 * MIN;
  await writeCheckResults(
    server.db,
    Array.from({ length: 60 }, (_, i) => ({
      checkId: ids['shop-web'] as string,
      time: new Date(hour + i * MIN),
      pass: i % 3 !== 0,
      duration: 20,
    })),
  );
  await sql`delete from check_statuses where time >= ${new Date(hour)} and time < ${new Date(hour + 60 * MIN)}`.execute(
    server.db.kysely,
  );
  // a day ago, 12:30 to 12:45, shop-web failed: the window's start will cut through it
  for (let ago = 1410; ago >= 1395; ago--) {
    results.push({
      checkId: ids['shop-web'] as string,
      time: new Date(NOW - ago * MIN + 20_000),
      pass: false,
      duration: 20,
    });
  }
  await writeCheckResults(server.db, results);
});
afterAll(async () => {
  await server?.close();
});

describe('kept hours', () => {
  it('answer the same figures and details as reading every result', async () => {
    const live = await detail();
    // bad: shop-api 210..150 less the 30 in maintenance, shop-web 30..25, a third of the rollup hour,
    // and shop-web's 16 failures a day ago
    expect(live).toMatchObject({ bad_minutes: 31 + 6 + 20 + 16, status: 'exhausted' });
    const first = await evaluateObjectives(server.db.kysely, clock);
    // the day's closed hours: 12:00 yesterday up to 11:00, less the hour still settling
    expect(first.keptHours).toBe(23);
    expect(await keptHours()).toBe(23);
    expect(await detail()).toEqual(live);
    // a second run computes nothing again
    expect((await evaluateObjectives(server.db.kysely, clock)).keptHours).toBe(0);
  });

  it('stay exact when the window starts inside a kept hour and the open hour moves on', async () => {
    clock.advance(37 * MIN);
    await evaluateObjectives(server.db.kysely, clock);
    const kept = await detail();
    // of the failures a day ago, 12:37 to 12:45 remain in the window
    expect(kept.bad_minutes).toBe(31 + 6 + 20 + 9);
    expect(await detailFromResults()).toEqual(kept);
  });

  it('are recomputed when a maintenance window changes', async () => {
    await evaluateObjectives(server.db.kysely, clock);
    const before = await detail();
    const res = await server.fetch('/api/db/maintenance_windows?name=eq.api-upgrade', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        spec: {
          start: new Date(NOW - 215 * MIN).toISOString(),
          end: new Date(NOW - 149 * MIN).toISOString(),
          checks: [{ name: 'shop-api' }],
        },
      }),
    });
    expect(res.status).toBeLessThan(300);
    // shop-api's whole failure now lies in maintenance: only shop-web's minutes and the rollup hour's are bad
    const after = await detail();
    expect(after.bad_minutes).toBe(9 + 6 + 20);
    expect(after.bad_minutes).toBeLessThan(before.bad_minutes as number);
    await evaluateObjectives(server.db.kysely, clock);
    expect(await detail()).toEqual(after);
    expect(await detailFromResults()).toEqual(after);
  });
});
