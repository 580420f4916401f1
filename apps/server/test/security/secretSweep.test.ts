import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { exposedTableNames } from '../../src/rest/whitelist.js';
import { addPersonWithToken, fetchWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, run, worker } from '../playbooks/helpers.js';

// Issue 33's secret sweep: distinct secrets are planted in every kind that holds one, errors that
// would quote them are provoked (failing targets on loopback), then every exposed path is read as
// every role. No planted secret may appear in any answer, the admin's included: secrets are
// never returned in clear. (Agent `properties` are masked by the agents change of the same issue.)

const S = {
  connUrl: 'SwConnUrlPw1001',
  connQuery: 'SwConnQueryTok1002',
  connSealed: 'SwConnSealed1003',
  connCert: 'SwConnCert1004',
  connProp: 'SwConnSessionTok1005',
  channelToken: 'SwChannelTok1006abcdef',
  channelPw: 'SwChannelPw1007',
  channelProp: 'SwChannelProp1008',
  canaryUrl: 'SwCanaryUrlPw1009',
  canaryPw: 'SwCanaryPw1010',
  canaryBearer: 'SwCanaryBearer1011',
  scraperUrl: 'SwScraperUrlPw1012',
  scraperPw: 'SwScraperPw1013',
  scraperBearer: 'SwScraperBearer1014',
  jobError: 'SwJobErrPw1015',
  param: 'SwParam1016',
  playbookHeader: 'SwPlaybookKey1017',
  lokiUrl: 'SwLokiUrlPw1018',
  lokiPw: 'SwLokiPw1019',
  viewBearer: 'SwViewBearer1020',
  viewQuery: 'SwViewQuery1021',
};
const planted = Object.values(S);
const ROLES: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];

let server: TestServer;
let dead: Awaited<ReturnType<typeof httpPeer>>;
const ids = { run: '', check: '', view: '', rule: '', canary: '', scraper: '' };
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

