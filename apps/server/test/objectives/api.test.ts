import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { evaluateObjectives } from '../../src/objectives/evaluate.js';
import { applyYaml } from '../apply/helpers.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';
import { type HttpPeer, startHttpPeer } from '../notifications/peers.js';

// An objective over real checks: results planted minute by minute (a failure straddling a
// maintenance window, a restart with no results, then a burst of failures) and every figure of
// GET /api/slos compared with the hand count in the comments.

const MIN = 60_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

const CANARIES = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: checkout, namespace: default, labels: { app: checkout } }
spec:
  schedule: "@every 1m"
  http:
    - { name: checkout-api, url: "http://127.0.0.1:9/health" }
    - { name: checkout-web, url: "http://127.0.0.1:9/" }
---
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: billing, namespace: default, labels: { app: billing } }
spec:
  schedule: "@every 1m"
  http:
    - { name: billing-api, url: "http://127.0.0.1:9/" }
`;

// the example, as written
const OBJECTIVE = `apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: checkout-availability, namespace: default }
spec:
  description: Checkout is reachable
  target: 99.9            # percent
  window: 30d             # rolling
  indicator:
    availability: { checks: { labelSelector: "app=checkout" } }
  alerts:
    - { burnRate: 14.4, long: 1h, short: 5m, severity: critical }
    - { burnRate: 6, long: 6h, short: 30m, severity: warning }
