import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { addPersonWithToken, fetchWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, run, status, worker } from '../playbooks/helpers.js';

// Issue 33 items 4, 5 (runs), 13 (http actions) and the low item on echoed headers and secret
// parameters: a playbook's `valueFrom` needs its author to hold read on the connection; every
// secret a run resolved, and URL credentials, are masked in what the run stores; a connection's
// credentials go only to its own host.

const SEALED = 'VaultSealedPw7781';
const URL_PW = 'VaultUrlPw4412';
const PARAM = 'ParamSecret5521';
const HEADER_KEY = 'HeaderApiKey9931';
const ROLES: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];
const planted = [SEALED, URL_PW, PARAM, HEADER_KEY];

let server: TestServer;
let echo: Awaited<ReturnType<typeof httpPeer>>;
let author: { id: string; token: string };
let deniedEditor: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  // answers 500 with every request header echoed in its body
  echo = await httpPeer((req) => ({ status: 500, body: JSON.stringify({ headers: req.headers, url: req.url }) }));
  author = await addPersonWithToken(server.db, { email: 'author@example.com', roles: ['admin'] });
  deniedEditor = await addPersonWithToken(server.db, { email: 'denied@example.com', roles: ['editor'] });
  await server.db.kysely
    .insertInto('permissions')
    .values({ person_id: deniedEditor.id, object: 'connection', action: 'read', deny: true })
    .execute();
  const conn = await server.fetch('/api/db/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'vault',
      type: 'http',
      url: `${echo.url.replace('http://', `http://svc:${URL_PW}@`)}/api`,
      username: 'svc',
      password: SEALED,
    }),
  });
  expect(conn.status, await conn.text()).toBe(201);
});
afterAll(async () => {
  await echo?.close();
  await server?.close();
});

/** Saves a playbook through /api/db as `who` (so it is that person's), runs it as admin, answers the run id. */
async function authorAndRun(
  who: { token: string },
  name: string,
  spec: Record<string, unknown>,
  params?: Record<string, unknown>,
): Promise<string> {
  const saved = await fetchWithToken(server, who, 'POST', '/api/db/playbooks', { name, spec });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const [row] = (await fetchWithToken(server, who, 'GET', `/api/db/playbooks?name=eq.${name}&select=id`)).body;
  const { run_id } = await run(server, { id: row.id, ...(params ? { params } : {}) });
  await worker(server).drain();
  return run_id;
}

/** Every read of a run, as every role: no planted secret in any answer. */
async function expectRunMasked(runId: string): Promise<void> {
  const paths = [
    `/api/playbook/run/${runId}`,
    `/api/playbook/run/${runId}/status`,
    `/api/db/playbook_runs?id=eq.${runId}`,
    `/api/db/playbook_run_actions?playbook_run_id=eq.${runId}`,
    `/api/db/playbook_run_actions?playbook_run_id=eq.${runId}&select=result::text,error`,
    `/api/db/rpc/get_playbook_run_actions?run_id=${runId}`,
  ];
  for (const as of ROLES) {
    for (const path of paths) {
      const res = await server.fetch(path, { as });
      const body = await res.text();
      if (as === 'admin') expect(res.status, `${path}: ${body}`).toBe(200);
      for (const secret of planted) expect(body, `${as} ${path} shows ${secret}`).not.toContain(secret);
    }
  }
  // the stored rows themselves hold no secret either (an export or a backup reads them)
  const actions = await server.db.kysely
    .selectFrom('playbook_run_actions')
    .select(['result', 'error'])
    .where('playbook_run_id', '=', runId)
    .execute();
  const stored = await server.db.kysely
    .selectFrom('playbook_runs')
    .select('error')
    .where('id', '=', runId)
    .executeTakeFirst();
  for (const secret of planted) expect(JSON.stringify({ actions, stored })).not.toContain(secret);
}

const envFromVault = [
  { name: 'pw', valueFrom: { secretKeyRef: { name: 'vault', key: 'password' } } },
  { name: 'url', valueFrom: { secretKeyRef: { name: 'vault', key: 'url' } } },
];

describe('valueFrom needs read on the connection', () => {
  it('refuses an author who may not read the connection, and resolves nothing', async () => {
    const runId = await authorAndRun(deniedEditor, 'steal-sealed', {
      env: envFromVault,
      actions: [{ name: 'leak', http: { url: 'http://127.0.0.1:9/{{.env.pw}}?api_key={{.env.pw}}' } }],
    });
    const s = await status(server, runId);
    expect(s.run.status).toBe('failed');
    expect(s.actions[0]?.error).toMatch(/may not read connection default\/vault/);
    await expectRunMasked(runId);
  });

  it('resolves for an author who may read it, and masks the resolved secret in the stored error', async () => {
    const runId = await authorAndRun(author, 'use-sealed', {
      env: envFromVault,
      actions: [{ name: 'call', http: { url: 'http://127.0.0.1:9/{{.env.pw}}/x?api_key={{.env.pw}}&page=2' } }],
    });
    const s = await status(server, runId);
    expect(s.actions[0]?.status).toBe('failed');
    // the error still says what was called, with the secret masked
    expect(s.actions[0]?.error).toContain('http://127.0.0.1:9/********/x?api_key=********&page=2');
    await expectRunMasked(runId);
  });
});

describe('what a run stores is masked', () => {
  it('masks secret parameters and echoed credential headers in results and errors', async () => {
    const runId = await authorAndRun(
      author,
      'echoes',
      {
        parameters: [{ name: 'key', label: 'Key', type: 'secret' }],
        actions: [
          {
            name: 'echo',
            http: {
              url: `${echo.url}/hook?token={{.params.key}}`,
              headers: [
                { name: 'X-Api-Key', value: HEADER_KEY },
                { name: 'X-Param', value: '{{.params.key}}' },
              ],
            },
          },
        ],
      },
      { key: PARAM },
    );
    const s = await status(server, runId);
    expect(s.actions[0]?.status).toBe('failed');
    // the echo reached the peer with the real values
    const got = echo.requests.at(-1);
    expect(got?.headers['x-api-key']).toBe(HEADER_KEY);
    expect(got?.url).toBe(`/hook?token=${PARAM}`);
    expect(JSON.stringify(s.actions[0]?.result)).toContain('********');
    await expectRunMasked(runId);
  });
});

describe('a connection lends its credentials only to its own host', () => {
  it('refuses an http action that sends a connection to another host, and sends nothing', async () => {
    const before = echo.requests.length;
    const other = await httpPeer(() => ({ status: 200, body: '{}' }));
    try {
      const runId = await authorAndRun(author, 'exfiltrate', {
        actions: [{ name: 'send', http: { url: `${other.url}/collect`, connection: 'connection://vault' } }],
      });
      const s = await status(server, runId);
      expect(s.actions[0]?.status).toBe('failed');
      expect(s.actions[0]?.error).toMatch(/connection connection:\/\/vault belongs to 127\.0\.0\.1:\d+/);
      expect(other.requests).toHaveLength(0);
      await expectRunMasked(runId);
    } finally {
      await other.close();
    }
    // the connection's own host still gets them
    const ok = await authorAndRun(author, 'own-host', {
      actions: [{ name: 'send', http: { url: `${echo.url}/api/ping`, connection: 'connection://vault' } }],
    });
    const got = echo.requests.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`svc:${SEALED}`).toString('base64')}`);
    await expectRunMasked(ok);
  });
});
