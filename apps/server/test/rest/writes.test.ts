import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../../src/errors.js';
import { exposeTable } from '../../src/rest/whitelist.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { ids, restClient, seed } from './fixtures.js';

let server: TestServer;
let db: ReturnType<typeof restClient>;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server);
  db = restClient(server);
});
afterAll(async () => {
  await server?.close();
});

describe('POST', () => {
  it('inserts one object and answers 201 with the representation', async () => {
    const { data, error, status } = await db
      .from('rest_items')
      .insert({ label: 'delta', tags: ['x', 'y'] })
      .select('label,tags,slot')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ label: 'delta', tags: ['x', 'y'], slot: null });
  });

  it('inserts an array in one statement, in order, with columns=', async () => {
    const { data, error, count } = await db
      .from('rest_items')
      .insert([{ label: 'e1', owner_id: ids.ann }, { label: 'e2' }], { count: 'exact' })
      .select('label,owner:owner_id(name)');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { label: 'e1', owner: { name: 'Ann' } },
      { label: 'e2', owner: null },
    ]);
  });

  it('takes column defaults for missing keys with missing=default, and only columns= listed', async () => {
    const { data, error } = await db
      .from('rest_items')
      .insert([{ label: 'd1', tags: ['t'] }, { label: 'd2' }], { defaultToNull: false })
      .select('label,tags');
    expect(error).toBeNull();
    expect(data).toEqual([
      { label: 'd1', tags: ['t'] },
      { label: 'd2', tags: [] },
    ]);
    const res = await server.fetch('/api/db/rest_items?columns=label&select=label,tags', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify([{ label: 'c1' }]),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ label: 'c1', tags: [] }]);
  });

  it('answers as usual but keeps nothing with tx=rollback', async () => {
    const { data } = await db.from('rest_items').insert({ label: 'ghost' }).select('label').rollback();
    expect(data).toEqual([{ label: 'ghost' }]);
    const { count } = await db.from('rest_items').select('*', { count: 'exact', head: true }).eq('label', 'ghost');
    expect(count).toBe(0);
  });

  it('answers 201 without a body for return=minimal', async () => {
    const res = await server.fetch('/api/db/rest_items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ label: 'quiet' }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
  });

  it('upserts with resolution=merge-duplicates and on_conflict', async () => {
    const first = await db.from('properties').upsert({ name: 'logs.disable', value: 'true' }).select('name,value');
    expect(first.error).toBeNull();
    const { data, error } = await db
      .from('properties')
      .upsert([{ name: 'logs.disable', value: 'false' }], { onConflict: 'name' })
      .select('name,value');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'logs.disable', value: 'false' }]);
    const ignored = await db
      .from('properties')
      .upsert({ name: 'logs.disable', value: 'ignored' }, { ignoreDuplicates: true })
      .select('value');
    expect(ignored.data).toEqual([]);
  });

  it('fills created_by from the signed-in person when the body leaves it out', async () => {
    const asAnn = restClient(server, { id: ids.ann, roles: ['admin'] });
    const { data } = await asAnn.from('agents').insert({ name: 'agent-c' }).select('name,created_by').single();
    expect(data).toEqual({ name: 'agent-c', created_by: ids.ann });
    // a subject with no person row leaves the column to its default
    const { data: anon } = await db.from('agents').insert({ name: 'agent-d' }).select('created_by').single();
    expect(anon).toEqual({ created_by: null });
  });

  it('maps a constraint violation to 409 and a missing required column to 400', async () => {
    const dup = await db.from('agents').insert({ name: 'agent-a' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const missing = await db.from('rest_items').insert({ tags: [] });
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('23502');
  });
});

