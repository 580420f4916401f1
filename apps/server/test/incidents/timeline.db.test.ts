import { INCIDENT_EVENTS } from '@opsdeck/schema';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import type { Database } from '../../src/db/types.js';
import { setActor } from '../../src/incidents/actor.js';
import { createTestDb } from '../helpers/index.js';
import { buildHypothesis, buildIncident, buildPerson, historyTypes, queuedEvents } from './builders.js';

let db: Db;
let k: Kysely<Database>;
let alice: { id: string; name: string };
let bob: { id: string; name: string };

beforeAll(async () => {
  db = await createTestDb();
  k = db.kysely;
  alice = await buildPerson(k, { name: 'Alice' });
  bob = await buildPerson(k, { name: 'Bob' });
});
afterAll(async () => {
  await db?.close();
});

describe('incident timeline and events', () => {
  it('records every change in incident_histories and publishes the spec events', async () => {
    const incident = await buildIncident(k, alice.id);
    const hypothesis = await buildHypothesis(k, incident.id, alice.id);
    expect(hypothesis).toMatchObject({ status: 'possible', type: 'root' });
    const evidence = await k
      .insertInto('evidences')
      .values({ hypothesis_id: hypothesis.id, type: 'check', created_by: alice.id, definition_of_done: true })
      .returningAll()
      .executeTakeFirstOrThrow();
    const responder = await k
      .insertInto('responders')
      .values({ incident_id: incident.id, person_id: bob.id, created_by: alice.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(responder.type).toBe('person');
    const comment = await k
      .insertInto('comments')
      .values({ hypothesis_id: hypothesis.id, comment: 'Looking at the pool', created_by: bob.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(comment.incident_id).toBe(incident.id);
    await k.transaction().execute(async (trx) => {
      await setActor(trx, bob.id);
      await trx.updateTable('incidents').set({ status: 'investigating' }).where('id', '=', incident.id).execute();
      await trx.updateTable('hypotheses').set({ status: 'likely' }).where('id', '=', hypothesis.id).execute();
      await trx.updateTable('evidences').set({ done: true }).where('id', '=', evidence.id).execute();
      await trx.updateTable('responders').set({ deleted_at: new Date() }).where('id', '=', responder.id).execute();
    });

    expect((await historyTypes(k, incident.id)).sort()).toEqual(
      [
        'incident.created',
        'hypothesis.created',
        'evidence.created',
        'evidence.done_definition_added',
        'responder.created',
        'responder.commented',
        'incident.status_updated',
        'hypothesis.status_updated',
        'evidence.done',
        'responder.removed',
      ].sort(),
    );
    const statusRow = await k
      .selectFrom('incident_histories')
      .selectAll()
      .where('incident_id', '=', incident.id)
      .where('type', '=', 'incident.status_updated')
      .executeTakeFirstOrThrow();
    expect(statusRow).toMatchObject({ created_by: bob.id, description: 'investigating' });

    // the spec's names; the notification family is asserted below
    const events = (await queuedEvents(k, [incident.id, hypothesis.id, evidence.id, responder.id, comment.id])).filter(
      (e) => (INCIDENT_EVENTS as readonly string[]).includes(e.name),
    );
    expect(events.map((e) => e.name)).toEqual(
      [
        'evidence.created',
        'evidence.done_definition_added',
        'hypothesis.created',
        'hypothesis.status_updated',
        'incident.created',
        'incident.status_updated',
        'responder.commented',
        'responder.created',
      ].sort(),
    );
    const statusEvent = events.find((e) => e.name === 'incident.status_updated');
    expect(statusEvent).toMatchObject({
      event_id: incident.id,
      properties: { status: 'investigating', previous_status: 'open', updated_by: bob.id },
    });
    expect(events.find((e) => e.name === 'responder.commented')?.properties).toMatchObject({
      incident_id: incident.id,
    });
  });

  it('publishes the notification events, described by the incident, for rules to fire on', async () => {
    const incident = await buildIncident(k, alice.id, { title: 'Queue backlog' });
    const h = await buildHypothesis(k, incident.id, alice.id);
    const responder = await k
      .insertInto('responders')
      .values({ incident_id: incident.id, person_id: bob.id, created_by: alice.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.updateTable('responders').set({ deleted_at: new Date() }).where('id', '=', responder.id).execute();
    const comment = await k
      .insertInto('comments')
      .values({ incident_id: incident.id, comment: 'Scaling consumers', created_by: bob.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const evidence = await k
      .insertInto('evidences')
      .values({ hypothesis_id: h.id, type: 'check', created_by: alice.id, definition_of_done: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const setEvidence = (values: { done?: boolean; definition_of_done?: boolean }) =>
      k.updateTable('evidences').set(values).where('id', '=', evidence.id).execute();
    await setEvidence({ done: true });
    await k.updateTable('incidents').set({ status: 'resolved' }).where('id', '=', incident.id).execute();

    const events = await k
      .selectFrom('event_queue')
      .select(['name', 'properties'])
      .where('event_id', 'in', [incident.id, responder.id, comment.id, evidence.id])
      .where('name', 'like', 'incident.%')
      .execute();
    const byName = new Map(events.map((e) => [e.name, e.properties as Record<string, unknown>]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'incident.created',
        'incident.status_updated',
        'incident.status.resolved',
        'incident.responder.added',
        'incident.responder.removed',
        'incident.comment.added',
        'incident.dod.added',
        'incident.dod.passed',
      ].sort(),
    );
    for (const props of byName.values()) expect(props.id).toBe(incident.id);
    expect(byName.get('incident.created')).toMatchObject({ title: 'Queue backlog', description: '', severity: 'low' });
    expect(byName.get('incident.status.resolved')).toMatchObject({ status: 'resolved', previous_status: 'open' });
    expect(byName.get('incident.comment.added')).toMatchObject({ comment: 'Scaling consumers', author_id: bob.id });

    await setEvidence({ done: false });
    await setEvidence({ definition_of_done: false });
    const later = await k.selectFrom('event_queue').select('name').where('event_id', '=', evidence.id).execute();
    expect(later.map((e) => e.name)).toEqual(
      expect.arrayContaining(['incident.dod.regressed', 'incident.dod.removed']),
    );
  });

  it('stamps resolved and closed when the status reaches them', async () => {
    const incident = await buildIncident(k, alice.id);
    await k.updateTable('incidents').set({ status: 'resolved' }).where('id', '=', incident.id).execute();
    await k.updateTable('incidents').set({ status: 'closed' }).where('id', '=', incident.id).execute();
    const row = await k.selectFrom('incidents').selectAll().where('id', '=', incident.id).executeTakeFirstOrThrow();
    expect(row.resolved).toBeInstanceOf(Date);
    expect(row.closed).toBeInstanceOf(Date);
  });
});
