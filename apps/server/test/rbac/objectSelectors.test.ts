import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, fetchWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { seedPlaybook } from '../playbooks/helpers.js';

// Permission rows with object selectors: a person with no role that
// reads the catalog is granted `read` on the configs a label selector picks, and `playbook:run`
// on the playbooks a selector picks. Every request goes through the production authenticator
// with the person's access token, so the rows are loaded as in production.

let server: TestServer;
let reader: { id: string; token: string };
let editor: { id: string; token: string };
let admin: { id: string; token: string };
const ids = {
  prodA: '0b000000-0000-4000-8000-000000000001',
  prodB: '0b000000-0000-4000-8000-000000000002',
  dev: '0b000000-0000-4000-8000-000000000003',
};
let allowed = '';
let other = '';

beforeAll(async () => {
  server = await startTestServer();
  reader = await addPersonWithToken(server.db, { email: 'selected@example.com', roles: [] });
  editor = await addPersonWithToken(server.db, { email: 'sel-editor@example.com', roles: ['editor'] });
  admin = await addPersonWithToken(server.db, { email: 'sel-admin@example.com', roles: ['admin'] });
  await server.db.kysely
    .insertInto('config_items')
    .values([
      {
        id: ids.prodA,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'api',
        labels: JSON.stringify({ env: 'prod' }),
        tags: JSON.stringify({ namespace: 'shop' }),
      },
      {
        id: ids.prodB,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'web',
        labels: JSON.stringify({ env: 'prod', tier: 'edge' }),
      },
      {
        id: ids.dev,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'dev-api',
        labels: JSON.stringify({ env: 'dev' }),
      },
    ])
    .execute();
  await server.db.kysely
    .insertInto('config_changes')
    .values([
      { config_id: ids.prodA, change_type: 'diff', source: 'test', summary: 'a' },
      { config_id: ids.dev, change_type: 'diff', source: 'test', summary: 'd' },
    ])
    .execute();
  const spec = { category: 'ops', actions: [{ name: 'a', exec: { script: 'true' } }] };
  allowed = await seedPlaybook(server, spec, 'restart-pod');
  other = await seedPlaybook(server, spec, 'drop-database');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const call = (who: { token: string }, method: string, path: string, body?: unknown) =>
  fetchWithToken(server, who, method, path, body);

const grant = (by: { token: string }, row: Record<string, unknown>) => call(by, 'POST', '/api/db/permissions', row);
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();

describe('object selectors', () => {
  it('refuses a malformed selector with 400 naming the field', async () => {
    const bad = await grant(admin, {
      person_id: reader.id,
      action: 'read',
      object_selector: { configs: [{ labelSelector: 'env in prod' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('labelSelector');
    const unknown = await grant(admin, { person_id: reader.id, action: 'read', object_selector: { secrets: [{}] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('object_selector');
  });

  it('before any grant the person reads no configs', async () => {
    expect((await call(reader, 'GET', '/api/db/config_items?select=name')).status).toBe(403);
  });

  it('a read grant with a label selector shows only the selected configs everywhere', async () => {
    const res = await grant(admin, {
      person_id: reader.id,
      action: 'read',
      object_selector: { configs: [{ labelSelector: 'env=prod' }] },
    });
    expect(res.status).toBe(201);
    const db = await call(reader, 'GET', '/api/db/config_items?select=name&order=name');
    expect(db.status).toBe(200);
    expect(names(db.body)).toEqual(['api', 'web']);
    // filters of the client apply within the selection; the count is of what the person may see
    const counted = await server.fetch('/api/db/config_items?select=name&name=eq.dev-api', {
      as: null,
      headers: { authorization: `Bearer ${reader.token}`, prefer: 'count=exact' },
    });
    expect(await counted.json()).toEqual([]);
    expect(counted.headers.get('content-range')).toBe('*/0');
    const configs = await call(reader, 'GET', '/api/config/configs?select=name');
    expect(names(configs.body)).toEqual(['api', 'web']);
    const changes = await call(reader, 'GET', '/api/db/config_changes?select=summary');
    expect(changes.body).toEqual([{ summary: 'a' }]);
    const summary = await call(reader, 'POST', '/api/catalog/summary', {});
    expect(summary.status).toBe(200);
    expect(summary.body.map((r: { count: number }) => r.count)).toEqual([2]);
    const search = await call(reader, 'POST', '/api/resources/search', { configs: [{ name: '*api*' }] });
    expect(search.status).toBe(200);
    expect(names(search.body.configs)).toEqual(['api']);
    // the filter vocabularies come from the selected items only
    const labels = await call(reader, 'GET', '/api/config/config_labels?order=key,value');
    expect(labels.body).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'tier', value: 'edge' },
    ]);
    // an aggregate that cannot be narrowed is refused rather than leaked
    expect((await call(reader, 'GET', '/api/db/config_scrapers_with_status')).status).toBe(403);
    expect((await call(reader, 'POST', '/api/db/rpc/related_configs_recursive', { config_id: ids.dev })).status).toBe(
      403,
    );
    // the selector grants read, not write
    expect(
      (await call(reader, 'DELETE', `/api/db/config_component_relationships?config_id=eq.${ids.prodA}`)).status,
    ).toBe(403);
  });

  it('a deny selector wins over the allow selector and over a role', async () => {
    const res = await grant(admin, {
      person_id: reader.id,
      action: 'read',
      deny: true,
      object_selector: { configs: [{ labelSelector: 'tier=edge' }] },
    });
    expect(res.status).toBe(201);
    expect(names((await call(reader, 'GET', '/api/db/config_items?select=name')).body)).toEqual(['api']);
    const denyEditor = await grant(admin, {
      person_id: editor.id,
      action: 'read',
      deny: true,
      object_selector: { configs: [{ name: 'dev-*' }] },
    });
    expect(denyEditor.status).toBe(201);
    expect(names((await call(editor, 'GET', '/api/db/config_items?select=name')).body)).toEqual(['api', 'web']);
    const search = await call(editor, 'POST', '/api/resources/search', { configs: [{ name: '*api*' }] });
    expect(names(search.body.configs)).toEqual(['api']);
    const summary = await call(editor, 'POST', '/api/catalog/summary', {});
    expect(summary.body.map((r: { count: number }) => r.count)).toEqual([2]);
  });

  it('a playbook:run grant with a selector runs only the selected playbooks', async () => {
    const res = await grant(admin, {
      person_id: reader.id,
      action: 'playbook:run',
      object_selector: { playbooks: [{ name: 'restart-*' }] },
    });
    expect(res.status).toBe(201);
    const ok = await call(reader, 'POST', '/api/playbook/run', { id: allowed });
    expect(ok.status).toBe(201);
    const refused = await call(reader, 'POST', '/api/playbook/run', { id: other });
    expect(refused.status).toBe(403);
    // a playbook:run selector on a config the person may read is checked on the config too
    const onConfig = await call(reader, 'POST', '/api/playbook/run', { id: allowed, config_id: ids.dev });
    expect(onConfig.status).toBe(403);
  });

  it('nobody grants a selector reaching more than they hold', async () => {
    // the editor reads every config except those its deny selects: it may not hand read on configs on
    const narrowed = await grant(editor, {
      person_id: reader.id,
      action: 'read',
      object_selector: { configs: [{ name: 'x' }] },
    });
    expect(narrowed.status).toBe(403);
    // a plain editor holds update on playbooks and may grant it by selector; not connections
    const plain = await addPersonWithToken(server.db, { email: 'plain-editor@example.com', roles: ['editor'] });
    const playbooks = await grant(plain, {
      person_id: reader.id,
      action: 'update',
      object_selector: { playbooks: [{ name: 'restart-*' }] },
    });
    expect(playbooks.status).toBe(201);
    const connections = await grant(plain, {
      person_id: reader.id,
      action: 'read',
      object_selector: { connections: [{ types: ['postgres'] }] },
    });
    expect(connections.status).toBe(403);
    expect(connections.body.message).toContain('admin');
    const deny = await grant(plain, {
      person_id: reader.id,
      action: 'read',
      deny: true,
      object_selector: { configs: [{ name: 'x' }] },
    });
    expect(deny.status).toBe(403);
    // the person holding only a selector cannot grant read on configs to anyone
    const byReader = await grant(reader, {
      person_id: editor.id,
      action: 'read',
      object_selector: { configs: [{ labelSelector: 'env=prod' }] },
    });
    expect(byReader.status).toBe(403);
  });

  it('an update grant by selector writes only the selected rows', async () => {
    await grant(admin, { person_id: reader.id, action: 'read', object: 'playbooks' });
    // rows of the UI are the ones /api/db changes
    await server.db.kysely.updateTable('playbooks').set({ source: 'UI' }).execute();
    const before = await call(reader, 'PATCH', '/api/db/playbooks?name=eq.drop-database', { description: 'x' });
    expect(before.status).toBe(204);
    const selected = await call(reader, 'PATCH', '/api/db/playbooks?name=like.*-*', { description: 'y' });
    expect(selected.status).toBe(204);
    const rows = await server.db.kysely.selectFrom('playbooks').select(['name', 'description']).execute();
    // each update reached only the selected playbook
    expect(Object.fromEntries(rows.map((r) => [r.name, r.description]))).toEqual({
      'restart-pod': 'y',
      'drop-database': null,
    });
  });
});
