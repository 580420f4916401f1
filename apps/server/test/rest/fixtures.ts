import { PostgrestClient } from '@supabase/postgrest-js';
import { sql } from 'kysely';
import type { Role, Subject } from '../../src/rbac/resources.js';
import { refreshSchema } from '../../src/rest/schemaCache.js';
import { exposeTable } from '../../src/rest/whitelist.js';
import type { TestServer } from '../helpers/index.js';

/** The real postgrest-js client against the running server's /api/db, as `who`. */
export function restClient(server: TestServer, who: Role | Partial<Subject> = 'admin') {
  return new PostgrestClient(`${server.url}/api/db`, { headers: server.headers(who) });
}

/** Fixed ids so tests can name the seeded rows. */
export const ids = {
  ann: '11111111-1111-4111-8111-000000000001',
  bob: '11111111-1111-4111-8111-000000000002',
  cyd: '11111111-1111-4111-8111-000000000003',
  dee: '11111111-1111-4111-8111-000000000004',
  ops: '22222222-2222-4222-8222-000000000001',
  dev: '22222222-2222-4222-8222-000000000002',
  agentA: '33333333-3333-4333-8333-000000000001',
  agentB: '33333333-3333-4333-8333-000000000002',
};

/**
 * Seeds people, teams, members, agents and job history, plus a test-only table `rest_items`
 * (text[] tags, int4range window, FK to people) exposed under /api/db for the array and range
 * operators the core tables lack.
 */
export async function seed(server: TestServer): Promise<void> {
  const db = server.db.kysely;
  await db
    .insertInto('people')
    .values([
      { id: ids.ann, name: 'Ann', email: 'ann@example.com', title: 'SRE', properties: '{"level":3,"tags":["oncall"]}' },
      { id: ids.bob, name: 'Bob', email: 'bob@example.com', title: null, properties: '{"level":1}' },
      { id: ids.cyd, name: 'Cyd', email: null, title: 'Dev, Ops (lead)', properties: null },
      { id: ids.dee, name: 'Dee', email: 'dee@example.com', title: 'gone', deleted_at: '2026-01-01T00:00:00Z' },
    ])
    .execute();
  await db
    .insertInto('teams')
    .values([
      { id: ids.ops, name: 'ops', created_by: ids.ann, spec: '{"tier":"gold"}' },
      { id: ids.dev, name: 'dev', created_by: ids.bob, spec: '{"tier":"silver"}' },
    ])
    .execute();
  await db.updateTable('people').set({ team_id: ids.ops }).where('id', 'in', [ids.ann, ids.bob]).execute();
  await db.updateTable('people').set({ team_id: ids.dev }).where('id', '=', ids.cyd).execute();
  await db
    .insertInto('team_members')
    .values([
      { team_id: ids.ops, person_id: ids.ann },
      { team_id: ids.ops, person_id: ids.bob },
      { team_id: ids.dev, person_id: ids.cyd },
    ])
    .execute();
  await db
    .insertInto('agents')
    .values([
      { id: ids.agentA, name: 'agent-a', person_id: ids.ann, created_by: ids.bob },
      { id: ids.agentB, name: 'agent-b', created_by: ids.ann },
    ])
    .execute();
  const statuses = ['SUCCESS', 'FAILED', 'SUCCESS', 'WARNING', 'SUCCESS', 'RUNNING'] as const;
  await db
    .insertInto('job_history')
    .values(
      statuses.map((status, i) => ({
        name: i % 2 ? 'SyncTeams' : 'Cleanup',
        status,
        duration_millis: i === 5 ? null : (i + 1) * 100,
        details: JSON.stringify({ run: i, host: { name: `h${i % 3}` } }),
        resource_type: 'team',
        resource_id: i < 3 ? ids.ops : ids.dev,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })),
    )
    .execute();
  await sql`create table rest_items (
    id serial primary key,
    label text not null,
    tags text[] not null default '{}',
    slot int4range,
    owner_id uuid references people (id)
  )`.execute(db);
  await sql`insert into rest_items (label, tags, slot, owner_id) values
    ('alpha', '{red,blue}', '[1,5)', ${ids.ann}),
    ('beta', '{blue}', '[5,9)', ${ids.bob}),
    ('gamma', '{}', null, null)`.execute(db);
  exposeTable('rest_items', { resource: 'database', writable: true });
  refreshSchema(server.db);
}