`;

let server: TestServer;
let clock: ManualClock;
let consumer: EventConsumer;
let hook: HttpPeer;
const ids: Record<string, string> = {};

/** One result per minute of each check, `ago` minutes before NOW (10 s into the minute). */
async function plant(from: number, to: number, fails: (check: string, ago: number) => boolean, base = NOW) {
  const results = [];
  for (let ago = from; ago >= to; ago--) {
    for (const name of ['checkout-api', 'checkout-web', 'billing-api']) {
      const pass = !fails(name, ago);
      results.push({ checkId: ids[name] as string, time: new Date(base - ago * MIN + 10_000), pass, duration: 20 });
    }
  }
  await writeCheckResults(server.db, results);
}

type Figures = Record<string, unknown> & {
  id: string;
  budget: Record<string, number>;
  burn_rates: Array<Record<string, unknown>>;
};

async function objectives(): Promise<Figures[]> {
  const res = await server.fetch('/api/slos');
  expect(res.status).toBe(200);
  return ((await res.json()) as { objectives: Figures[] }).objectives;
}

beforeAll(async () => {
  clock = new ManualClock(new Date(NOW));
  server = await startTestServer({ clock });
  hook = await startHttpPeer();
  consumer = createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    timeoutMs: 3000,
  });
  expect((await applyYaml(server, CANARIES)).status).toBe(200);
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`select id, name from checks where deleted_at is null`.execute(server.db.kysely);
  for (const r of rows) ids[r.name] = r.id;
  const applied = await applyYaml(server, OBJECTIVE);
  expect(applied.status).toBe(200);
  expect(applied.body.results).toEqual([
    { kind: 'ServiceLevelObjective', name: 'checkout-availability', namespace: 'default', result: 'created' },
  ]);
  // maintenance on checkout-api 100..90 minutes ago
  const mw = await server.fetch('/api/db/maintenance_windows', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({
      name: 'api-upgrade',
      spec: {
        start: new Date(NOW - 100 * MIN).toISOString(),
        end: new Date(NOW - 90 * MIN).toISOString(),
        checks: [{ name: 'checkout-api' }],
      },
    }),
  });
  expect(mw.status).toBe(201);
  // 180 minutes of results, none 60..41 minutes ago (a restart); checkout-api fails 95..86 and 10..1
  // minutes ago; billing-api (not selected) fails throughout
  await plant(180, 61, (name, ago) => name === 'billing-api' || (name === 'checkout-api' && ago <= 95 && ago >= 86));
  await plant(40, 1, (name, ago) => name === 'billing-api' || (name === 'checkout-api' && ago <= 10));
});
afterAll(async () => {
  await server?.close();
  await hook?.close();
});

describe('GET /api/slos', () => {
  it('answers the figures counted by hand', async () => {
    const [o] = await objectives();
    // 160 minutes with results; bad: 90..86 (95..91 lie in the maintenance window) and 10..1
    expect(o).toMatchObject({
      name: 'checkout-availability',
      target: 99.9,
      window: '30d',
      indicator: 'availability',
      check_count: 2,
      good_minutes: 145,
      bad_minutes: 15,
      attainment: 90.625,
      status: 'critical',
    });
    // 0.1% of 43,200 minutes = 43.2; 15 spent, 28.2 left
    expect(o?.budget.total_minutes).toBeCloseTo(43.2, 6);
    expect(o?.budget.consumed_minutes).toBe(15);
    expect(o?.budget.remaining_minutes).toBeCloseTo(28.2, 6);
    expect(o?.budget.remaining_percent).toBeCloseTo(65.2778, 3);
    // 1h: 40 minutes with results (the restart left 20 empty), 10 bad: 25% / 0.1% = 250; 5m: 1000
    // 6h: 15 of 160 = 93.75; 30m: 10 of 30 = 333.33
    expect(o?.burn_rates).toEqual([
      {
        severity: 'critical',
        burn_rate: 14.4,
        long: '1h',
        short: '5m',
        rate_long: 250,
        rate_short: 1000,
        firing: true,
      },
      {
        severity: 'warning',
        burn_rate: 6,
        long: '6h',
        short: '30m',
        rate_long: 93.75,
        rate_short: 333.3333,
        firing: true,
      },
    ]);
    // 10 bad in the last hour: 28.2 minutes last 169.2 minutes at that pace
    expect(o?.exhaustion).toBe(new Date(NOW + 169.2 * MIN).toISOString());
  });

  it('details the checks, bad intervals and the maintenance window; 400 and 404 for bad ids', async () => {
    const [o] = await objectives();
    const res = await server.fetch(`/api/slos/${o?.id}`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as {
      checks: Array<{ name: string }>;
      bad_intervals: Array<{ start: string; minutes: number; check_ids: string[] }>;
      maintenance: Array<{ name: string }>;
    };
    expect(d.checks.map((c) => c.name).sort()).toEqual(['checkout-api', 'checkout-web']);
    expect(d.bad_intervals).toEqual([
      {
        start: new Date(NOW - 90 * MIN).toISOString(),
        end: new Date(NOW - 85 * MIN).toISOString(),
        minutes: 5,
        check_ids: [ids['checkout-api']],
      },
      {
        start: new Date(NOW - 10 * MIN).toISOString(),
        end: new Date(NOW).toISOString(),
        minutes: 10,
        check_ids: [ids['checkout-api']],
      },
    ]);
    expect(d.maintenance.map((m) => m.name)).toEqual(['api-upgrade']);
    expect((await server.fetch('/api/slos/not-an-id')).status).toBe(400);
    expect((await server.fetch('/api/slos/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('is read as checks are: a viewer reads it, a person without a role does not', async () => {
    expect((await server.fetch('/api/slos', { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch('/api/slos', { as: { roles: [] } })).status).toBe(403);
    // applying one is editing checks: a viewer may not
    expect((await applyYaml(server, OBJECTIVE.replace('99.9', '99.5'), { as: 'viewer' })).status).toBe(403);
  });
});

describe('burn-rate alerts', () => {
  it('sends the critical burn to a webhook rule, then its resolution after recovery', async () => {
    const rule = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata: { name: slo-pager }
spec:
  events: [slo.burn.critical, slo.burn.critical.resolved]
  title: "{{.resource.name}}: {{.source_event}}"
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/slo?template=%7B%22title%22%3A%22%7B%7B.title%7D%7D%22%7D"
`,
    });
    expect(rule.status).toBe(201);
    // a rule without a title gets the objective's default one
    const warn = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata: { name: slo-warn }
