import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck, setCheckStatus } from './fixtures.js';
import { type HttpPeer, type Reply, startHttpPeer, startSmtpPeer } from './peers.js';

let server: TestServer;
let clock: ManualClock;
let consumer: EventConsumer;
let hook: HttpPeer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let hookReply: Reply = { status: 200, body: { ok: true } };

beforeAll(async () => {
  clock = new ManualClock(new Date());
  server = await startTestServer({ clock });
  hook = await startHttpPeer(() => hookReply);
  smtp = await startSmtpPeer();
  consumer = createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    systemSmtp: { url: smtp.url, from: 'OpsDeck <opsdeck@example.com>' },
    timeoutMs: 3000,
  });
});
afterAll(async () => {
  await server?.close();
  await hook?.close();
  await smtp?.close();
});
beforeEach(() => {
  hookReply = { status: 200, body: { ok: true } };
});

/** A rule on `checkName`'s events that mails ops@example.com and posts JSON to the local webhook at `path`. */
async function createRule(name: string, path: string, checkName: string): Promise<string> {
  const yaml = `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
spec:
  events: [check.failed, check.passed]
  title: "{{.check.name}} is {{.check.status}}"
  template: "Canary {{.canary.name}} says: {{.check_status.error}}"
  repeatInterval: 1h
  filter: "check.name == '${checkName}'"
  to:
    email: ops@example.com
    url: "generic+http://${hook.url.replace('http://', '')}${path}?template=%7B%22title%22%3A%22%7B%7B.title%7D%7D%22%2C%22check%22%3A%22%7B%7B.check.name%7D%7D%22%7D"
`;
  const res = await server.fetch('/api/notification/rules', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function history(body: Record<string, unknown> = {}) {
  const res = await server.fetch('/api/notification/summary', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; results: Record<string, unknown>[] };
}

const hits = (path: string) => hook.requests.filter((r) => r.path === path);

describe('notifications end to end', () => {
  it('mails and posts the templated title when a check fails, then the recovery', async () => {
    await createRule('api-down', '/api-down', 'api-health');
    const check = await createCheck(db(), 'api-health');
    await setCheckStatus(db(), check.id, 'unhealthy', 'connection refused');
    await consumer.runOnce();

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['ops@example.com']);
    expect(smtp.mails[0]?.subject).toBe('api-health is unhealthy');
    expect(smtp.mails[0]?.raw).toContain('connection refused');
    expect(hits('/api-down')).toHaveLength(1);
    expect(hits('/api-down')[0]?.json).toEqual({ title: 'api-health is unhealthy', check: 'api-health' });
    expect(hits('/api-down')[0]?.headers['content-type']).toBe('application/json');

    clock.advance(60_000);
    await setCheckStatus(db(), check.id, 'healthy');
    await consumer.runOnce();
    expect(hits('/api-down').map((r) => (r.json as { title: string }).title)).toEqual([
      'api-health is unhealthy',
      'api-health is healthy',
    ]);
    expect(smtp.mails.at(-1)?.subject).toBe('api-health is healthy');

    const sent = await history({ search: 'api-health', status: 'sent' });
    expect(sent.total).toBe(4);
    const detail = await server.fetch(`/api/notification/send_history/${sent.results[0]?.id}`);
    const body = (await detail.json()) as Record<string, unknown>;
    expect(body.body_markdown).toContain('Canary canary-api-health says');
    expect(body.title).toBe('api-health is healthy');
    expect(body.resource_kind).toBe('check');
  });

  it('records a repeat inside the interval as repeat-interval without sending', async () => {
    await createRule('flappy', '/flappy', 'flappy-check');
    const check = await createCheck(db(), 'flappy-check');
    await setCheckStatus(db(), check.id, 'unhealthy', 'timeout');
    await consumer.runOnce();
    clock.advance(5 * 60_000);
    await setCheckStatus(db(), check.id, 'healthy');
    await consumer.runOnce();
    clock.advance(5 * 60_000);
    await setCheckStatus(db(), check.id, 'unhealthy', 'timeout again');
    await consumer.runOnce();

    expect(hits('/flappy')).toHaveLength(2);
    const repeated = await history({ search: 'flappy-check', status: 'repeat-interval' });
    expect(repeated.total).toBe(1);
    expect(repeated.results[0]?.source_event).toBe('check.failed');
    expect(repeated.results[0]?.parent_id).toBeTruthy();
  });

  it('records silenced sends while a silence is active, and sends again once it expired', async () => {
    await createRule('quiet', '/quiet', 'quiet-check');
    const check = await createCheck(db(), 'quiet-check');
    const res = await server.fetch('/api/notification/silence', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'maintenance', check_id: check.id, until: 'now+2h', description: 'db upgrade' }),
    });
    expect(res.status).toBe(200);
    const { id: silenceId } = (await res.json()) as { id: string };

    await setCheckStatus(db(), check.id, 'unhealthy', 'down for maintenance');
    await consumer.runOnce();
    expect(hits('/quiet')).toHaveLength(0);
    const silenced = await history({ search: 'quiet-check', status: 'silenced' });
    expect(silenced.total).toBe(1);
    expect(silenced.results[0]?.silenced_by).toBe(silenceId);

    clock.advance(3 * 3_600_000); // the silence ended an hour ago
    await setCheckStatus(db(), check.id, 'healthy');
    await consumer.runOnce();
    expect(hits('/quiet')).toHaveLength(1);
    expect((await history({ search: 'quiet-check', status: 'sent' })).total).toBe(2);
  });

  it('records error with the channel reason and retries until the channel answers', async () => {
    await createRule('flaky', '/flaky', 'flaky-check');
    const check = await createCheck(db(), 'flaky-check');
    hookReply = { status: 500, body: { message: 'receiver overloaded' } };
    await setCheckStatus(db(), check.id, 'unhealthy', 'boom');
    await consumer.runOnce();

    const failed = await history({ search: 'flaky-check', status: 'error' });
    expect(failed.total).toBe(1);
    expect(failed.results[0]?.error).toBe('Webhook answered HTTP 500: receiver overloaded');
    const queue = await server.fetch('/api/canary/event_queue_summary');
    const send = ((await queue.json()) as { name: string; failed: number; most_common_error: string }[]).find(
      (r) => r.name === 'notification.send',
    );
    expect(send?.failed).toBe(1);
    expect(send?.most_common_error).toContain('HTTP 500');

    hookReply = { status: 200, body: { ok: true } };
    await consumer.runOnce(); // not yet: the retry waits for its backoff
    expect(hits('/flaky')).toHaveLength(1);
    clock.advance(31_000);
    await consumer.runOnce();
    expect(hits('/flaky')).toHaveLength(2);
    const row = (await history({ search: 'flaky-check', status: 'sent' })).results.find(
      (r) => r.recipient !== 'email:ops@example.com',
    );
    expect(row?.retries).toBe(1);
    expect(row?.error).toBeNull();
  });

  it('lists rules with their last error, and pauses and resumes a rule', async () => {
    const id = await createRule('pausable', '/pausable', 'paused-check');
    const pause = await server.fetch(`/api/notification/rules/${id}/pause`, { method: 'POST' });
    expect(pause.status).toBe(200);
    expect((await pause.json()).paused).toBe(true);
    const check = await createCheck(db(), 'paused-check');
    await setCheckStatus(db(), check.id, 'unhealthy');
    await consumer.runOnce();
    expect(hits('/pausable')).toHaveLength(0);

    const list = (await (await server.fetch('/api/notification/rules', { as: 'viewer' })).json()) as Record<
      string,
      unknown
    >[];
    const rule = list.find((r) => r.id === id);
    expect(rule?.paused).toBe(true);
    expect(rule?.error).toMatch(/^paused by/);
    expect(JSON.stringify(rule?.custom_services)).toContain('generic+http://********');

    await server.fetch(`/api/notification/rules/${id}/resume`, { method: 'POST' });
    clock.advance(60_000);
    await setCheckStatus(db(), check.id, 'healthy');
    await consumer.runOnce();
    expect(hits('/pausable')).toHaveLength(1);
  });

  it('waits for waitFor, then sends only if the check is still failing (skipped otherwise)', async () => {
    const rule = (name: string, check: string) =>
      server.fetch('/api/notification/rules', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          events: ['check.failed'],
          filter: `check.name == '${check}'`,
          waitFor: '5m',
          to: { url: `generic+http://${hook.url.replace('http://', '')}/${name}` },
        }),
      });
    await rule('wait-recovers', 'blip-check');
    await rule('wait-stays', 'down-check');
    const blip = await createCheck(db(), 'blip-check');
    const down = await createCheck(db(), 'down-check');
    await setCheckStatus(db(), blip.id, 'unhealthy', 'blip');
    await setCheckStatus(db(), down.id, 'unhealthy', 'down');
    await consumer.runOnce();
    expect((await history({ search: 'blip-check', status: 'pending' })).total).toBe(1);
    await setCheckStatus(db(), blip.id, 'healthy'); // recovers within the wait
    clock.advance(5 * 60_000 + 1000);
    await consumer.runOnce();
    expect(hits('/wait-recovers')).toHaveLength(0);
    expect((await history({ search: 'blip-check', status: 'skipped' })).total).toBe(1);
    expect(hits('/wait-stays')).toHaveLength(1);
  });

  it('falls back to the fallback recipient when the primary channel fails', async () => {
    await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'with-fallback',
        events: ['check.failed'],
        filter: "check.name == 'fb-check'",
        to: { url: `generic+http://${hook.url.replace('http://', '')}/primary` },
        fallback: { url: `generic+http://${hook.url.replace('http://', '')}/backup`, delay: '1m' },
      }),
    });
    const check = await createCheck(db(), 'fb-check');
    hookReply = { status: 503, body: 'down' };
    await setCheckStatus(db(), check.id, 'unhealthy');
    await consumer.runOnce();
    expect((await history({ search: 'fb-check', status: 'attempting_fallback' })).total).toBe(1);
    hookReply = { status: 200, body: { ok: true } };
    clock.advance(61_000);
    await consumer.runOnce();
    expect(hits('/backup')).toHaveLength(1);
    const sent = (await history({ search: 'fb-check', status: 'sent' })).results;
    expect(sent).toHaveLength(1);
    expect(sent[0]?.parent_id).toBeTruthy();
  });
});

function db() {
  return server.db;
}
