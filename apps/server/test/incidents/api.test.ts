import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';
import { buildPerson, historyTypes } from './builders.js';

let server: TestServer;
const roles: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer'];

beforeAll(async () => {
  server = await startTestServer();
  for (const role of roles) await buildPerson(server.db.kysely, role);
});
afterAll(async () => {
  await server?.close();
});

const client = (who: Role) => new PostgrestClient(`${server.url}/api/db`, { headers: server.headers(who) });

async function createIncident(who: Role, body: Record<string, unknown> = { title: 'Payments failing' }) {
  const { data, error, status } = await client(who).from('incidents').insert(body).select().single();
  if (error) throw new Error(`${status}: ${error.message}`);
  return data as Record<string, string>;
}

describe('/api/db incidents', () => {
  it('creates an incident as open, authored by the caller, with a short id', async () => {
    const incident = await createIncident('responder', { title: 'Payments failing', severity: 'Medium' });
    expect(incident).toMatchObject({
      title: 'Payments failing',
      status: 'open',
      severity: 'medium',
      type: 'availability',
      created_by: testSubjectId('responder'),
    });
    expect(incident.incident_id).toMatch(/^INC-\d+$/);
    expect(await historyTypes(server.db.kysely, incident.id as string)).toEqual(['incident.created']);
  });

  it('lets a viewer read incidents but not create, change or delete them; a commander deletes', async () => {
    const incident = await createIncident('commander');
    const viewer = client('viewer');
    const read = await viewer
      .from('incidents')
      .select('id,status')
      .eq('id', incident.id as string);
    expect(read.status).toBe(200);
    expect(read.data).toEqual([{ id: incident.id, status: 'open' }]);
    const create = await viewer.from('incidents').insert({ title: 'nope' });
    expect(create.status).toBe(403);
    const patch = await viewer
      .from('incidents')
      .update({ status: 'closed' })
      .eq('id', incident.id as string);
    expect(patch.status).toBe(403);
    const remove = await viewer
      .from('incidents')
      .delete()
      .eq('id', incident.id as string);
    expect(remove.status).toBe(403);
    const anonymous = await server.fetch('/api/db/incidents', { as: null });
    expect(anonymous.status).toBe(401);

    const removed = await client('commander')
      .from('incidents')
      .delete()
      .eq('id', incident.id as string);
    expect(removed.status).toBe(204);
    expect(await historyTypes(server.db.kysely, incident.id as string)).toEqual([]);
  });

  it('lets a responder comment and publishes responder.commented', async () => {
    const incident = await createIncident('admin');
    const { data, status } = await client('responder')
      .from('comments')
      .insert({ incident_id: incident.id, comment: 'Rolling back the deploy' })
      .select()
      .single();
    expect(status).toBe(201);
    expect(data).toMatchObject({ created_by: testSubjectId('responder'), incident_id: incident.id });
    const event = await server.db.kysely
      .selectFrom('event_queue')
      .select('properties')
      .where('name', '=', 'responder.commented')
      .where('event_id', '=', (data as { id: string }).id)
      .executeTakeFirst();
    expect(event?.properties).toMatchObject({ incident_id: incident.id });
    const viewerComment = await client('viewer').from('comments').insert({ incident_id: incident.id, comment: 'hi' });
    expect(viewerComment.status).toBe(403);
  });

  it('records a status change in the timeline and as incident.status_updated, authored by the caller', async () => {
    const incident = await createIncident('responder');
    const { status } = await client('commander')
      .from('incidents')
      .update({ status: 'mitigated' })
      .eq('id', incident.id as string);
    expect(status).toBe(204);
    const history = await client('viewer')
      .from('incident_histories')
      .select('type,description,created_by')
      .eq('incident_id', incident.id as string)
      .eq('type', 'incident.status_updated');
    expect(history.data).toEqual([
      { type: 'incident.status_updated', description: 'mitigated', created_by: testSubjectId('commander') },
    ]);
    const events = await server.db.kysely
      .selectFrom('event_queue')
      .select(['name', 'properties'])
      .where('event_id', '=', incident.id as string)
      .orderBy('name')
      .execute();
    // OpsDeck's incident event, and Mission Control's name notification rules listen to
    expect(events.map((e) => e.name)).toEqual([
      'incident.created',
      'incident.status.mitigated',
      'incident.status_updated',
    ]);
    expect(events[2]?.properties).toMatchObject({
      status: 'mitigated',
      previous_status: 'open',
      updated_by: testSubjectId('commander'),
    });
  });

  it('answers a value outside the spec lists with a 400 naming the field', async () => {
    const res = await server.fetch('/api/db/incidents', {
      as: 'responder',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x', status: 'exploded' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^status: /);
    const noTitle = await client('responder').from('incidents').insert({ severity: 'low' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.error?.message).toBe('title is required');
    const nowhere = await client('responder').from('comments').insert({ comment: 'floating' });
    expect(nowhere.error?.message).toBe('incident_id or hypothesis_id is required');
    const nobody = await client('responder').from('responders').insert({ incident_id: crypto.randomUUID() });
    expect(nobody.status).toBe(400);
    expect(nobody.error?.message).toBe('person_id or team_id or external_id is required');
    const missingIncident = await client('responder')
      .from('comments')
      .insert({ incident_id: crypto.randomUUID(), comment: 'lost' });
    expect(missingIncident.status).toBe(409);
  });
});

describe('/api/db authorship', () => {
  it("refuses created_by naming anyone else, even from an admin; the caller's own is what the server records", async () => {
    const incident = await createIncident('responder');
    for (const [who, author] of [
      ['responder', 'commander'],
      ['admin', 'commander'],
    ] as const) {
      const forged = await client(who)
        .from('comments')
        .insert({ incident_id: incident.id, comment: 'not me', created_by: testSubjectId(author) });
      expect(forged.status).toBe(400);
      expect(forged.error?.message).toBe('created_by is set by the server and cannot be written');
    }
    const own = await client('responder').from('comments').insert({ incident_id: incident.id, comment: 'me' });
    expect(own.status).toBe(201);
    // Mission Control's UI sends the caller as created_by: accepted and recorded as the caller
    const named = await client('responder')
      .from('comments')
      .insert({ incident_id: incident.id, comment: 'named me', created_by: testSubjectId('responder') })
      .select('created_by');
    expect(named.status).toBe(201);
    expect(named.data).toEqual([{ created_by: testSubjectId('responder') }]);
  });
});

describe('/api/db hypotheses and evidences (the Link to Incident flow)', () => {
  it('links a check as evidence under a new root hypothesis', async () => {
    const responder = client('responder');
    const incident = await createIncident('responder', { title: 'API down', severity: 'high', type: 'availability' });
    const hypothesis = await responder
      .from('hypotheses')
      .insert({ incident_id: incident.id, title: 'API down', status: 'possible', type: 'root' })
      .select()
      .single();
    expect(hypothesis.status).toBe(201);
    const checkId = '5c0e1d2a-0000-4000-8000-00000000c0de';
    const evidence = await responder
      .from('evidences')
      .insert({
        hypothesis_id: (hypothesis.data as { id: string }).id,
        check_id: checkId,
        type: 'check',
        description: 'api health',
        evidence: { check_id: checkId },
      })
      .select()
      .single();
    expect(evidence.status).toBe(201);
    expect(evidence.data).toMatchObject({ created_by: testSubjectId('responder'), check_id: checkId });
    const types = await historyTypes(server.db.kysely, incident.id as string);
    expect(types.sort()).toEqual(['evidence.created', 'hypothesis.created', 'incident.created']);

    // the incident page reads the tree in one request, with embedded people
    const detail = await client('viewer')
      .from('incidents')
      .select('title,created_by(name),hypotheses(title,evidences(type,check_id))')
      .eq('id', incident.id as string)
      .single();
    expect(detail.error).toBeNull();
    expect(detail.data).toEqual({
      title: 'API down',
      created_by: { name: 'The responder' },
      hypotheses: [{ title: 'API down', evidences: [{ type: 'check', check_id: checkId }] }],
    });
  });

  it('deletes a hypothesis together with its comments and evidences', async () => {
    const incident = await createIncident('commander');
    const c = client('commander');
    const h = (await c.from('hypotheses').insert({ incident_id: incident.id, title: 'Disk full' }).select().single())
      .data as { id: string; status: string; type: string };
    expect(h).toMatchObject({ status: 'possible', type: 'root' });
    await c.from('evidences').insert({ hypothesis_id: h.id, type: 'log', description: 'df -h' });
    await c.from('comments').insert({ incident_id: incident.id, hypothesis_id: h.id, comment: 'seen at 03:00' });
    await c.from('comments').insert({ incident_id: incident.id, comment: 'on the incident itself' });

    const del = await c.from('hypotheses').delete().eq('id', h.id);
    expect(del.status).toBe(204);

    const evidences = await c.from('evidences').select('id').eq('hypothesis_id', h.id);
    expect(evidences.data).toEqual([]);
    const comments = await c
      .from('comments')
      .select('comment')
      .eq('incident_id', incident.id as string);
    expect(comments.data).toEqual([{ comment: 'on the incident itself' }]);
  });

  it('serves the incident summary view to a viewer', async () => {
    const incident = await createIncident('admin', { title: 'Summarised', commander_id: testSubjectId('commander') });
    await client('admin')
      .from('responders')
      .insert({ incident_id: incident.id, person_id: testSubjectId('responder') });
    const { data, status } = await client('viewer')
      .from('incident_summary')
      .select('title,status,commander,responders')
      .eq('id', incident.id as string)
      .single();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      title: 'Summarised',
      status: 'open',
      commander: { id: testSubjectId('commander'), name: 'The commander' },
      responders: [{ id: testSubjectId('responder'), name: 'The responder' }],
    });
  });
});

describe('/api/db incident_rules', () => {
  it('refuses a rule whose spec is invalid and stores a valid one', async () => {
    const bad = await client('admin')
      .from('incident_rules')
      .insert({ name: 'bad', spec: { autoResolve: { timeout: 'later' } } });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain('spec.autoResolve.timeout');
    const good = await client('editor')
      .from('incident_rules')
      .insert({ name: 'api down', spec: { checks: [{ name: 'api-*' }], filter: { age: '5m' } } })
      .select()
      .single();
    expect(good.status).toBe(201);
    expect(good.data).toMatchObject({ created_by: testSubjectId('editor'), source: 'UI' });
  });
});

describe('/api/db incident_rules deletion', () => {
  it('deletes a rule that opened incidents and keeps the incidents', async () => {
    const rule = (
      await client('admin')
        .from('incident_rules')
        .insert({ name: 'to delete', spec: { checks: [{ name: 'x' }] } })
        .select()
        .single()
    ).data as { id: string };
    const incident = await createIncident('admin', { title: 'From a rule', incident_rule_id: rule.id });
    const del = await client('admin').from('incident_rules').delete().eq('id', rule.id);
    expect(del.status).toBe(204);
    const left = await client('admin')
      .from('incidents')
      .select('title,incident_rule_id')
      .eq('id', incident.id as string)
      .single();
    expect(left.data).toEqual({ title: 'From a rule', incident_rule_id: null });
  });
});
