import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import { tempFolder } from '../catalog/helpers.js';
import { scrapeStored, type TestServer } from '../helpers/index.js';
import { buildPerson } from '../incidents/builders.js';

/**
 * Catalog data for application reports, seeded the way production gets it: a `full: true` file
 * scraper saved through /api/db and run by the scrape engine (items, changes, insights, users,
 * roles, groups, grants and logins), a topology run linking a component to the database, and
 * incidents with evidence written through /api/db.
 */

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();

const ordersDb = {
  external_id: 'orders-db',
  config_type: 'SQL::Database',
  config: { id: 'orders-db', name: 'orders-db', engine: 'postgres' },
  changes: [
    {
      external_change_id: 'b1',
      change_type: 'BackupCompleted',
      created_at: day(1),
      details: { size: '2GB' },
      source: 'pgbackrest',
    },
    { external_change_id: 'b2', change_type: 'BackupFailed', created_at: day(2), source: 'pgbackrest' },
    { external_change_id: 'r1', change_type: 'RestoreCompleted', created_at: day(3), details: { source: 'b1' } },
    {
      external_change_id: 'u1',
      change_type: 'UserCreated',
      created_at: day(4),
      summary: 'created user <script>carol</script>',
    },
  ],
  analysis: [
    { analyzer: 'encryption', analysis_type: 'security', severity: 'high', summary: 'Storage is not encrypted' },
  ],
  external_users: [
    { name: 'Alice', email: 'alice@example.com', user_type: 'sso' },
    { name: 'Bob', email: 'bob@example.com', user_type: 'local' },
  ],
  external_groups: [{ name: 'dbas', group_type: 'team' }],
  external_roles: [{ name: 'db-admin', role_type: 'database' }],
  external_user_groups: [{ user: 'bob@example.com', group: 'dbas' }],
  config_access: [
    { user: 'alice@example.com', role: 'db-admin', created_at: day(1), last_reviewed_at: day(5) },
    { group: 'dbas', created_at: day(2) },
    { user: 'nobody@example.com' },
  ],
  access_logs: [
    { user: 'alice@example.com', created_at: day(6), mfa: true, count: 3 },
    { user: 'bob@example.com', created_at: day(7), mfa: false },
  ],
};

const vm = (id: string, region: string) => ({
  external_id: id,
  config_type: 'AWS::EC2::Instance',
  config: { id, name: id, region, account: 'prod-account' },
});

export interface Seeded {
  dir: string;
  dbComponentId: string;
  cleanup(): void;
}

export async function seedCatalog(server: TestServer): Promise<Seeded> {
  await buildPerson(server.db.kysely, 'responder'); // the incidents' author
  const dir = tempFolder({
    'db/orders.json': ordersDb,
    'vm/web-1.json': vm('web-1', 'eu-west-1'),
    'vm/web-2.json': vm('web-2', 'eu-west-1'),
    'vm/web-3.json': vm('web-3', 'us-east-1'),
  });
  const spec = {
    full: true,
    file: [
      { type: 'SQL::Database', id: '$.id', name: '$.name', paths: [`${dir}/db/*.json`] },
      {
        type: 'AWS::EC2::Instance',
        id: '$.id',
        name: '$.name',
        tags: { region: '$.region', account: '$.account' },
        paths: [`${dir}/vm/*.json`],
      },
    ],
  };
  const res = await server.fetch('/api/db/config_scrapers', { method: 'POST', ...json({ name: 'shop', spec }) });
  expect(res.status, await res.clone().text()).toBe(201);
  const [scraper] = (await res.json()) as Array<{ id: string }>;
  const run = await scrapeStored(server.db, scraper?.id as string, [dir]);
  expect(run.errors).toEqual([]);

  // a component built from the database item (a topology run links it)
  const topo = await server.fetch('/api/db/topologies', {
    method: 'POST',
    ...json({
      name: 'shop',
      spec: { components: [{ name: 'orders', type: 'database', configs: [{ name: 'orders-db' }] }] },
    }),
  });
  expect(topo.status, await topo.clone().text()).toBe(201);
  const [t] = (await topo.json()) as Array<{ id: string }>;
  expect((await server.fetch(`/api/canary/run/topology/${t?.id}`, { method: 'POST' })).status).toBe(200);
  const comp = await (await server.fetch('/api/db/components?name=eq.orders&select=id')).json();
  return { dir, dbComponentId: comp[0].id, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An incident with one piece of evidence (`link`: config_id, component_id, config_change_id…). */
export async function incidentWith(server: TestServer, title: string, link: Record<string, string>, type: string) {
  const post = async (table: string, body: unknown) => {
    const res = await server.fetch(`/api/db/${table}`, { method: 'POST', ...json(body), as: 'responder' });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Array<{ id: string }>)[0] as { id: string };
  };
  const incident = await post('incidents', { title, severity: 'high', type: 'availability' });
  const hypothesis = await post('hypotheses', { incident_id: incident.id, title, type: 'root' });
  await post('evidences', { hypothesis_id: hypothesis.id, type, description: title, ...link });
  return incident.id;
}
