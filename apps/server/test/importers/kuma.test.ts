import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planKumaImport } from '../../src/importers/kuma/index.js';
import { filterMatches } from '../../src/notifications/dispatch.js';
import { type HttpPeer, startHttpPeer } from '../health/checks/httpPeer.js';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { kumaBackup } from './kumaBackup.js';

let server: TestServer;
let peer: HttpPeer;
let tcp: net.Server;
let tcpPort = 0;
let health = 'UP';
let adminToken = '';

beforeAll(async () => {
  tcp = net.createServer((s) => s.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as net.AddressInfo).port;
  [server, peer] = await Promise.all([
    startTestServer(),
    startHttpPeer((req) =>
      req.path === '/health'
        ? { json: { status: health } }
        : req.path === '/status'
          ? { text: 'all good here' }
          : { text: 'home' },
    ),
  ]);
  // a real person: what an import creates records who created it
  adminToken = (await addPersonWithToken(server.db, { email: 'importer@example.com', roles: ['admin'] })).token;
});
afterAll(async () => {
  await Promise.all([server?.close(), peer?.close(), new Promise((r) => tcp?.close(r))]);
});

const backup = () =>
  JSON.stringify(
    kumaBackup({
      httpUrl: peer.url,
      tcpPort,
      postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      redisUrl: 'redis://127.0.0.1:6379',
      webhookUrl: `${peer.url}/hook`,
    }),
  );

const post = (body: unknown, as?: 'editor' | 'viewer') =>
  server.fetch('/api/import/kuma', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(as ? {} : { authorization: `Bearer ${adminToken}` }) },
    body: JSON.stringify(body),
    as: as ?? null,
  });

