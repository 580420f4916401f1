import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { seedPlaybook, status, worker } from '../playbooks/helpers.js';

// Issue 33 items 3 and 6: who may claim an agent name, what an agent may send that runs code,
// and which agents runsOn reaches. Editors used to generate agent tokens, push exec canaries
// that Run Now then ran on the server, and register a name a playbook's runsOn listed to
// receive its rendered actions.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const json = { 'content-type': 'application/json', prefer: 'return=representation' };
type As = 'admin' | 'editor' | 'viewer';
const generate = (name: string, as: As = 'admin') =>
  server.fetch('/api/agent/generate', { as, method: 'POST', headers: json, body: JSON.stringify({ name }) });
const patchAgent = (id: string, body: unknown, as: As) =>
  server.fetch(`/api/db/agents?id=eq.${id}`, { as, method: 'PATCH', headers: json, body: JSON.stringify(body) });
const asAgent = (token: string, path: string, init: RequestInit = {}) =>
  server.fetch(path, {
    ...init,
    as: null,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });

async function made(name: string): Promise<{ id: string; access_token: string }> {
  const res = await generate(name);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; access_token: string };
}

describe('claiming agent names', () => {
  it('refuses editors a token, a registration or a rename; admins claim names once', async () => {
    const denied = await generate('editor-made', 'editor');
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toMatch(/admin role/);
    const claimed = await made('claimed');
    // re-registering a claimed name: refused to editors, a conflict for admins
    expect((await generate('claimed', 'editor')).status).toBe(403);
    expect((await generate('claimed')).status).toBe(409);
    // /api/db is no side door
    const posted = await server.fetch('/api/db/agents', {
      as: 'editor',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'side-door' }),
    });
    expect(posted.status).toBe(403);
    const renamed = await patchAgent(claimed.id, { name: 'taken-over' }, 'editor');
    expect(renamed.status).toBe(403);
    expect((await patchAgent(claimed.id, { exec_allowed: true }, 'editor')).status).toBe(403);
    expect((await patchAgent(claimed.id, { admin_registered: false }, 'editor')).status).toBe(403);
    // editors still edit properties
    expect((await patchAgent(claimed.id, { properties: { team: 'ops' } }, 'editor')).status).toBe(200);
    const row = await server.db.kysely
      .selectFrom('agents')
      .select(['name', 'admin_registered', 'exec_allowed'])
      .where('id', '=', claimed.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'claimed', admin_registered: true, exec_allowed: false });
  });

  it('reads agent properties masked through /api/db', async () => {
    const a = await made('with-secrets');
    await server.db.kysely
      .updateTable('agents')
      .set({
        properties: JSON.stringify({
          region: 'eu',
          token: 'tok-very-secret',
          proxy: 'http://bob:pw-secret@proxy:3128',
        }),
      })
      .where('id', '=', a.id)
      .execute();
    for (const as of ['viewer', 'editor'] as const) {
      for (const table of ['agents', 'agents_summary']) {
        const res = await server.fetch(`/api/db/${table}?id=eq.${a.id}&select=properties`, { as });
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text, `${table} as ${as}`).not.toMatch(/tok-very-secret|pw-secret/);
        expect(JSON.parse(text)[0].properties).toMatchObject({ region: 'eu', token: '********' });
      }
    }
    // an edit that sends the masked value back keeps the secret
    const masked = (await (await server.fetch(`/api/db/agents?id=eq.${a.id}&select=properties`)).json())[0].properties;
    expect((await patchAgent(a.id, { properties: { ...masked, team: 'ops' } }, 'editor')).status).toBe(200);
    const stored = await server.db.kysely
      .selectFrom('agents')
      .select('properties')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(stored.properties).toMatchObject({ token: 'tok-very-secret', team: 'ops' });
  });
});