async function created(path: string, body: unknown): Promise<string> {
  const res = await server.fetch(path, json(body));
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(201);
  return (JSON.parse(text) as Array<{ id: string }>)[0]?.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  // a peer that fails every request and echoes it back
  dead = await httpPeer((req) => ({ status: 503, body: JSON.stringify({ url: req.url, headers: req.headers }) }));
  const host = dead.url.replace('http://', '');

  await created('/api/db/connections', {
    name: 'sweep',
    type: 'http',
    url: `http://svc:${S.connUrl}@${host}/x?token=${S.connQuery}`,
    username: 'svc',
    password: S.connSealed,
    certificate: S.connCert,
    properties: { sessionToken: S.connProp, region: 'eu' },
  });
  ids.rule = await created('/api/db/notifications', {
    name: 'sweep-rule',
    events: ['check.failed'],
    custom_services: [
      { url: `slack://${S.channelToken}@ops` },
      { url: `smtp://a:${S.channelPw}@127.0.0.1:9/?to=ops@example.com`, properties: { password: S.channelProp } },
    ],
  });
  ids.canary = await created('/api/db/canaries', {
    name: 'sweep-canary',
    spec: {
      schedule: '@every 1h',
      http: [
        {
          name: 'sweep-http',
          url: `http://u:${S.canaryUrl}@${host}/health?api_key=${S.canaryPw}`,
          password: { value: S.canaryPw },
          headers: [{ name: 'Authorization', value: `Bearer ${S.canaryBearer}` }],
        },
      ],
    },
  });
  const check = await server.db.kysely
    .selectFrom('checks')
    .select('id')
    .where('canary_id', '=', ids.canary)
    .executeTakeFirstOrThrow();
  ids.check = check.id;
  // provoke: the check fails against the peer, which echoes its credentials
  const runNow = await server.fetch(`/api/canary/run/check/${ids.check}`, { method: 'POST' });
  expect(runNow.status).toBe(200);

  ids.scraper = await created('/api/db/config_scrapers', {
    name: 'sweep-scraper',
    spec: {
      http: [
        {
          type: 'Sweep::Thing',
          url: `http://u:${S.scraperUrl}@127.0.0.1:9/`,
          password: { value: S.scraperPw },
          headers: [{ name: 'Authorization', value: `Bearer ${S.scraperBearer}` }],
        },
      ],
    },
  });
  // a scrape's failure as an older writer stored it, quoting its URL
  await sql`insert into job_history (name, resource_type, resource_id, status, details, time_start, time_end)
    values ('ScrapeConfig', 'config_scraper', ${ids.scraper}, 'FAILED',
      ${JSON.stringify({ errors: [`GET http://u:${S.jobError}@127.0.0.1:9/: connect ECONNREFUSED`] })}::jsonb,
      now(), now())`.execute(server.db.kysely);

  await created('/api/db/logging_backends', {
    name: 'sweep-loki',
    spec: { loki: { url: `http://u:${S.lokiUrl}@127.0.0.1:9`, username: 'u', password: S.lokiPw, query: '{app="x"}' } },
  });
  ids.view = await created('/api/db/views', {
    name: 'sweep-view',
    spec: {
      queries: {
        remote: {
          http: {
            url: `http://127.0.0.1:9/rows?api_key=${S.viewQuery}`,
            headers: { Authorization: `Bearer ${S.viewBearer}` },
          },
        },
      },
      columns: [{ name: 'value', type: 'string', primaryKey: true }],
    },
  });

  // a playbook by a real admin: a secret parameter, env from the connection, a credential header
  const author = await addPersonWithToken(server.db, { email: 'sweep@example.com', roles: ['admin'] });
  const saved = await fetchWithToken(server, author, 'POST', '/api/db/playbooks', {
    name: 'sweep-playbook',
    spec: {
      parameters: [{ name: 'key', label: 'Key', type: 'secret' }],
      env: [{ name: 'pw', valueFrom: { secretKeyRef: { name: 'sweep', key: 'password' } } }],
      actions: [
        {
          name: 'call',
          http: {
            url: `${dead.url}/hook/{{.env.pw}}?token={{.params.key}}`,
            headers: [{ name: 'X-Api-Key', value: S.playbookHeader }],
          },
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const [pb] = (await fetchWithToken(server, author, 'GET', '/api/db/playbooks?name=eq.sweep-playbook&select=id')).body;
  ids.run = (await run(server, { id: pb.id, params: { key: S.param } })).run_id;
  await worker(server).drain();
});
afterAll(async () => {
  await dead?.close();
  await server?.close();
});

function expectClean(body: string, where: string): void {
  for (const secret of planted) expect(body, `${where} shows ${secret}`).not.toContain(secret);
}

describe('the secret sweep', () => {
  it('provoked the failures it reads (the sweep is not vacuous)', async () => {
    const { rows } = await sql<{ text: string }>`
      select concat_ws(' ', (select string_agg(error, ' ') from playbook_run_actions where playbook_run_id = ${ids.run}),
        (select string_agg(coalesce(error, '') || message, ' ') from check_statuses where check_id = ${ids.check})) as text`.execute(
      server.db.kysely,
    );
    expect(rows[0]?.text).toMatch(/503/);
    expect(dead.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('shows no planted secret on any /api/db relation, to any role', async () => {
    const names = exposedTableNames();
    for (const as of ROLES) {
      for (const name of names) {
        const res = await server.fetch(`/api/db/${name}?limit=500`, { as });
        expect(res.status, `${as} ${name}`).toBeLessThan(500);
        expectClean(await res.text(), `${as} /api/db/${name}`);
      }
    }
  }, 180_000);

  it('shows no planted secret on the domain routes, run pages and log search, to any role', async () => {
    const paths = [
      `/api/playbook/run/${ids.run}`,
      `/api/playbook/run/${ids.run}/status`,
      `/api/db/rpc/get_playbook_run_actions?run_id=${ids.run}`,
      '/api/notification/rules',
      `/api/notification/rules/${ids.rule}`,
      '/api/canary/api/summary',
      `/api/canary/api/graph?check=${ids.check}`,
      '/api/canary/event_queue_summary',
      `/api/view/${ids.view}`,
      '/api/view/default/sweep-view',
      `/api/views/${ids.view}/rows`,
      '/api/properties',
      '/api/about',
    ];
    for (const as of ROLES) {
      for (const path of paths) {
        const res = await server.fetch(path, { as });
        // the view's source is down: its failed refresh answers 502 (its body names the failure)
        const failedView = path.startsWith('/api/view/') && res.status === 502;
        if (!failedView) expect(res.status, `${as} ${path}`).toBeLessThan(500);
        expectClean(await res.text(), `${as} ${path}`);
      }
      const logs = await server.fetch('/api/logs', { ...json({ name: 'sweep-loki' }), as });
      expect(logs.status, `${as} /api/logs`).not.toBe(200);
      expectClean(await logs.text(), `${as} POST /api/logs`);
    }
  }, 120_000);

  it('answers a failing Loki backend with a 502 that names it without its credentials', async () => {
    const res = await server.fetch('/api/logs', json({ name: 'sweep-loki' }));
    expect(res.status).toBe(502);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/Loki/);
    expectClean(JSON.stringify(body), 'Loki 502');
  });
});
