import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, fetchWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { seedPlaybook } from '../playbooks/helpers.js';

// What the "Run playbook" menus offer (GET /api/playbook/list) follows the run's own decision:
// permission rows with object selectors over playbooks (and over the config a run is on), deny
// rows and roles. Requests carry the people's access tokens, so their rows load as in production.

let server: TestServer;
type Who = { id: string; token: string };
let admin: Who;
const ids = {
  prod: '0c000000-0000-4000-8000-000000000001',
  dev: '0c000000-0000-4000-8000-000000000002',
};
const pb: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await addPersonWithToken(server.db, { email: 'run-admin@example.com', roles: ['admin'] });
  await server.db.kysely
    .insertInto('config_items')
    .values([
      {
        id: ids.prod,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'api',
        labels: JSON.stringify({ env: 'prod' }),
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
  const spec = (category: string) => ({
    category,
    configs: [{ types: ['Kubernetes::Pod'] }],
    actions: [{ name: 'a', exec: { script: 'true' } }],
  });
  for (const [name, category] of [
    ['restart-pod', 'ops'],
    ['drop-database', 'ops'],
    ['scale-web', 'scaling'],
  ] as const) {
    pb[name] = await seedPlaybook(server, spec(category), name);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const call = (who: { token: string }, method: string, path: string, body?: unknown) =>
  fetchWithToken(server, who, method, path, body);

async function person(email: string, roles: Array<'editor' | 'viewer'>, rows: Record<string, unknown>[]) {
  const who = await addPersonWithToken(server.db, { email, roles });
  for (const row of rows) {
    const res = await call(admin, 'POST', '/api/db/permissions', { person_id: who.id, ...row });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return who;
}

/** The names /api/playbook/list offers `who` (with `query`: on that resource). */
async function offered(who: { token: string }, query = '') {
  const res = await call(who, 'GET', `/api/playbook/list${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as Array<{ name: string }>).map((p) => p.name);
}

const readAll = [
  { action: 'read', object: 'playbooks' },
  { action: 'read', object: 'catalog' },
];

describe('playbooks offered to run', () => {
  it('an admin is offered every playbook; a viewer, who runs none, nothing', async () => {
    expect(await offered(admin)).toEqual(['drop-database', 'restart-pod', 'scale-web']);
    expect(await offered(admin, `?config_id=${ids.dev}`)).toEqual(['drop-database', 'restart-pod', 'scale-web']);
    const viewer = await person('run-viewer@example.com', ['viewer'], []);
    expect(await offered(viewer)).toEqual([]);
  });

  it('a selector-scoped playbook:run offers only the selected playbooks, and the run refuses the others', async () => {
    const runner = await person(
      'runner@example.com',
      [],
      [...readAll, { action: 'playbook:run', object_selector: { playbooks: [{ name: 'restart-*' }] } }],
    );
    expect(await offered(runner)).toEqual(['restart-pod']);
    expect(await offered(runner, `?config_id=${ids.prod}`)).toEqual(['restart-pod']);
    expect(
      (await call(runner, 'POST', '/api/playbook/run', { id: pb['restart-pod'], config_id: ids.prod })).status,
    ).toBe(201);
    for (const name of ['drop-database', 'scale-web']) {
      const run = await call(runner, 'POST', '/api/playbook/run', { id: pb[name], config_id: ids.prod });
      expect(run.status).toBe(403);
      expect(run.body.message).toContain(`playbook:run on playbook ${name} is not allowed`);
      const params = await call(runner, 'POST', `/api/playbook/${pb[name]}/params`, { config_id: ids.prod });
      expect(params.status).toBe(403);
    }
  });

  it('config selectors of a playbook:run row narrow it to runs on those configs', async () => {
    const runner = await person(
      'prod-scaler@example.com',
      [],
      [
        ...readAll,
        {
          action: 'playbook:run',
          object_selector: { playbooks: [{ types: ['scaling'] }], configs: [{ labelSelector: 'env=prod' }] },
        },
      ],
    );
    expect(await offered(runner, `?config_id=${ids.prod}`)).toEqual(['scale-web']);
    expect(await offered(runner, `?config_id=${ids.dev}`)).toEqual([]);
    // the row names configs: a run on no config is not one it allows
    expect(await offered(runner)).toEqual([]);
    expect((await call(runner, 'POST', '/api/playbook/run', { id: pb['scale-web'], config_id: ids.dev })).status).toBe(
      403,
    );
    expect((await call(runner, 'POST', '/api/playbook/run', { id: pb['scale-web'], config_id: ids.prod })).status).toBe(
      201,
    );
  });

  it('a deny row takes a playbook out of what an editor is offered and may run', async () => {
    const editor = await person(
      'run-editor@example.com',
      ['editor'],
      [
        { action: 'playbook:run', deny: true, object_selector: { playbooks: [{ name: 'drop-*' }] } },
        {
          action: 'playbook:run',
          deny: true,
          object_selector: { playbooks: [{ name: 'scale-*' }], configs: [{ labelSelector: 'env=prod' }] },
        },
      ],
    );
    expect(await offered(editor)).toEqual(['restart-pod', 'scale-web']);
    expect(await offered(editor, `?config_id=${ids.prod}`)).toEqual(['restart-pod']);
    expect(await offered(editor, `?config_id=${ids.dev}`)).toEqual(['restart-pod', 'scale-web']);
    const drop = await call(editor, 'POST', '/api/playbook/run', { id: pb['drop-database'] });
    expect(drop.status).toBe(403);
    expect(drop.body.message).toContain('denied by permission');
    expect((await call(editor, 'POST', '/api/playbook/run', { id: pb['scale-web'], config_id: ids.prod })).status).toBe(
      403,
    );
  });

  it('read narrowed by a selector narrows the list, and nothing is offered on a config the caller cannot read', async () => {
    const reader = await person(
      'narrow-reader@example.com',
      [],
      [
        { action: 'read', object_selector: { playbooks: [{ types: ['ops'] }] } },
        { action: 'read', object_selector: { configs: [{ labelSelector: 'env=prod' }] } },
        { action: 'playbook:run', object: 'playbooks' },
      ],
    );
    expect(await offered(reader)).toEqual(['drop-database', 'restart-pod']);
    expect(await offered(reader, `?config_id=${ids.prod}`)).toEqual(['drop-database', 'restart-pod']);
    const dev = await call(reader, 'GET', `/api/playbook/list?config_id=${ids.dev}`);
    expect(dev.status).toBe(403);
    expect(dev.body.message).toContain('read on this config');
  });
});