async function checkId(canary: string): Promise<string> {
  const row = await server.db.kysely
    .selectFrom('checks')
    .innerJoin('canaries', 'canaries.id', 'checks.canary_id')
    .select('checks.id')
    .where('canaries.name', '=', canary)
    .where('canaries.namespace', '=', 'kuma')
    .where('checks.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function runNow(canary: string) {
  const res = await server.fetch(`/api/canary/run/check/${await checkId(canary)}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as { pass: boolean; message: string; error: string | null };
}

describe('Uptime Kuma import: the plan', () => {
  it('maps each monitor type onto a check and says what it cannot carry over', () => {
    const plan = planKumaImport(backup());
    const byName = Object.fromEntries(plan.canaries.map((c) => [c.metadata.name, c.spec as Record<string, unknown>]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        'cache',
        'health-json',
        'home-page',
        'loopback-ping',
        'nightly-backup',
        'orders-db',
        'status-keyword',
        'web-port',
      ].sort(),
    );
    expect(byName['home-page']).toMatchObject({
      interval: 60,
      http: [
        {
          name: 'Home page',
          url: `${peer.url}/`,
          labels: { env: 'prod', group: 'Web' },
          retries: { maxRetries: 2, interval: '20s' },
          timeout: 48,
        },
      ],
    });
    expect(byName['status-keyword']).toMatchObject({ http: [{ responseContent: 'all good' }] });
    expect(byName['health-json']).toMatchObject({ http: [{ test: { expr: 'string(json.status) == "UP"' } }] });
    expect(byName['web-port']).toMatchObject({ tcp: [{ endpoint: `127.0.0.1:${tcpPort}` }] });
    expect(byName['loopback-ping']).toMatchObject({ replicas: 0, icmp: [{ endpoint: '127.0.0.1' }] });
    expect(byName['nightly-backup']).toMatchObject({
      interval: 120,
      webhook: [{ token: { value: 'kumaPushToken0123456789abcdefXYZ' }, maxAge: 120 }],
    });
    expect(byName['orders-db']).toMatchObject({
      postgres: [{ connection: 'connection://kuma/orders-db-db', query: 'select 1' }],
    });
    const skipped = Object.fromEntries(plan.skipped.map((s) => [s.item, s.message]));
    expect(skipped).toEqual({
      'monitor "Web"': 'groups become the "group" label of their monitors',
      'monitor "Resolver"': 'DNS record type CAA is not one OpsDeck queries',
      'monitor "Containers"': 'Kuma\'s "docker" monitors have no OpsDeck check type',
      'monitor "Inverted"': 'upside-down mode (pass when the target is down) has no OpsDeck equivalent',
      'notification "Gotify"': 'Kuma\'s "gotify" notifications have no OpsDeck channel',
    });
    expect(plan.notes).toContainEqual({
      item: 'notification "Mail"',
      message: 'no imported monitor uses it: its connection is created without a rule',
    });
  });

  it('sends each notification the failures and recoveries of the monitors that used it', () => {
    const plan = planKumaImport(backup());
    const rules = Object.fromEntries(plan.notifications.map((n) => [n.metadata.name, n.spec]));
    expect(Object.keys(rules).sort()).toEqual(['ops-webhook', 'team-slack']);
    expect(rules['ops-webhook']).toMatchObject({
      events: ['check.failed', 'check.passed'],
      to: { connection: 'connection://kuma/ops-webhook' },
    });
    const filter = rules['ops-webhook']?.filter ?? '';
    expect(filterMatches(filter, { canary: { namespace: 'kuma', name: 'status-keyword' } })).toBe(true);
    expect(filterMatches(filter, { canary: { namespace: 'kuma', name: 'web-port' } })).toBe(false);
    expect(filterMatches(filter, { canary: { namespace: 'other', name: 'home-page' } })).toBe(false);
    expect(rules['team-slack']?.to).toEqual({ url: 'slack://hook:T000-B000-XXXXSECRET@webhook' });
  });

  it('refuses what is not a Kuma backup', () => {
    expect(() => planKumaImport('{"monitors": []}')).toThrow('not an Uptime Kuma backup: it has no monitorList');
    expect(() => planKumaImport('not json')).toThrow('not an Uptime Kuma backup: the file is not JSON');
  });
});

describe('Uptime Kuma import through the API', () => {
  it('answers a dry run without storing anything, and never shows a secret', async () => {
    const res = await post({ content: backup(), dryRun: true });
    expect(res.status).toBe(200);
    const text = await res.text();
    const summary = JSON.parse(text);
    expect(summary).toMatchObject({ source: 'kuma', namespace: 'kuma', dryRun: true });
    expect(summary.canaries).toHaveLength(8);
    // Slack's webhook goes into its rule as a channel URL: a slack connection holds a bot token
    expect(summary.connections.map((c: { name: string }) => c.name).sort()).toEqual(
      ['cache-db', 'mail', 'ops-webhook', 'orders-db-db'].sort(),
    );
    expect(text).not.toContain('XXXXSECRET');
    expect(text).not.toContain('mail-secret-1');
    const stored = await server.db.kysely.selectFrom('canaries').select('id').where('namespace', '=', 'kuma').execute();
    expect(stored).toHaveLength(0);
  });

  it('imports checks that run against their targets, and a second import updates in place', async () => {
    const res = await post({ content: backup() });
    expect(res.status).toBe(200);
    const summary = await res.json();
    expect(summary.canaries.every((c: { action: string }) => c.action === 'created')).toBe(true);

    expect(await runNow('home-page')).toMatchObject({ pass: true });
    expect(await runNow('status-keyword')).toMatchObject({ pass: true });
    expect(await runNow('web-port')).toMatchObject({ pass: true });
    expect(await runNow('orders-db')).toMatchObject({ pass: true });
    expect(await runNow('cache')).toMatchObject({ pass: true });
    health = 'DOWN';
    expect(await runNow('health-json')).toMatchObject({ pass: false });
    health = 'UP';
    expect(await runNow('health-json')).toMatchObject({ pass: true });

    const again = await (await post({ content: backup() })).json();
    expect(again.canaries.every((c: { action: string }) => c.action === 'updated')).toBe(true);
    expect(again.connections.every((c: { action: string }) => c.action === 'updated')).toBe(true);
    const canaries = await server.db.kysely
      .selectFrom('canaries')
      .select('name')
      .where('namespace', '=', 'kuma')
      .where('deleted_at', 'is', null)
      .execute();
    expect(canaries).toHaveLength(8);
    const rules = await server.db.kysely
      .selectFrom('notifications')
      .select('name')
      .where('namespace', '=', 'kuma')
      .execute();
    expect(rules.map((r) => r.name).sort()).toEqual(['ops-webhook', 'team-slack']);
    // channels are stored sealed and read masked
    const list = await (
      await server.fetch('/api/db/connections_list?namespace=eq.kuma&select=name,url,password')
    ).text();
    expect(list).not.toContain('XXXXSECRET');
    expect(list).not.toContain('mail-secret-1');
    const ruleRows = await (
      await server.fetch('/api/db/notifications?namespace=eq.kuma&select=name,custom_services')
    ).text();
    expect(ruleRows).toContain('team-slack');
    expect(ruleRows).not.toContain('XXXXSECRET');
  });

  it('keeps Kuma push URLs working: pushes are reported by the webhook check', async () => {
    expect(await runNow('nightly-backup')).toMatchObject({
      pass: false,
      error: 'no push received yet (expected one every 120s)',
    });
    const up = await server.fetch('/api/push/kumaPushToken0123456789abcdefXYZ?status=up&msg=OK&ping=12', { as: null });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ ok: true });
    expect(await runNow('nightly-backup')).toMatchObject({ pass: true });
    const down = await server.fetch('/api/push/kumaPushToken0123456789abcdefXYZ', {
      as: null,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'down', msg: 'disk full' }),
    });
    expect(down.status).toBe(200);
    expect(await runNow('nightly-backup')).toMatchObject({ pass: false, error: 'pushed down: disk full' });
    expect((await server.fetch('/api/push/unknownToken0123456789', { as: null })).status).toBe(404);
    expect((await server.fetch('/api/push/kumaPushToken0123456789abcdefXYZ?status=maybe', { as: null })).status).toBe(
      400,
    );
  });

  it('refuses bad input with 400 and people who may not create channels with 403', async () => {
    const bad = await post({ content: '{"nope": 1}' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message ?? '').toContain('no monitorList');
    expect((await post({ content: '' })).status).toBe(400);
    expect((await post({ content: backup(), namespace: 'Bad NS!' })).status).toBe(400);
    expect(
      (
        await server.fetch('/api/import/nagios', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'x' }),
        })
      ).status,
    ).toBe(400);
    expect((await post({ content: backup(), dryRun: true }, 'editor')).status).toBe(403);
    expect((await post({ content: backup(), dryRun: true }, 'viewer')).status).toBe(403);
  });
});
