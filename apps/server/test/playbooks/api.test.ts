import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook } from './helpers.js';

let server: TestServer;
let podId: string;
let dbId: string;

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  const scraper = await server.db.kysely
    .insertInto('config_scrapers')
    .values({ name: 's', spec: JSON.stringify({}), source: 'UI' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const insert = async (name: string, type: string, labels: Record<string, string>) =>
    (
      await server.db.kysely
        .insertInto('config_items')
        .values({
          name,
          type,
          config_class: 'Pod',
          scraper_id: scraper.id,
          external_id: [name],
          labels: JSON.stringify(labels),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  podId = await insert('web-1', 'Kubernetes::Pod', { app: 'web' });
  dbId = await insert('db-1', 'Postgres::Database', {});
  await seedPlaybook(
    server,
    {
      title: 'Restart pod',
      category: 'Kubernetes',
      configs: [{ types: ['Kubernetes::Pod'] }],
      parameters: [{ name: 'reason', type: 'text', default: 'restart {{.config.name}}' }],
      actions: [{ name: 'a', exec: { script: 'true' } }],
    },
    'restart-pod',
  );
  await seedPlaybook(server, { title: 'Everywhere', actions: [{ name: 'a', exec: { script: 'true' } }] }, 'global');
});
afterAll(async () => {
  await server?.close();
});

describe('playbook API', () => {
  it('lists the playbooks that apply to a config item', async () => {
    const all = (await (await server.fetch('/api/playbook/list')).json()) as Array<{ name: string }>;
    expect(all.map((p) => p.name).sort()).toEqual(['global', 'restart-pod']);
    const forPod = (await (await server.fetch(`/api/playbook/list?config_id=${podId}`)).json()) as Array<{
      name: string;
      parameters: unknown[];
    }>;
    expect(forPod.map((p) => p.name)).toEqual(['restart-pod']);
    expect(forPod[0]?.parameters).toHaveLength(1);
    const forDb = (await (await server.fetch(`/api/playbook/list?config_id=${dbId}`)).json()) as unknown[];
    expect(forDb).toEqual([]);
  });

  it('answers the parameters with defaults rendered for the resource', async () => {
    const [pb] = (await (await server.fetch(`/api/playbook/list?config_id=${podId}`)).json()) as Array<{ id: string }>;
    const res = await server.fetch(`/api/playbook/${pb?.id}/params`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ config_id: podId }),
    });
    expect(await res.json()).toEqual({ params: [{ name: 'reason', type: 'text', default: 'restart web-1' }] });
  });

  it('refuses a run against a config the playbook does not apply to', async () => {
    const [pb] = (await (await server.fetch(`/api/playbook/list?config_id=${podId}`)).json()) as Array<{ id: string }>;
    const res = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ id: pb?.id, config_id: dbId }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'playbook Restart pod does not apply to this config',
    );
    const ok = await run(server, { id: pb?.id, config_id: podId });
    const row = await server.fetch(`/api/db/playbook_runs?id=eq.${ok.run_id}&select=id,config_id,parameters,status`);
    expect(await row.json()).toEqual([
      { id: ok.run_id, config_id: podId, parameters: { reason: 'restart web-1' }, status: 'scheduled' },
    ]);
  });

  it('serves playbooks, names and runs under /api/db, and writes UI playbooks validated', async () => {
    const names = (await (
      await server.fetch('/api/db/playbook_names?select=name,category&order=name')
    ).json()) as unknown[];
    expect(names).toEqual([
      { name: 'global', category: '' },
      { name: 'restart-pod', category: 'Kubernetes' },
    ]);
    const bad = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'bad', spec: { actions: [{ name: 'a', pod: {} }] } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      'spec.actions[0].pod: unsupported action type',
    );
    const made = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: { ...json, prefer: 'return=representation' },
      // the settings editor sends null for a form field left empty: the spec decides it
      body: JSON.stringify({
        name: 'ui-made',
        title: null,
        category: null,
        spec: { title: 'From UI', category: 'Ops', actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1' } }] },
      }),
    });
    expect(made.status).toBe(201);
    const [row] = (await made.json()) as Array<{ id: string; title: string; category: string; source: string }>;
    expect(row).toMatchObject({ title: 'From UI', category: 'Ops', source: 'UI' });
    // a file-sourced playbook cannot be changed through /api/db
    const foreign = await server.fetch('/api/db/playbooks?name=eq.global', {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'x' }),
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { message: string }).message).toContain('only playbooks created in the UI');
    // exec runs code on the server: editors may not save it by default
    const exec = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'ed', spec: { actions: [{ name: 'a', exec: { script: 'id' } }] } }),
      as: 'editor',
    });
    expect(exec.status).toBe(400);
    expect(((await exec.json()) as { message: string }).message).toContain('only admins may save exec actions');
    const viewer = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'v', spec: {} }),
      as: 'viewer',
    });
    expect(viewer.status).toBe(403);
  });
});
