import { CHANNEL_URL_FORMATS } from '@opsdeck/schema/notificationChannels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src/notifications/channels/registry.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The settings form writes rules through /api/db/notifications: a rule telling only channels
// saves, a channel the server could never deliver to is a 400 naming it, and lists name who is told.
let server: TestServer;
let personId: string;
let teamId: string;
beforeAll(async () => {
  server = await startTestServer();
  const k = server.db.kysely;
  personId = (
    await k
      .insertInto('people')
      .values({ name: 'Ada Lovelace', email: 'ada@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  teamId = (await k.insertInto('teams').values({ name: 'Payments' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.close());

const post = (body: unknown) =>
  server.fetch('/api/db/notifications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });

describe('rule channels through /api/db/notifications', () => {
  it('saves a rule that tells only a connection', async () => {
    const res = await post({
      name: 'hook-only',
      events: ['check.failed'],
      custom_services: [{ connection: 'connection://default/hooks' }],
    });
    expect(res.status).toBe(201);
    const [row] = await res.json();
    expect(row.custom_services).toEqual([{ connection: 'connection://default/hooks' }]);
  });

  it.each([
    [{ url: 'carrierpigeon://coop' }, 'custom_services.0.url: unknown channel scheme "carrierpigeon"'],
    [{ url: 'slack://webhook' }, 'custom_services.0.url: Slack URLs need a user (token) before @'],
    [{ url: 'smtp://mail.example.com:587/' }, 'custom_services.0.url: Email (SMTP) URLs need ?to='],
    [{ connection: 'hooks' }, 'custom_services.0.connection: must look like connection://namespace/name'],
    [{ connection: 'connection://default/a', url: 'generic://h/x' }, 'name one of connection, url or email'],
  ])('refuses %j with its reason', async (service, message) => {
    const res = await post({ name: 'bad-channel', events: ['check.failed'], custom_services: [service] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it('names the person and team a rule tells, in the rules list and the settings list', async () => {
    const res = await post({
      name: 'named',
      events: ['check.failed'],
      person_id: personId,
      team_id: teamId,
      custom_services: [{ url: 'generic+http://127.0.0.1:9/hook' }],
    });
    expect(res.status).toBe(201);
    const rules = (await (await server.fetch('/api/notification/rules', { as: 'viewer' })).json()) as Array<
      Record<string, unknown>
    >;
    expect(rules.find((r) => r.name === 'named')).toMatchObject({
      person: { name: 'Ada Lovelace', email: 'ada@example.com' },
      team: { name: 'Payments' },
      custom_services: [{ url: 'generic+http://********' }],
    });
    const select = 'name,person:people!person_id(name,email),team:teams!team_id(name)';
    const listed = await server.fetch(`/api/db/notifications?name=eq.named&select=${select}`, { as: 'viewer' });
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect(await listed.json()).toEqual([
      { name: 'named', person: { name: 'Ada Lovelace', email: 'ada@example.com' }, team: { name: 'Payments' } },
    ]);
  });

  it('shows the send history recipient by name', async () => {
    const rule = await server.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('name', '=', 'named')
      .executeTakeFirstOrThrow();
    const send = await server.db.kysely
      .insertInto('notification_send_history')
      .values({
        notification_id: rule.id,
        status: 'sent',
        source_event: 'check.failed',
        resource_id: crypto.randomUUID(),
        person_id: personId,
        recipient: `person:${personId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await server.fetch('/api/notification/summary', {
      method: 'POST',
      as: 'viewer',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 0, pageSize: 10, search: 'Lovelace' }),
    });
    const { results } = await list.json();
    expect(results).toMatchObject([{ id: send.id, recipient_name: 'Ada Lovelace' }]);
    const detail = await server.fetch(`/api/notification/send_history/${send.id}`, { as: 'viewer' });
    expect(await detail.json()).toMatchObject({ recipient: `person:${personId}`, recipient_name: 'Ada Lovelace' });
  });

  it('offers exactly the URL schemes the server delivers to', () => {
    const served = CHANNELS.flatMap((c) => c.schemes).sort();
    expect(CHANNEL_URL_FORMATS.map((f) => f.scheme).sort()).toEqual(served);
  });
});
