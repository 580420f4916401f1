import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

// POST /api/catalog/changes walks relationships hop by hop (catalog/query/changeScope.ts): the
// items whose changes it answers with must be exactly the asked ids plus what the database's own
// walk, config_relationship_walk of migration 110, reaches — over a graph with a cycle, soft and
// hard edges, a deleted item in the middle and a deleted edge, for every direction, depth and
// flag — and the item filters must apply to the walked items too.

let server: TestServer;
const item = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`;
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await startTestServer();
  await sql`
    insert into config_items (id, config_class, type, name, deleted_at)
    select ('00000000-0000-4000-b000-' || lpad(g::text, 12, '0'))::uuid, 'Node',
      case when g % 2 = 0 then 'Even' else 'Odd' end, 'n' || g, case when g = 5 then now() end
    from generate_series(1, 12) g`.execute(k());
  // 1 -> 2 -> 3 -> 4 -> 1 (a cycle, hard), 3 -> 5 (deleted) -> 6, 2 ~> 7 ~> 8 (soft), 8 -> 9,
  // 10 -> 2 (into the cycle), 11 -x-> 12 (deleted edge)
  const edges: Array<[number, number, string, boolean?]> = [
    [1, 2, 'hard'],
    [2, 3, 'hard'],
    [3, 4, 'hard'],
    [4, 1, 'hard'],
    [3, 5, 'hard'],
    [5, 6, 'hard'],
    [2, 7, 'uses'],
    [7, 8, 'uses'],
    [8, 9, 'hard'],
    [10, 2, 'hard'],
    [11, 12, 'hard', true],
  ];
  for (const [from, to, relation, deleted] of edges) {
    await k()
      .insertInto('config_relationships')
      .values({
        config_id: item(from),
        related_id: item(to),
        relation,
        deleted_at: deleted ? new Date() : null,
      })
      .execute();
  }
  // one change per item
  await sql`insert into config_changes (config_id, change_type, summary)
    select id, 'diff', name from config_items`.execute(k());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function answered(body: Record<string, unknown>): Promise<string[]> {
  const res = await server.fetch('/api/catalog/changes', {
    method: 'POST',
    as: 'viewer',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: '', page_size: 1000, ...body }),
  });
  expect(res.status).toBe(200);
  const out = (await res.json()) as { total: number; changes: Array<{ config_id: string }> };
  expect(out.total).toBe(out.changes.length);
  return out.changes.map((c) => c.config_id).sort();
}

/** The asked ids plus what config_relationship_walk reaches, live unless deleted ones are asked for. */
async function expected(ids: number[], recursive: string, depth: number, soft: boolean, deleted: boolean) {
  const found = new Set<string>();
  for (const n of ids) {
    found.add(item(n));
    for (const outgoing of [true, false]) {
      if (recursive === 'none' || (recursive === 'downstream' && !outgoing) || (recursive === 'upstream' && outgoing))
        continue;
      const { rows } = await sql<{ id: string }>`
        select id from config_relationship_walk(${item(n)}::uuid, ${outgoing}, ${!soft}, ${depth}, ${deleted})`.execute(
        k(),
      );
      for (const r of rows) found.add(r.id);
    }
  }
  const { rows } = await sql<{ id: string }>`
    select id from config_items where id = any(${[...found]}::uuid[]) and (${deleted} or deleted_at is null)`.execute(
    k(),
  );
  return rows.map((r) => r.id).sort();
}

describe('POST /api/catalog/changes recursive scope', () => {
  it('reaches what config_relationship_walk reaches, for every direction, depth and flag', async () => {
    const starts = [[1], [2], [3], [8], [10], [11], [12], [5], [1, 8]];
    for (const ids of starts) {
      for (const recursive of ['downstream', 'upstream', 'all', 'none']) {
        for (const depth of [1, 2, 5]) {
          for (const soft of [false, true]) {
            for (const deleted of [false, true]) {
              const body = {
                id: ids.map(item).join(','),
                recursive,
                depth,
                soft,
                include_deleted_configs: deleted,
              };
              expect(await answered(body), JSON.stringify(body)).toEqual(
                await expected(ids, recursive, depth, soft, deleted),
              );
            }
          }
        }
      }
    }
  }, 120_000);

  it('applies the item filters to the walked items', async () => {
    const even = await answered({ id: item(1), recursive: 'all', depth: 5, soft: true, config_type: 'Even' });
    const all = await expected([1], 'all', 5, true, false);
    const { rows } = await sql<{ id: string }>`
      select id from config_items where id = any(${all}::uuid[]) and type = 'Even'`.execute(k());
    expect(even).toEqual(rows.map((r) => r.id).sort());
    expect(even.length).toBeGreaterThan(1);
  });
});
