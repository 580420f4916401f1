import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { fetchRows, fetchView, json, saveView } from './helpers.js';

/** The views API's edges: validation with paths, the sidebar list, RBAC and bad requests. */

let server: TestServer;
const spec = (display: Record<string, unknown> = {}) => ({
  display,
  queries: { c: { configs: { types: ['None'] } } },
  columns: [{ name: 'name', type: 'string', primaryKey: true }],
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('View resource', () => {
  it('refuses an invalid spec with the paths of its problems', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { queries: { c: { configs: {}, sql: { connection: 'x', query: 'y' } } }, columns: [] },
        /queries\.c: exactly one of/,
      ],
      [
        { queries: { c: { configs: {} } }, columns: [{ name: 'n', type: 'strin', primaryKey: true }] },
        /columns\[0\]\.type/,
      ],
      [
        { queries: { c: { configs: {} } }, columns: [{ name: 'n', type: 'string' }] },
        /columns: one column must be the primaryKey/,
      ],
      [
        { queries: { c: { configs: {} } }, panels: [{ name: 'p', type: 'pie', query: 'select 1' }] },
        /panels\[0\]\.type/,
      ],
      [{ ...spec(), mapping: { name: 'row.' } }, /mapping\.name/],
      [{ ...spec(), colums: [] }, /colums: unknown field/],
      [{ ...spec(), templating: [{ key: 'x' }] }, /templating\[0\]: a variable needs values or valueFrom/],
    ];
    for (const [body, message] of cases) {
      const res = await server.fetch('/api/db/views', { method: 'POST', ...json({ name: 'bad', spec: body }) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(message);
    }
  });

  it('lists the sidebar views from views_summary, ordered by ordinal, under /api/config', async () => {
    await saveView(server, 'second', spec({ title: 'Second', icon: 'database', sidebar: true, ordinal: 2 }));
    await saveView(server, 'first', spec({ title: 'First', icon: 'kubernetes', sidebar: true, ordinal: 1 }));
    await saveView(server, 'hidden', spec({ title: 'Not in the sidebar' }));
    const res = await server.fetch(
      '/api/config/views_summary?select=id,name,namespace,title,icon,ordinal,sidebar&sidebar=eq.true&order=ordinal.asc,title.asc',
    );
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        name: 'first',
        namespace: 'default',
        title: 'First',
        icon: 'kubernetes',
        ordinal: 1,
        sidebar: true,
      },
      {
        id: expect.any(String),
        name: 'second',
        namespace: 'default',
        title: 'Second',
        icon: 'database',
        ordinal: 2,
        sidebar: true,
      },
    ]);
    expect((await server.fetch('/api/config/views?select=name&order=name.asc')).status).toBe(200);
  });

  it('authorizes every call: viewers read, only writers save, anonymous callers are refused', async () => {
    const id = await saveView(server, 'rbac', spec());
    expect((await server.fetch(`/api/view/${id}`, { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch('/api/config/views_summary', { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch(`/api/view/${id}`, { as: null })).status).toBe(401);
    expect((await server.fetch('/api/config/views_summary', { as: null })).status).toBe(401);
    expect((await server.fetch(`/api/views/${id}/rows?fingerprint=0000000000000000`, { as: null })).status).toBe(401);
    const write = await server.fetch('/api/db/views', {
      method: 'POST',
      as: 'viewer',
      ...json({ name: 'x', spec: spec() }),
    });
    expect(write.status).toBe(403);
    const patch = await server.fetch(`/api/config/views?id=eq.${id}`, {
      method: 'PATCH',
      as: 'viewer',
      ...json({ spec: spec() }),
    });
    expect(patch.status).toBe(403);
    expect(
      (
        await server.fetch('/api/db/views', {
          method: 'POST',
          as: 'editor',
          ...json({ name: 'by-editor', spec: spec() }),
        })
      ).status,
    ).toBe(201);
  });

  it('reads credentials in a spec masked and keeps them when the masked spec is saved back', async () => {
    const secretSpec = {
      queries: {
        api: { http: { url: 'http://u:hunter2@127.0.0.1:1/x', headers: { Authorization: 'Bearer s3cr3t-token' } } },
      },
      columns: [{ name: 'value', type: 'string', primaryKey: true }],
    };
    const id = await saveView(server, 'secret', secretSpec);
    const [row] = await (await server.fetch(`/api/db/views?id=eq.${id}&select=spec`, { as: 'viewer' })).json();
    const text = JSON.stringify(row.spec);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cr3t-token');
    const back = await server.fetch(`/api/db/views?id=eq.${id}`, { method: 'PATCH', ...json({ spec: row.spec }) });
    expect(back.status).toBeLessThan(300);
    const stored = await server.db.kysely
      .selectFrom('views' as never)
      .select('spec' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).toContain('s3cr3t-token');
  });

  it('answers 404 for a missing view and 400 for bad rows requests', async () => {
    expect((await server.fetch('/api/view/default/nope')).status).toBe(404);
    expect((await server.fetch('/api/view/not-a-uuid')).status).toBe(404);
    const id = await saveView(server, 'rows', spec());
    const { body } = await fetchView(server, id);
    const fp = body.requestFingerprint;
    for (const [query, field] of [
      ['&sort=nope', /sort/],
      ['&filter.nope=x', /filter\.nope/],
      ['&limit=0', /limit/],
      ['&color=red', /color/],
    ] as const) {
      const res = await fetchRows(server, id, fp, query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(field);
    }
    expect((await server.fetch(`/api/views/${id}/rows`)).status).toBe(400);
    const badBody = await server.fetch(`/api/view/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variables: { x: 1 } }),
    });
    expect(badBody.status).toBe(400);
  });
});
