import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, as: 'admin' | 'viewer' | 'editor' = 'admin', type = 'application/json') =>
  server.fetch(path, {
    method: 'POST',
    as,
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('notification API input', () => {
  it('accepts a flat rule, applies defaults, and updates it by name', async () => {
    const body = { name: 'ops-mail', events: ['check.failed'], to: { email: 'ops@example.com' } };
    const created = await post('/api/notification/rules', body, 'editor');
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule).toMatchObject({ name: 'ops-mail', namespace: 'default', events: ['check.failed'], paused: false });
    const again = await post('/api/notification/rules', { ...body, repeatInterval: '2h' });
    expect((await again.json()).id).toBe(rule.id);
  });

  it('refuses bad rules with every reason', async () => {
    const res = await post('/api/notification/rules', {
      name: 'bad',
      events: ['check.exploded'],
      filter: 'check.name ==',
      title: '{{ .check.name | nosuchfunc }}',
      repeatInterval: 'soon',
      to: { url: 'carrierpigeon://coop' },
    });
    expect(res.status).toBe(400);
    const { message } = await res.json();
    expect(message).toContain('events.0: must be one of check.passed');
    expect(message).toContain('filter: invalid CEL filter');
    expect(message).toContain('title: invalid template');
    expect(message).toContain('repeatInterval: must be a duration');
    expect(message).toContain('unknown channel scheme "carrierpigeon"');
  });

  it('answers 400 to broken YAML and to a missing recipient, 403 to a viewer', async () => {
    expect((await post('/api/notification/rules', 'kind: [', 'admin', 'application/yaml')).status).toBe(400);
    const none = await post('/api/notification/rules', { name: 'x', events: ['check.failed'], to: {} });
    expect((await none.json()).message).toContain('name at least one recipient');
    const viewer = await post(
      '/api/notification/rules',
      { name: 'x', events: ['check.failed'], to: { email: 'a@b.co' } },
      'viewer',
    );
    expect(viewer.status).toBe(403);
  });

  it('validates silences: a target is required, datemath must parse, until must be ahead', async () => {
    const none = await post('/api/notification/silence', { name: 's' });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toContain('a silence needs a resource');
    const badTime = await post('/api/notification/silence', { check_id: crypto.randomUUID(), until: 'tomorrowish' });
    expect((await badTime.json()).message).toContain('until: invalid time "tomorrowish"');
    const past = await post('/api/notification/silence', { check_id: crypto.randomUUID(), until: 'now-1h' });
    expect(past.status).toBe(400);
    const ok = await post('/api/notification/silence', { check_id: crypto.randomUUID(), until: null, recursive: true });
    expect(ok.status).toBe(200);
    const { id } = await ok.json();
    const list = await (await server.fetch('/api/notification/silences', { as: 'viewer' })).json();
    expect(list.find((s: { id: string }) => s.id === id)?.until).toBeNull(); // indefinitely
    expect((await server.fetch(`/api/notification/silence/${id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await (await server.fetch('/api/notification/silences')).json();
    expect(after.find((s: { id: string }) => s.id === id)).toBeUndefined();
    const all = await (await server.fetch('/api/notification/silences?include_deleted=true')).json();
    expect(all.find((s: { id: string }) => s.id === id)?.deleted_at).toBeTruthy();
  });

  it('pages the send history and answers 400/404 for bad ids and statuses', async () => {
    const page = await post('/api/notification/summary', { pageIndex: 0, pageSize: 10 }, 'viewer');
    expect(await page.json()).toEqual({ total: 0, results: [] });
    const badStatus = await post('/api/notification/summary', { status: 'sent,exploded' });
    expect((await badStatus.json()).message).toContain('status: unknown exploded');
    expect((await server.fetch('/api/notification/send_history/not-a-uuid')).status).toBe(400);
    expect((await server.fetch(`/api/notification/send_history/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('serves the rules and silences tables under /api/db and validates writes there', async () => {
    const res = await server.fetch('/api/db/notifications_summary?select=name,paused,sent', { as: 'viewer' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expect.arrayContaining([{ name: 'ops-mail', paused: false, sent: 0 }]));
    const bad = await post('/api/db/notifications', { name: 'raw', events: ['check.failed'], filter: 'check.name ==' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('filter:');
  });

  it('summarizes the event queue for the settings page', async () => {
    const res = await server.fetch('/api/canary/event_queue_summary', { as: 'viewer' });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});
