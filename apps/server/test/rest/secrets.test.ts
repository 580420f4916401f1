import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionResolver } from '../../src/connections/resolver.js';
import type { Role } from '../../src/rbac/resources.js';
import { refreshSchema } from '../../src/rest/schemaCache.js';
import { exposeFunction } from '../../src/rest/whitelist.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 11 item 4: secrets of every kind are planted, then every read path is asked for them as
// every role; none may appear anywhere in a response body. Writes that send the marker back keep
// the stored secret; a new value replaces it.

const SECRETS = {
  webhookToken: 'WebhookTok3nAbc123456789',
  channelPassword: 'ChanPassw0rd99',
  channelProperty: 'PropSecret77x',
  fallbackToken: 'FallbackTok3n987654321x',
  connUrlPassword: 'ConnPassInUrl55',
  connUrlToken: 'ConnQueryTok88',
  connSealed: 'ConnSealedPw66',
  canaryPassword: 'CanaryPw4242',
  canaryBearer: 'CanaryBearer9090xyz',
  canaryBasicUrl: 'BasicUrlPw31',
  dbUrlPassword: 'DbUrlPw1313',
  dbConnectionPassword: 'DbConnPw2727',
  resultPassword: 'ResultPw5151',
};
const planted = Object.values(SECRETS);
const ROLES: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];

const webhookUrl = `generic+https://hooks.example.com/services/T0001/B0002/${SECRETS.webhookToken}`;
const smtpUrl = `smtp://alerts:${SECRETS.channelPassword}@mail.example.com:587/?to=ops@example.com`;
const connUrl = `https://apiuser:${SECRETS.connUrlPassword}@api.example.com/v1?token=${SECRETS.connUrlToken}&page=1`;
const canarySpec = {
  schedule: '@every 1h',
  http: [
    {
      name: 'api',
      url: 'http://127.0.0.1:9/health',
      username: { value: 'bob' },
      password: { value: SECRETS.canaryPassword },
      headers: [
        { name: 'Authorization', value: `Bearer ${SECRETS.canaryBearer}` },
        { name: 'Accept', value: 'application/json' },
      ],
    },
    { name: 'basic', url: `http://basicuser:${SECRETS.canaryBasicUrl}@127.0.0.1:9/` },
  ],
  postgres: [
    { name: 'db-url', url: `postgres://pguser:${SECRETS.dbUrlPassword}@127.0.0.1:9/app`, query: 'select 1' },
    { name: 'db-conn', connection: `postgres://pguser:${SECRETS.dbConnectionPassword}@127.0.0.1:9/app` },
  ],
};

let server: TestServer;
const ids = { rule: '', connection: '', canary: '', check: '', basicCheck: '', send: '' };
const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation', ...extra },
  body: JSON.stringify(body),
});

