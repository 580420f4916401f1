import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';
import { buildPerson } from './builders.js';

// Issue 11 item 3: a responder rewrote an admin's incident authorship, comments and evidence.
// created_by/created_at are the server's; comments, evidences and hypotheses are changed or
// deleted only by their author or an admin (workflow flags stay shared).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'commander', 'responder'] as const) await buildPerson(server.db.kysely, role);
});
afterAll(async () => {
  await server?.close();
});

async function call(who: Role, method: string, path: string, body?: unknown, prefer = 'return=representation') {
  const res = await server.fetch(`/api/db/${path}`, {
    as: who,
    method,
    headers: { 'content-type': 'application/json', prefer },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** An incident, a hypothesis, an evidence and a comment, all written by the admin. */
async function adminsWork() {
  const incident = (await call('admin', 'POST', 'incidents', { title: 'Checkout down' })).body[0];
  const hypothesis = (
    await call('admin', 'POST', 'hypotheses', { incident_id: incident.id, title: 'Bad deploy', type: 'root' })
  ).body[0];
  const evidence = (
    await call('admin', 'POST', 'evidences', {
      hypothesis_id: hypothesis.id,
      type: 'log',
      description: 'admin notes',
      definition_of_done: true,
    })
  ).body[0];
  const comment = (await call('admin', 'POST', 'comments', { incident_id: incident.id, comment: 'admin says' }))
    .body[0];
  return { incident, hypothesis, evidence, comment };
}

const stored = async (table: 'incidents' | 'comments' | 'evidences' | 'hypotheses', id: string) =>
  server.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('server-assigned columns', () => {
  it('refuses created_by, created_at, updated_at and incident_id from a client on PATCH, POST and bulk POST', async () => {
    const { incident } = await adminsWork();
    const responder = testSubjectId('responder');
    for (const patch of [
      { created_by: responder },
      { created_at: '2020-01-01T00:00:00Z' },
      { updated_at: '2020-01-01T00:00:00Z' },
      { incident_id: 'INC-1' },
    ]) {
      const res = await call('responder', 'PATCH', `incidents?id=eq.${incident.id}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(`${Object.keys(patch)[0]} is set by the server and cannot be written`);
    }
    // even an admin: no one writes them through /api/db
    const byAdmin = await call('admin', 'PATCH', `incidents?id=eq.${incident.id}`, { created_by: responder });
    expect(byAdmin.status).toBe(400);
    const post = await call('responder', 'POST', 'incidents', { title: 'mine', incident_id: 'INC-999999' });
    expect(post.status).toBe(400);
    expect(post.body.message).toBe('incident_id is set by the server and cannot be written');
    const bulk = await call('responder', 'POST', 'incidents', [
      { title: 'one' },
      { title: 'two', created_at: '2020-01-01T00:00:00Z' },
    ]);
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe('[1].created_at is set by the server and cannot be written');
    const after = await stored('incidents', incident.id);
    expect(after.created_by).toBe(testSubjectId('admin'));
    expect(after.incident_id).toBe(incident.incident_id);
  });

  it('keeps the author and creation time when an upsert merges into an existing row', async () => {
    const { incident } = await adminsWork();
    const res = await call(
      'responder',
      'POST',
      'incidents?on_conflict=id',
      { id: incident.id, title: 'taken over' },
      'return=representation,resolution=merge-duplicates',
    );
    expect(res.status).toBe(201);
    const after = await stored('incidents', incident.id);
    expect(after.title).toBe('taken over');
    expect(after.created_by).toBe(testSubjectId('admin'));
    expect(after.created_at.toISOString()).toBe(new Date(incident.created_at).toISOString());
  });
});

describe('comments, evidences and hypotheses belong to their author', () => {
  it("refuses a responder's edit or delete of an admin's comment, evidence and hypothesis with 403", async () => {
    const { hypothesis, evidence, comment } = await adminsWork();
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `comments?id=eq.${comment.id}`, { comment: 'responder was here' }],
      ['DELETE', `comments?id=eq.${comment.id}`, undefined],
      ['PATCH', `evidences?id=eq.${evidence.id}`, { description: 'rewritten' }],
      ['DELETE', `evidences?id=eq.${evidence.id}`, undefined],
      ['PATCH', `hypotheses?id=eq.${hypothesis.id}`, { title: 'rewritten' }],
      ['DELETE', `hypotheses?id=eq.${hypothesis.id}`, undefined],
    ];
    for (const who of ['responder', 'commander'] as const) {
      for (const [method, path, body] of attempts) {
        const res = await call(who, method, path, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toMatch(
          /written by someone else: it can be (changed|deleted) only by its author or an admin/,
        );
      }
    }
    // an upsert cannot reach the admin's comment either
    const upsert = await call(
      'responder',
      'POST',
      'comments?on_conflict=id',
      { id: comment.id, incident_id: comment.incident_id, comment: 'merged over' },
      'return=representation,resolution=merge-duplicates',
    );
    expect(upsert.status).toBe(403);
    expect((await stored('comments', comment.id)).comment).toBe('admin says');
    expect((await stored('evidences', evidence.id)).description).toBe('admin notes');
    expect((await stored('hypotheses', hypothesis.id)).title).toBe('Bad deploy');
  });

  it('still lets any responder move workflow state: a hypothesis status, a done tick', async () => {
    const { hypothesis, evidence } = await adminsWork();
    expect((await call('responder', 'PATCH', `hypotheses?id=eq.${hypothesis.id}`, { status: 'likely' })).status).toBe(
      200,
    );
    expect((await call('responder', 'PATCH', `evidences?id=eq.${evidence.id}`, { done: true })).status).toBe(200);
    expect((await stored('evidences', evidence.id)).done).toBe(true);
  });

  it('lets the author and an admin edit and delete', async () => {
    const { incident } = await adminsWork();
    const own = (await call('responder', 'POST', 'comments', { incident_id: incident.id, comment: 'mine' })).body[0];
    expect((await call('responder', 'PATCH', `comments?id=eq.${own.id}`, { comment: 'mine, fixed' })).status).toBe(200);
    expect((await call('admin', 'PATCH', `comments?id=eq.${own.id}`, { comment: 'moderated' })).status).toBe(200);
    expect((await stored('comments', own.id)).created_by).toBe(testSubjectId('responder'));
    expect((await call('responder', 'DELETE', `comments?id=eq.${own.id}`)).status).toBe(200);
  });
});

describe('text limits', () => {
  it('answers 400 naming the field and the limit for an oversized title, description or comment', async () => {
    const huge = 'x'.repeat(900_000);
    const title = await call('responder', 'POST', 'incidents', { title: huge });
    expect(title.status).toBe(400);
    expect(title.body.message).toBe('title is too long: at most 500 characters (got 900000)');
    const ok = (await call('responder', 'POST', 'incidents', { title: 't'.repeat(500) })).body[0];
    const description = await call('responder', 'PATCH', `incidents?id=eq.${ok.id}`, {
      description: 'd'.repeat(65_537),
    });
    expect(description.status).toBe(400);
    expect(description.body.message).toBe('description is too long: at most 65536 characters (got 65537)');
    const comment = await call('responder', 'POST', 'comments', { incident_id: ok.id, comment: 'c'.repeat(70_000) });
    expect(comment.status).toBe(400);
    expect(comment.body.message).toContain('comment is too long: at most 65536 characters');
    const none = await server.db.kysely
      .selectFrom('incidents')
      .select('id')
      .where(({ fn, eb }) => eb(fn('length', ['title']), '>', 500))
      .execute();
    expect(none).toEqual([]);
  });
});
