import { sql } from 'kysely';
import type { Role } from '../../src/rbac/resources.js';
import type { TestServer } from '../helpers/index.js';

// The catalog the catalog API tests read: a cluster with a node, a pod and a database (one deleted
// item beside them), their changes and an insight, and a failing check related to the pod.

export const id = {
  cluster: '00000000-0000-4000-a000-000000000011',
  node: '00000000-0000-4000-a000-000000000012',
  pod: '00000000-0000-4000-a000-000000000013',
  db: '00000000-0000-4000-a000-000000000014',
  gone: '00000000-0000-4000-a000-000000000015',
  canary: '00000000-0000-4000-a000-000000000021',
  check: '00000000-0000-4000-a000-000000000022',
  component: '00000000-0000-4000-a000-000000000031',
};
export const now = Date.now();
export const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

/** Seeds the catalog above into the test server's database. */
export async function seedCatalogApi(server: TestServer): Promise<void> {
  const db = server.db.kysely;
  const tags = (t: Record<string, string>) => JSON.stringify(t);
  await db
    .insertInto('config_items')
    .values([
      {
        id: id.cluster,
        config_class: 'Cluster',
        type: 'Kubernetes::Cluster',
        name: 'prod',
        health: 'healthy',
        tags: tags({ env: 'prod' }),
      },
      {
        id: id.node,
        config_class: 'Node',
        type: 'Kubernetes::Node',
        name: 'node-1',
        health: 'healthy',
        parent_id: id.cluster,
        tags: tags({ env: 'prod' }),
        labels: tags({ team: 'platform' }),
      },
      {
        id: id.pod,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'api-7d9',
        health: 'warning',
        parent_id: id.node,
        tags: tags({ env: 'prod', namespace: 'shop' }),
      },
      {
        id: id.db,
        config_class: 'Database',
        type: 'SQL::Database',
        name: 'orders',
        health: 'healthy',
        tags: tags({ env: 'dev' }),
      },
      {
        id: id.gone,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'old-pod',
        health: 'healthy',
        deleted_at: ago(60),
      },
    ])
    .execute();
  await db
    .insertInto('config_relationships')
    .values({ config_id: id.pod, related_id: id.db, relation: 'uses' })
    .execute();
  // the pod started out warning: the database recorded a Warning change; these are the others
  await db
    .insertInto('config_changes')
    .values([
      {
        config_id: id.cluster,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'spec.version',
        created_at: ago(30),
        external_created_by: 'alice',
      },
      {
        config_id: id.node,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'status.capacity',
        created_at: ago(20),
      },
      {
        config_id: id.pod,
        change_type: 'Deployed',
        source: 'kubernetes',
        severity: 'low',
        summary: 'image api:2',
        created_at: ago(10),
        external_created_by: 'bob',
      },
      {
        config_id: id.db,
        change_type: 'diff',
        source: 'diff',
        severity: 'high',
        summary: 'max_connections',
        created_at: ago(15),
      },
      {
        config_id: id.db,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'old change',
        created_at: ago(5 * 24 * 60),
      },
      { config_id: id.gone, change_type: 'diff', source: 'diff', summary: 'of a deleted pod', created_at: ago(70) },
    ])
    .execute();
  await db
    .insertInto('config_analysis')
    .values({ config_id: id.pod, analyzer: 'no-limits', analysis_type: 'reliability', severity: 'medium' })
    .execute();
  await sql`insert into canaries (id, name, spec) values (${id.canary}, 'shop', '{}'::jsonb)`.execute(db);
  await sql`insert into checks (id, canary_id, type, name, status, last_transition_time)
    values (${id.check}, ${id.canary}, 'http', 'shop-api', 'unhealthy', ${ago(12)})`.execute(db);
  await sql`insert into check_config_relationships (check_id, config_id) values (${id.check}, ${id.pod})`.execute(db);
}

/** POSTs `body` as JSON to `path` as `as` (a viewer by default). */
export const postAs =
  (server: TestServer) =>
  (path: string, body: unknown, as: Role | null = 'viewer') =>
    server.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      as,
    });
