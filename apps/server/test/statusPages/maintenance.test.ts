import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { runIncidentRules } from '../../src/incidents/rules/engine.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { buildPerson } from '../incidents/builders.js';
import { createCheck, setCheckStatus } from '../notifications/fixtures.js';
import { type HttpPeer, startHttpPeer } from '../notifications/peers.js';

let server: TestServer;
let clock: ManualClock;
let consumer: EventConsumer;
let hook: HttpPeer;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-01-15T00:00:00Z'));
  server = await startTestServer({ clock });
  hook = await startHttpPeer();
  consumer = createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    timeoutMs: 3000,
  });
  await buildPerson(server.db.kysely, 'admin');
});
afterAll(async () => {
  await server?.close();
  await hook?.close();
});

async function createWindow(name: string, spec: Record<string, unknown>, as?: 'viewer' | 'editor') {
  return server.fetch('/api/db/maintenance_windows', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({ name, description: `${name} work`, spec }),
    ...(as ? { as } : {}),
  });
}

async function active() {
  const res = await server.fetch('/api/maintenance/active');
  expect(res.status).toBe(200);
  return (await res.json()) as { windows: Array<{ name: string; active: boolean }>; checks: Record<string, string> };
}

describe('maintenance windows', () => {
  it('refuses a bad window with a 400 naming the field, and a viewer with a 403', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' }, /spec\.checks/],
      [{ checks: [{ name: 'x' }], start: 'tomorrow', end: '2026-01-01T01:00:00Z' }, /spec\.start/],
      [{ checks: [{ name: 'x' }], start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' }, /spec\.end/],
      [{ checks: [{ name: 'x' }], schedule: 'every night', duration: '1h' }, /spec\.schedule/],
      [{ checks: [{ name: 'x' }], schedule: '0 2 * * *' }, /spec\.duration/],
      [{ checks: [{ name: 'x' }], schedule: '0 2 * * *', duration: 'long' }, /spec\.duration/],
      [{ checks: [{ name: 'x' }], schedule: '0 2 * * *', duration: '1h', timezone: 'Mars/Base' }, /spec\.timezone/],
      [{ checks: [{ name: 'x' }], schedule: '0 2 * * *', duration: '1h', colour: 'red' }, /spec/],
    ];
    for (const [spec, message] of cases) {
      const res = await createWindow('bad', spec);
      expect(res.status, JSON.stringify(spec)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const viewer = await createWindow(
      'nope',
      { checks: [{ name: 'x' }], schedule: '0 2 * * *', duration: '1h' },
      'viewer',
    );
    expect(viewer.status).toBe(403);
  });

  it('is in force by its cron in its own time zone, across daylight saving', async () => {
    const check = await createCheck(server.db, 'nightly-batch', { team: 'data' });
    const res = await createWindow('nightly', {
      start: '2026-01-01T00:00:00Z',
      schedule: '0 2 * * *',
      duration: '1h',
      timezone: 'Europe/Berlin',
      checks: [{ labelSelector: 'team=data' }],
    });
    expect(res.status).toBe(201);
    // 02:00-03:00 in Berlin is 01:00-02:00 UTC in winter and 00:00-01:00 UTC in summer
    clock.set('2026-01-15T01:30:00Z');
    expect((await active()).checks).toEqual({ [check.id]: 'nightly' });
    clock.set('2026-01-15T02:30:00Z');
    expect((await active()).checks).toEqual({});
    expect((await active()).windows.find((w) => w.name === 'nightly')?.active).toBe(false);
    clock.set('2026-07-15T00:30:00Z');
    expect((await active()).checks).toEqual({ [check.id]: 'nightly' });
    clock.set('2026-07-15T01:30:00Z');
    expect((await active()).checks).toEqual({});
    // not before its start
    clock.set('2025-12-31T01:30:00Z');
    expect((await active()).checks).toEqual({});
    await sql`update maintenance_windows set deleted_at = now() where name = 'nightly'`.execute(server.db.kysely);
  });

  it('keeps a failure inside the window from notifying and from opening an incident, not one outside it', async () => {
    clock.set('2026-03-01T09:00:00Z');
    const rule = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: payments-down
spec:
  events: [check.failed]
  title: "{{.check.name}} failed"
  filter: "check.name == 'payments'"
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/payments"
`,
    });
    expect(rule.status).toBe(201);
    const incidentRule = await server.fetch('/api/db/incident_rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'payments down', spec: { checks: [{ name: 'payments' }] } }),
    });
    expect(incidentRule.status).toBe(201);
    const check = await createCheck(server.db, 'payments');
    const window = await createWindow('db upgrade', {
      start: '2026-03-01T10:00:00Z',
      end: '2026-03-01T11:00:00Z',
      checks: [{ name: 'pay*' }],
    });
    expect(window.status).toBe(201);
    const windowId = ((await window.json()) as Array<{ id: string }>)[0]?.id ?? '';

    // inside the window: recorded as silenced by the window, nothing sent, no incident
    clock.set('2026-03-01T10:15:00Z');
    await setCheckStatus(server.db, check.id, 'unhealthy', 'restarting');
    await consumer.runOnce();
    expect(hook.requests.filter((r) => r.path.startsWith('/payments'))).toHaveLength(0);
    const inside = await server.db.kysely
      .selectFrom('notification_send_history')
      .select(['status', 'maintenance_window_id'])
      .where('resource_id', '=', check.id)
      .execute();
    expect(inside).toEqual([{ status: 'silenced', maintenance_window_id: windowId }]);
    await sql`update checks set last_transition_time = ${clock.now()} where id = ${check.id}`.execute(server.db.kysely);
    expect((await runIncidentRules(server.db.kysely, clock)).opened).toEqual([]);

    // after the window: the same failure notifies and opens an incident
    clock.set('2026-03-01T11:05:00Z');
    await setCheckStatus(server.db, check.id, 'healthy');
    await setCheckStatus(server.db, check.id, 'unhealthy', 'down for real');
    await consumer.runOnce();
    expect(hook.requests.filter((r) => r.path.startsWith('/payments'))).toHaveLength(1);
    // the fixture stamps the wall clock; the rules count from the transition by the test's clock
    await sql`update checks set last_transition_time = ${clock.now()} where id = ${check.id}`.execute(server.db.kysely);
    expect((await runIncidentRules(server.db.kysely, clock)).opened).toHaveLength(1);
  });

  it('previews the next windows of a spec as they will be kept, or the 400 a save would answer', async () => {
    const preview = (spec: unknown, as?: 'viewer') =>
      server.fetch('/api/maintenance/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ spec }),
        ...(as ? { as } : {}),
      });
    // every Saturday 02:00 in Berlin, for 90 minutes, from the test's clock on
    const res = await preview(
      { schedule: '0 2 * * 6', duration: '90m', timezone: 'Europe/Berlin', checks: [{ name: 'web' }] },
      'viewer',
    );
    expect(res.status).toBe(200);
    const { windows } = (await res.json()) as { windows: Array<{ start: string; end: string }> };
    expect(windows).toHaveLength(5);
    const berlin = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    });
    expect(windows.map((w) => berlin.format(new Date(w.start)))).toEqual(Array(5).fill('Sat 02:00'));
    expect(windows.map((w) => Date.parse(w.end) - Date.parse(w.start))).toEqual(Array(5).fill(90 * 60_000));
    expect(Date.parse(windows[0]?.start ?? '')).toBeGreaterThan(clock.now().getTime());
    expect(Date.parse(windows[0]?.start ?? '') - clock.now().getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    const start = new Date(clock.now().getTime() + 86_400_000).toISOString();
    const end = new Date(clock.now().getTime() + 90_000_000).toISOString();
    const once = await preview({ start, end, configs: [{ name: 'db' }] });
    expect((await once.json()).windows).toEqual([{ start, end }]);
    const bad = await preview({ schedule: '0 2 * * 6', checks: [{ name: 'web' }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('spec.duration');
  });
});