spec:
  events: [slo.burn.warning]
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/warn?template=%7B%22title%22%3A%22%7B%7B.title%7D%7D%22%7D"
`,
    });
    expect(warn.status).toBe(201);
    const first = await evaluateObjectives(server.db.kysely, clock);
    expect(first.events.sort()).toEqual([
      'slo.burn.critical default/checkout-availability',
      'slo.burn.warning default/checkout-availability',
    ]);
    // a second evaluation (or another worker) announces nothing again
    expect((await evaluateObjectives(server.db.kysely, clock)).events).toEqual([]);
    await consumer.runOnce();
    await consumer.runOnce();
    const sent = (p: string) => hook.requests.filter((r) => r.path === p).map((r) => r.json);
    expect(sent('/slo')).toEqual([{ title: 'checkout-availability: slo.burn.critical' }]);
    expect(sent('/warn')).toEqual([{ title: 'Objective checkout-availability: slo.burn.warning' }]);

    // two good hours: nothing burns now (the 6h window still holds the bad minutes, its 30m does not)
    await plant(0, -119, () => false);
    clock.advance(120 * MIN);
    const second = await evaluateObjectives(server.db.kysely, clock);
    expect(second.events.sort()).toEqual([
      'slo.burn.critical.resolved default/checkout-availability',
      'slo.burn.warning.resolved default/checkout-availability',
    ]);
    await consumer.runOnce();
    await consumer.runOnce();
    expect(sent('/slo')).toEqual([
      { title: 'checkout-availability: slo.burn.critical' },
      { title: 'checkout-availability: slo.burn.critical.resolved' },
    ]);
    const [o] = await objectives();
    expect(o?.status).toBe('healthy');
  });
});

describe('latency and hours past raw retention', () => {
  it('reads an hour only its rollup holds, by the percentile of its histogram', async () => {
    const now = clock.now().getTime(); // NOW + 2h: 14:00
    const hour = now - 8 * 60 * MIN; // 06:00, before anything planted so far
    await writeCheckResults(
      server.db,
      Array.from({ length: 60 }, (_, i) => ({
        checkId: ids['checkout-web'] as string,
        time: new Date(hour + i * MIN + 30_000),
        pass: true,
        duration: 500,
      })),
    );
    // retention took the raw rows of that hour; its rollup stays
    await sql`delete from check_statuses where time >= ${new Date(hour)} and time < ${new Date(hour + 60 * MIN)}`.execute(
      server.db.kysely,
    );
    const applied = await applyYaml(
      server,
      `apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: web-latency }
spec:
  target: 99
  window: 1d
  indicator:
    latency: { checks: { names: [checkout-web] }, threshold: 300ms, percentile: 90 }
`,
    );
    expect(applied.status).toBe(200);
    const o = (await objectives()).find((x) => x.name === 'web-latency');
    // raw: 280 minutes at 20 ms (good); the 06:00 hour: all 60 at 500 ms, its p90 over 300 ms (bad)
    expect(o).toMatchObject({ indicator: 'latency', good_minutes: 280, bad_minutes: 60, status: 'exhausted' });
    expect(o?.attainment).toBeCloseTo((280 / 340) * 100, 3);
    // 1% of 1,440 minutes = 14.4
    expect(o?.budget.total_minutes).toBeCloseTo(14.4, 6);
    expect(o?.budget.remaining_minutes).toBeCloseTo(-45.6, 6);
    const d = (await (await server.fetch(`/api/slos/${o?.id}`)).json()) as { bad_intervals: unknown[] };
    expect(d.bad_intervals).toEqual([
      { start: new Date(hour).toISOString(), end: new Date(hour + 60 * MIN).toISOString(), minutes: 60, check_ids: [] },
    ]);
  });
});
