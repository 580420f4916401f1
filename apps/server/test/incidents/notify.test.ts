import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { runIncidentRules } from '../../src/incidents/rules/engine.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type HttpPeer, startHttpPeer } from '../notifications/peers.js';
import { buildCheck, buildPerson, setCheckStatus } from './builders.js';

const MIN = 60_000;
let server: TestServer;
let clock: ManualClock;
let consumer: EventConsumer;
let hook: HttpPeer;

beforeAll(async () => {
  clock = new ManualClock(new Date());
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

// {"title":"{{.title}}","incident":"{{.incident.incident_id}}"} as the webhook's JSON body
const TEMPLATE = encodeURIComponent('{"title":"{{.title}}","incident":"{{.incident.incident_id}}"}');

describe('incident events reach notification rules', () => {
  it('notifies when a rule opens an incident for a failing check and when it resolves', async () => {
    const rule = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: incidents-to-hook
spec:
  events: [incident.created, incident.status.resolved]
  title: "{{.incident.title}} is {{.incident.status}} ({{.incident.severity}})"
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/incidents?template=${TEMPLATE}"
`,
    });
    expect(rule.status).toBe(201);

    const since = clock.now();
    const checkId = await buildCheck(server.db.kysely, { name: 'checkout', status: 'unhealthy', since });
    const created = await server.fetch('/api/db/incident_rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'checkout down',
        spec: { checks: [{ name: 'checkout' }], template: { severity: 'critical' }, autoResolve: { timeout: '5m' } },
      }),
    });
    expect(created.status).toBe(201);

    const opened = await runIncidentRules(server.db.kysely, clock);
    expect(opened.opened).toHaveLength(1);
    await consumer.runOnce();
    const human = (
      await server.db.kysely
        .selectFrom('incidents')
        .select('incident_id')
        .where('id', '=', opened.opened[0] as string)
        .executeTakeFirstOrThrow()
    ).incident_id;
    expect(hook.requests.map((r) => r.json)).toEqual([
      { title: 'checkout is unhealthy is open (critical)', incident: human },
    ]);

    await setCheckStatus(server.db.kysely, checkId, 'healthy', clock.now());
    clock.advance(5 * MIN);
    expect((await runIncidentRules(server.db.kysely, clock)).resolved).toEqual(opened.opened);
    await consumer.runOnce();
    expect(hook.requests.map((r) => (r.json as { title: string }).title)).toEqual([
      'checkout is unhealthy is open (critical)',
      'checkout is unhealthy is resolved (critical)',
    ]);
    // both name sets (OpsDeck's and Mission Control's) are consumed: nothing waits in the queue
    await consumer.runOnce();
    const left = await server.db.kysely
      .selectFrom('event_queue')
      .select('name')
      .where('name', 'not like', 'check.%')
      .execute();
    expect(left).toEqual([]);
  });
});