describe('PATCH and DELETE', () => {
  it('updates the filtered rows and returns them', async () => {
    const { data, error, status } = await db
      .from('rest_items')
      .update({ tags: ['green'] })
      .eq('label', 'gamma')
      .select('label,tags');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ label: 'gamma', tags: ['green'] }]);
  });

  it('answers 204 for return=minimal and counts affected rows', async () => {
    const { status, count } = await db
      .from('rest_items')
      .update({ slot: '[10,20)' }, { count: 'exact' })
      .in('label', ['alpha', 'beta']);
    expect(status).toBe(204);
    expect(count).toBe(2);
  });

  it('soft-deletes with PATCH deleted_at and deletes for real with DELETE', async () => {
    await db.from('rest_items').insert({ label: 'doomed' });
    const { data, status } = await db.from('rest_items').delete().eq('label', 'doomed').select('label');
    expect(status).toBe(200);
    expect(data).toEqual([{ label: 'doomed' }]);
    const left = await db.from('rest_items').select('id').eq('label', 'doomed');
    expect(left.data).toEqual([]);
  });

  it('refuses PATCH and DELETE without a filter', async () => {
    const patch = await db.from('rest_items').update({ label: 'all' });
    expect(patch.status).toBe(400);
    expect(patch.error?.message).toBe('UPDATE requires a WHERE clause');
    const del = await db.from('rest_items').delete();
    expect(del.status).toBe(400);
    expect(del.error?.message).toBe('DELETE requires a WHERE clause');
    const { count } = await db.from('rest_items').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(3);
  });

  it('rolls back a write that does not hit exactly one row under a singular Accept', async () => {
    const { error, status } = await db
      .from('rest_items')
      .update({ label: 'same' })
      .neq('label', 'nothing')
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    const { data } = await db.from('rest_items').select('id').eq('label', 'same');
    expect(data).toEqual([]);
  });
});

describe('domain hooks', () => {
  beforeAll(async () => {
    await sql`create table rest_hooked (id serial primary key, spec jsonb not null, checks int not null default 0)`.execute(
      server.db.kysely,
    );
    await sql`create table rest_derived (hooked_id int references rest_hooked (id) on delete cascade, note text)`.execute(
      server.db.kysely,
    );
    exposeTable('rest_hooked', {
      resource: 'database',
      writable: true,
      async beforeWrite(_ctx, { rows, patch }) {
        const specs = rows?.map((r) => r.spec) ?? (patch && 'spec' in patch ? [patch.spec] : []);
        for (const spec of specs) {
          if (typeof spec !== 'object' || spec === null || !('interval' in spec)) {
            throw badRequest('spec.interval is required');
          }
        }
        return rows ? { rows: rows.map((r) => ({ ...r, checks: 1 })) } : undefined;
      },
      async afterWrite(_ctx, { method, rows, trx }) {
        if (method === 'DELETE') return;
        for (const row of rows) {
          if ((row.spec as { interval: unknown }).interval === 'fail') throw badRequest('derived rows refused');
          await sql`insert into rest_derived (hooked_id, note) values (${row.id as number}, ${method})`.execute(trx);
        }
      },
    });
    const { refreshSchema } = await import('../../src/rest/schemaCache.js');
    refreshSchema(server.db);
  });

  it('lets beforeWrite refuse with 400 and derive columns', async () => {
    const bad = await db.from('rest_hooked').insert({ spec: {} });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('spec.interval is required');
    const { data } = await db
      .from('rest_hooked')
      .insert({ spec: { interval: 30 } })
      .select('spec,checks')
      .single();
    expect(data).toEqual({ spec: { interval: 30 }, checks: 1 });
  });

  it('runs afterWrite in the same transaction: its failure leaves nothing behind', async () => {
    const ok = await db
      .from('rest_hooked')
      .insert({ spec: { interval: 60 } })
      .select('id')
      .single();
    const derived = await server.db.kysely.executeQuery<{ note: string }>(
      sql`select note from rest_derived where hooked_id = ${(ok.data as { id: number }).id}`.compile(server.db.kysely),
    );
    expect(derived.rows).toEqual([{ note: 'POST' }]);
    const failed = await db.from('rest_hooked').insert({ spec: { interval: 'fail' } });
    expect(failed.status).toBe(400);
    const { count } = await db
      .from('rest_hooked')
      .select('*', { count: 'exact', head: true })
      .eq('spec->>interval', 'fail');
    expect(count).toBe(0);
  });
});