/** The id of the row a POST created. */
async function createdId(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = (await res.json()) as Array<{ id: string }>;
  return row?.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  const k = server.db.kysely;
  ids.rule = await createdId(
    await server.fetch('/api/db/notifications', {
      method: 'POST',
      ...json({
        name: 'secret-rule',
        events: ['check.failed'],
        custom_services: [
          { url: webhookUrl },
          { url: smtpUrl, properties: { password: SECRETS.channelProperty, channel: 'ops' } },
        ],
        fallback_custom_services: [{ url: `slack://${SECRETS.fallbackToken}@ops` }],
      }),
    }),
  );
  ids.connection = await createdId(
    await server.fetch('/api/db/connections', {
      method: 'POST',
      ...json({ name: 'api', type: 'http', url: connUrl, password: SECRETS.connSealed }),
    }),
  );
  ids.canary = await createdId(
    await server.fetch('/api/db/canaries', { method: 'POST', ...json({ name: 'secretive', spec: canarySpec }) }),
  );
  const checks = await k.selectFrom('checks').select(['id', 'name']).where('canary_id', '=', ids.canary).execute();
  ids.check = checks.find((c) => c.name === 'api')?.id as string;
  ids.basicCheck = checks.find((c) => c.name === 'basic')?.id as string;
  // a result and a failed send that quote a URL with its credentials
  await sql`insert into check_statuses (check_id, time, status, duration, message, error)
    values (${ids.check}, now(), false, 3, ${`GET http://u:${SECRETS.resultPassword}@127.0.0.1:9/ failed`},
      ${`POST ${connUrl} returned 401`})`.execute(k);
  const send = await sql<{ id: string }>`insert into notification_send_history
    (notification_id, status, source_event, resource_id, error)
    values (${ids.rule}, 'error', 'check.failed', ${ids.check},
      ${`POST https://hooks.example.com/services/T0001/B0002/${SECRETS.webhookToken}: 404`}) returning id`.execute(k);
  ids.send = send.rows[0]?.id as string;
  // an rpc returning rows of secret-bearing tables
  await sql`create function secret_rules() returns setof notifications language sql stable as
    $$ select * from notifications $$`.execute(k);
  await sql`create function secret_canaries() returns setof canaries language sql stable as
    $$ select * from canaries $$`.execute(k);
  exposeFunction('secret_rules', { resource: 'notifications' });
  exposeFunction('secret_canaries', { resource: 'canaries' });
  refreshSchema(server.db);
});
afterAll(async () => {
  await server?.close();
});

/** Every read path a client has onto the planted secrets. */
function readPaths(): string[] {
  const rule = `id=eq.${ids.rule}`;
  return [
    '/api/db/notifications',
    `/api/db/notifications?select=custom_services,fallback_custom_services&${rule}`,
    '/api/db/notifications?select=custom_services::text,fallback_custom_services::text',
    '/api/db/notifications?select=u:custom_services->0->>url,p:custom_services->1->properties,c:custom_services->1',
    '/api/db/notifications?select=custom_services->1->properties->>password',
    '/api/db/notifications_summary',
    '/api/db/notifications_summary?select=custom_services::text',
    '/api/db/notification_send_history?select=*,notification:notifications(*)',
    '/api/db/notification_send_history_summary',
    '/api/db/rpc/secret_rules',
    '/api/db/rpc/secret_rules?select=custom_services->0',
    '/api/notification/rules',
    `/api/notification/rules/${ids.rule}`,
    `/api/notification/send_history/${ids.send}`,
    '/api/db/connections',
    '/api/db/connections_list',
    '/api/db/connections_list?select=url::text,password,certificate',
    '/api/db/canaries',
    '/api/db/canaries?select=spec::text',
    '/api/db/canaries?select=spec->http->0->password,spec->http->0->>headers,spec->postgres',
    '/api/db/canaries?select=pw:spec->http->0->password->>value,h:spec->http->0->headers->0->value',
    '/api/db/canaries?select=*,checks(*)',
    '/api/db/canaries_with_status',
    '/api/db/checks',
    `/api/db/checks?id=eq.${ids.check}&select=spec`,
    '/api/db/checks?select=spec::text,spec->password,spec->>url,spec->headers',
    '/api/db/checks?select=*,canaries(*)',
    '/api/db/check_statuses?select=*,checks(spec,canaries(spec))',
    '/api/db/rpc/secret_canaries',
    '/api/db/rpc/secret_canaries?select=spec->http',
    '/api/canary/api/summary',
    `/api/canary/api/summary?checkId=${ids.basicCheck}`,
    `/api/canary/api/graph?check=${ids.check}`,
  ];
}

function expectNoSecret(body: string, where: string): void {
  for (const secret of planted) expect(body, `${where} shows ${secret}`).not.toContain(secret);
}

describe('secrets in responses', () => {
  it('shows no planted secret to any role on any read path', async () => {
    const single = { accept: 'application/vnd.pgrst.object+json' };
    for (const as of ROLES) {
      for (const path of readPaths()) {
        const res = await server.fetch(path, { as });
        // every path answers the admin, so the check is not vacuous; other roles may get a 403
        if (as === 'admin') expect(res.status, path).toBe(200);
        else expect(res.status, `${as} ${path}`).toBeLessThan(500);
        expectNoSecret(await res.text(), `${as} ${path}`);
      }
      const one = await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`, { as, headers: single });
      expectNoSecret(await one.text(), `${as} canaries as one object`);
      const history = await server.fetch('/api/notification/summary', { method: 'POST', as, ...json({}) });
      expectNoSecret(await history.text(), `${as} notification summary`);
    }
  });

  it('shows masked values where the secrets were, in a form that still reads', async () => {
    const [rule] = await (await server.fetch(`/api/db/notifications?id=eq.${ids.rule}`)).json();
    expect(rule.custom_services).toEqual([
      { url: 'generic+https://********' },
      { url: 'smtp://********', properties: { password: '********', channel: 'ops' } },
    ]);
    const [conn] = await (await server.fetch(`/api/db/connections_list?id=eq.${ids.connection}`)).json();
    expect(conn.url).toBe('https://apiuser:********@api.example.com/v1?token=********&page=1');
    const [canary] = await (await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`)).json();
    expect(canary.spec.http[0]).toMatchObject({
      url: 'http://127.0.0.1:9/health',
      username: { value: 'bob' },
      password: { value: '********' },
      headers: [
        { name: 'Authorization', value: '********' },
        { name: 'Accept', value: 'application/json' },
      ],
    });
    expect(canary.spec.http[1].url).toBe('http://basicuser:********@127.0.0.1:9/');
    expect(canary.spec.postgres[1].connection).toBe('postgres://pguser:********@127.0.0.1:9/app');
    const summary = await (await server.fetch(`/api/canary/api/summary?checkId=${ids.basicCheck}`)).json();
    expect(summary.checks_summary[0].endpoint).toBe('http://basicuser:********@127.0.0.1:9/');
  });

  it('masks what Run Now answers', async () => {
    const res = await server.fetch(`/api/canary/run/check/${ids.basicCheck}`, { method: 'POST', as: 'editor' });
    expect(res.status).toBe(200);
    expectNoSecret(await res.text(), 'Run Now');
  });

  it('refuses filters and order on secrets with 400, and filters on masked documents find nothing', async () => {
    const refused = [
      `/api/db/notifications?custom_services->0->>url=like.*${SECRETS.webhookToken}*`,
      '/api/db/notifications?custom_services->1->properties->>password=eq.x',
      `/api/db/canaries?spec->http->0->password->>value=eq.${SECRETS.canaryPassword}`,
      '/api/db/canaries?or=(spec->http->0->password->>value.eq.x,name.eq.y)',
      '/api/db/canaries?order=spec->http->0->password',
      '/api/db/checks?spec->headers->0->>value=like.Bearer*',
      '/api/db/checks?spec->>url=like.*Pw*',
      '/api/db/canaries?select=*,checks(*)&checks.spec->>url=like.*Pw*',
      '/api/db/connections_list?password=eq.x',
      '/api/db/connections_list?url=like.*ConnPass*',
      '/api/db/connections?password=like.*',
      '/api/db/check_statuses?error=like.*Pw*',
      '/api/db/notification_send_history?error=like.*Tok*',
    ];
    for (const path of refused) {
      const res = await server.fetch(path, { as: 'editor' });
      expect(res.status, path).toBe(400);
      expectNoSecret(await res.text(), path);
    }
    // a containment filter over a whole document compares the masked document: no oracle
    const probe = encodeURIComponent(JSON.stringify({ http: [{ password: { value: SECRETS.canaryPassword } }] }));
    expect(await (await server.fetch(`/api/db/canaries?spec=cs.${probe}`)).json()).toEqual([]);
    const probeText = `/api/db/canaries?spec->>http=like.*${SECRETS.canaryPassword}*`;
    expect(await (await server.fetch(probeText)).json()).toEqual([]);
  });
});

describe('writing secrets back', () => {
  it('keeps a canary spec sent back masked, replaces a new value, refuses an unmatched marker', async () => {
    const k = server.db.kysely;
    const stored = async () =>
      (await k.selectFrom('canaries').select('spec').where('id', '=', ids.canary).executeTakeFirstOrThrow()).spec;
    const [masked] = await (await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`, { as: 'editor' })).json();
    const patch = await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ spec: masked.spec }),
    });
    expect(patch.status).toBe(200);
    expectNoSecret(await patch.text(), 'PATCH representation');
    expect(await stored()).toEqual(canarySpec);
    // the derived check uses the kept secret
    const check = await k.selectFrom('checks').select('spec').where('id', '=', ids.check).executeTakeFirstOrThrow();
    expect(check.spec).toMatchObject({ password: { value: SECRETS.canaryPassword } });

    // a changed host keeps the masked password of the URL; a new password replaces the old one
    const edited = structuredClone(masked.spec);
    edited.http[0].password = { value: 'brand-new-pw' };
    edited.http[1].url = 'http://basicuser:********@127.0.0.2:9/';
    const res = await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ spec: edited }),
    });
    expect(res.status).toBe(200);
    const now = (await stored()) as typeof canarySpec;
    expect(now.http[0]?.password).toEqual({ value: 'brand-new-pw' });
    expect(now.http[0]?.headers).toEqual(canarySpec.http[0]?.headers);
    expect(now.http[1]?.url).toBe(`http://basicuser:${SECRETS.canaryBasicUrl}@127.0.0.2:9/`);

    // a marker where nothing is stored cannot be kept
    const added = structuredClone(edited);
    added.http.push({ name: 'new', url: 'http://127.0.0.1:9/', password: { value: '********' } });
    const bad = await server.fetch(`/api/db/canaries?id=eq.${ids.canary}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ spec: added }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/masked/);
    const post = await server.fetch('/api/db/canaries', {
      method: 'POST',
      as: 'editor',
      ...json({ name: 'copy', spec: masked.spec }),
    });
    expect(post.status).toBe(400);
  });

  it('keeps a connection URL and password sent back masked, and uses them', async () => {
    const [listed] = await (await server.fetch(`/api/db/connections_list?id=eq.${ids.connection}`)).json();
    const patch = await server.fetch(`/api/db/connections?id=eq.${ids.connection}`, {
      method: 'PATCH',
      ...json({ url: listed.url.replace('api.example.com', 'api2.example.com'), password: listed.password }),
    });
    expect(patch.status).toBe(200);
    expectNoSecret(await patch.text(), 'connection PATCH');
    const resolver = connectionResolver(server.ctx);
    resolver.invalidate();
    const conn = await resolver.resolve(ids.connection);
    expect(conn.url).toBe(connUrl.replace('api.example.com', 'api2.example.com'));
    expect(conn.password).toBe(SECRETS.connSealed);

    const replaced = await server.fetch(`/api/db/connections?id=eq.${ids.connection}`, {
      method: 'PATCH',
      ...json({ password: 'another-pw' }),
    });
    expect(replaced.status).toBe(200);
    resolver.invalidate();
    expect((await resolver.resolve(ids.connection)).password).toBe('another-pw');
  });

  it('keeps channels sent back masked through /api/db and the rules API', async () => {
    const k = server.db.kysely;
    const stored = async () =>
      k
        .selectFrom('notifications')
        .select(['custom_services', 'fallback_custom_services'])
        .where('id', '=', ids.rule)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const [masked] = await (await server.fetch(`/api/db/notifications?id=eq.${ids.rule}`)).json();
    const patch = await server.fetch(`/api/db/notifications?id=eq.${ids.rule}`, {
      method: 'PATCH',
      ...json({ custom_services: masked.custom_services, title: 'kept' }),
    });
    expect(patch.status).toBe(200);
    expect(await stored()).toEqual(before);

    const rule = await (await server.fetch(`/api/notification/rules/${ids.rule}`)).json();
    const body = {
      name: 'secret-rule',
      events: ['check.failed'],
      to: { url: rule.custom_services[0].url },
      fallback: { url: rule.fallback_custom_services[0].url, delay: '5m' },
    };
    const res = await server.fetch('/api/notification/rules', { method: 'POST', ...json(body) });
    expect(res.status, await res.clone().text()).toBe(201);
    expectNoSecret(await res.text(), 'rules API');
    const after = await stored();
    expect(after.custom_services).toEqual([{ url: webhookUrl }]);
    expect(after.fallback_custom_services).toEqual([{ url: `slack://${SECRETS.fallbackToken}@ops` }]);

    const fresh = await server.fetch('/api/notification/rules', {
      method: 'POST',
      ...json({ ...body, name: 'copied-rule' }),
    });
    expect(fresh.status).toBe(400);
  });
});
