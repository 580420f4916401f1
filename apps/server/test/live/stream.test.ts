import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { liveHub } from '../../src/live/registry.js';
import { addPersonWithToken, startTestServer, type TestServer, testEngine } from '../helpers/index.js';
import { seedPerson, seedPlaybook } from '../playbooks/helpers.js';
import { openStream, type SseEvent, type TestStream, until } from './sse.js';

let server: TestServer;
let target: http.Server;
let healthy = true;
let checkId: string;
const streams: TestStream[] = [];

async function stream(headers: Record<string, string>): Promise<TestStream> {
  const s = await openStream(server.url, headers);
  streams.push(s);
  return s;
}

const runNow = () => server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST' });
const resultFor = (e: SseEvent) =>
  e.event === 'check.results' && (e.data.results as { check_id: string }[]).some((r) => r.check_id === checkId);

async function newIncident(title: string): Promise<string> {
  const res = await server.fetch('/api/db/incidents', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({ title }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }[])[0]?.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedPerson(server, 'admin');
  target = http.createServer((_req, res) => {
    res.statusCode = healthy ? 200 : 500;
    res.end('x');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const port = (target.address() as AddressInfo).port;
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'live', namespace: 'default' },
    spec: { schedule: '@every 1h', http: [{ name: 'web', url: `http://127.0.0.1:${port}/` }] },
  });
  const saved = await server.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
  checkId = saved.checks['http/web'] as string;
});

afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
});

describe(`GET /api/events/stream (${testEngine()})`, () => {
  it('refuses the signed out and malformed resume ids', async () => {
    expect((await server.fetch('/api/events/stream', { as: null })).status).toBe(401);
    const bad = await server.fetch('/api/events/stream?lastEventId=nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('lastEventId');
  });

  it('carries check results and transitions, incidents and playbook runs', async () => {
    const s = await stream(server.headers('viewer'));
    expect(s.status).toBe(200);
    healthy = true;
    expect((await runNow()).status).toBe(200);
    await s.next(resultFor);
    healthy = false;
    await runNow();
    const transition = await s.next((e) => e.event === 'check.transition' && e.data.to === 'unhealthy');
    expect(transition.data).toMatchObject({ check_id: checkId, from: 'healthy', to: 'unhealthy' });
    const failed = await s.next(
      (e) => resultFor(e) && (e.data.results as { status: string }[]).some((r) => r.status === 'unhealthy'),
    );
    expect(failed.id).toMatch(/^[0-9a-f]+-\d+$/);

    const incidentId = await newIncident('Live incident');
    const incident = await s.next((e) => e.event === 'incident' && e.data.id === incidentId);
    expect(incident.data).toMatchObject({ op: 'insert', status: 'open' });

    const playbookId = await seedPlaybook(server, { actions: [{ name: 'a', exec: { script: 'true' } }] });
    const row = await server.db.kysely
      .insertInto('playbook_runs')
      .values({ playbook_id: playbookId, spec: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await s.next((e) => e.event === 'playbook_run' && e.data.id === row.id);
    expect(run.data).toMatchObject({ playbook_id: playbookId, status: 'scheduled' });
  });

  it('delivers only what the holder may read, and decides again when access changes', async () => {
    const agent = await stream(server.headers('agent')); // reads none of these
    const person = await addPersonWithToken(server.db, { email: 'live-viewer@example.com', roles: ['viewer'] });
    const deny = await server.db.kysely
      .insertInto('permissions')
      .values({ person_id: person.id, object: 'canaries', action: 'read', deny: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const viewer = await stream({ authorization: `Bearer ${person.token}` });
    const admin = await stream(server.headers('admin'));
    await runNow();
    const incidentId = await newIncident('Seen by viewers');
    await admin.next((e) => e.event === 'incident' && e.data.id === incidentId);
    await viewer.next((e) => e.event === 'incident' && e.data.id === incidentId);
    expect(viewer.events.some((e) => e.event.startsWith('check.'))).toBe(false);
    expect(agent.events).toHaveLength(0);

    // the deny row goes: the open stream receives check results from now on
    await server.db.kysely.deleteFrom('permissions').where('id', '=', deny.id).execute();
    for (let i = 0; i < 20 && !viewer.events.some(resultFor); i++) {
      await runNow(); // the access notification may arrive after this result: try again
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(viewer.events.some(resultFor)).toBe(true);

    // the token is revoked: the stream ends
    await server.db.kysely.deleteFrom('access_tokens').where('person_id', '=', person.id).execute();
    await viewer.ended;
    expect(viewer.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'signed out' } });
    expect(agent.events).toHaveLength(0);
  });

  it('resumes after Last-Event-ID and resets what it cannot replay', async () => {
    const first = await stream(server.headers('viewer'));
    await newIncident('Before the drop');
    const seen = await first.next((e) => e.event === 'incident');
    first.close();
    const missed = await newIncident('While away');
    const resumed = await stream({ ...server.headers('viewer'), 'last-event-id': seen.id as string });
    await resumed.next((e) => e.event === 'incident' && e.data.id === missed);
    const stranger = await stream({ ...server.headers('viewer'), 'last-event-id': 'ffffffff-1' });
    await stranger.next((e) => e.event === 'reset');
  });
});

describe.runIf(testEngine() === 'postgres')('several processes on PostgreSQL', () => {
  it('an event made in one process reaches a stream on another', async () => {
    const url = server.db.pool.options.connectionString as string;
    const other = await startTestServer({ db: await openDatabase({ databaseUrl: url }) });
    await seedPerson(other, 'viewer');
    try {
      const s = await openStream(other.url, other.headers('viewer'));
      streams.push(s);
      await until(() => liveHub(other.ctx).size === 1);
      const incidentId = await newIncident('Made in process A');
      await s.next((e) => e.event === 'incident' && e.data.id === incidentId);
      healthy = true;
      await runNow(); // stored and announced by process A
      await s.next(resultFor);
    } finally {
      await other.close();
      await other.db.close();
    }
  });
});