describe('code from agents', () => {
  let agent: { id: string; access_token: string };
  const push = (body: unknown) =>
    asAgent(agent.access_token, '/upstream/push', { method: 'POST', body: JSON.stringify(body) });
  const execCanary = { id: randomUUID(), name: 'sneaky', spec: { exec: [{ name: 'id', script: 'id' }] } };
  const execCheck = { id: randomUUID(), canary_id: execCanary.id, type: 'exec', name: 'id', spec: { script: 'id' } };

  beforeAll(async () => {
    agent = await made('pusher');
  });

  // every pushed kind that can hold code, and one that does not
  const kinds = [
    ['canaries', { id: randomUUID(), name: 'c', spec: { exec: [{ name: 'x', script: 'id' }] } }],
    ['config_scrapers', { id: randomUUID(), name: 's', spec: { exec: [{ type: 'X', id: '$.id', script: 'id' }] } }],
    [
      'topologies',
      { id: randomUUID(), name: 't', spec: { components: [{ name: 'x', lookup: { exec: [{ script: 'id' }] } }] } },
    ],
  ] as const;

  it.each(kinds)('refuses pushed %s that run code, and stores the rest of the push', async (table, row) => {
    const harmless = { id: randomUUID(), name: `${table}-ok`, spec: {} };
    const res = await push({ [table]: [row, harmless] });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as { accepted: object; refused: object; errors: string[] };
    expect(answer.accepted).toMatchObject({ [table]: 1 });
    expect(answer.refused).toEqual({ [table]: [{ id: row.id }] });
    expect(answer.errors).toEqual([expect.stringMatching(new RegExp(`^${table} ${row.id} .*may not send exec`))]);
    const stored = await server.db.kysely
      .selectFrom(table)
      .select('id')
      .where('id', 'in', [row.id, harmless.id])
      .execute();
    expect(stored.map((r) => r.id)).toEqual([harmless.id]);
  });

  it('stores code from an agent an admin allowed, and Run Now runs it only while it is allowed', async () => {
    expect((await patchAgent(agent.id, { exec_allowed: true }, 'admin')).status).toBe(200);
    const res = await push({ canaries: [execCanary], checks: [execCheck] });
    expect(await res.json()).toMatchObject({ accepted: { canaries: 1, checks: 1 }, refused: {} });
    expect((await patchAgent(agent.id, { exec_allowed: false }, 'admin')).status).toBe(200);
    const run = () => server.fetch(`/api/canary/run/check/${execCheck.id}`, { as: 'admin', method: 'POST' });
    const refused = await run();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Run Now does not run it/);
    // a stored spec changed by the agent is refused again; sent back unchanged it is kept
    const changed = { ...execCanary, spec: { exec: [{ name: 'id', script: 'id; whoami' }] } };
    expect(await (await push({ canaries: [changed] })).json()).toMatchObject({
      refused: { canaries: [{ id: execCanary.id }] },
    });
    expect(await (await push({ canaries: [execCanary] })).json()).toMatchObject({
      accepted: { canaries: 1 },
      refused: {},
    });
    // allowed again, Run Now runs the check (as the sandbox user)
    expect((await patchAgent(agent.id, { exec_allowed: true }, 'admin')).status).toBe(200);
    expect((await run()).status).toBe(200);
  }, 60_000);

  it('refuses Run Now of an agent scraper or topology that runs code', async () => {
    const scraper = kinds[1][1];
    const topology = kinds[2][1];
    await server.db.kysely
      .insertInto('config_scrapers')
      .values({ id: scraper.id, name: scraper.name, spec: JSON.stringify(scraper.spec), agent_id: agent.id })
      .execute();
    await server.db.kysely
      .insertInto('topologies')
      .values({ id: topology.id, name: topology.name, spec: JSON.stringify(topology.spec), agent_id: agent.id })
      .execute();
    await patchAgent(agent.id, { exec_allowed: false }, 'admin');
    for (const path of [`/api/catalog/scrapers/${scraper.id}/run`, `/api/canary/run/topology/${topology.id}`]) {
      const res = await server.fetch(path, { as: 'admin', method: 'POST' });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('runsOn', () => {
  it('hands actions only to an agent an admin registered, and says why otherwise', async () => {
    const a = await made('night-shift');
    // as migration 345 leaves an agent an editor registered before: not admin_registered
    await server.db.kysely.updateTable('agents').set({ admin_registered: false }).where('id', '=', a.id).execute();
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'x', runsOn: ['night-shift'], http: { url: 'http://127.0.0.1:9/' } }] },
      'to-night-shift',
    );
    const res = await server.fetch('/api/playbook/run', {
      as: 'admin',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { run_id } = (await res.json()) as { run_id: string };
    await worker(server).drain();
    const poll = await asAgent(a.access_token, '/upstream/playbook-action?wait=0');
    expect(await poll.json()).toEqual({ action: null });
    const s = await status(server, run_id);
    expect(s.run.status).toBe('failed');
    expect(s.run.error).toMatch(/night-shift was not registered by an admin/);
  });
});
