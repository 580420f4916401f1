import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import type { Database } from '../../src/db/types.js';
import { setActor } from '../../src/incidents/actor.js';
import { createTestDb } from '../helpers/index.js';
import { buildHypothesis, buildIncident, buildPerson, historyTypes } from './builders.js';

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

describe('incident tables', () => {
  it('opens a new incident as open, low, availability, with a short human id', async () => {
    const a = await buildIncident(k, alice.id);
    const b = await buildIncident(k, alice.id, { title: 'Second' });
    expect(a).toMatchObject({ status: 'open', severity: 'low', type: 'availability', description: '' });
    expect(a.incident_id).toMatch(/^INC-\d{4,}$/);
    expect(Number(b.incident_id.slice(4))).toBe(Number(a.incident_id.slice(4)) + 1);
  });

  it('keeps open when a client sends an explicit null status, and lower-cases a severity', async () => {
    const row = await k
      .insertInto('incidents')
      .values({ title: 'Null status', created_by: alice.id, status: null as never, severity: 'Medium' as never })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    expect(row.severity).toBe('medium');
  });

  it('refuses a status, type or severity outside the spec lists', async () => {
    await expect(buildIncident(k, alice.id, { status: 'bogus' as never })).rejects.toMatchObject({ code: '23514' });
    await expect(
      k
        .insertInto('incidents')
        .values({ title: 'x', created_by: alice.id, type: 'weather' as never })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('takes created_by from the transaction actor when the insert leaves it out', async () => {
    const row = await k.transaction().execute(async (trx) => {
      await setActor(trx, bob.id);
      return trx.insertInto('incidents').values({ title: 'By actor' }).returningAll().executeTakeFirstOrThrow();
    });
    expect(row.created_by).toBe(bob.id);
  });
});

describe('deleting', () => {
  it('deletes a hypothesis with its sub-hypotheses, comments and evidences, keeping the timeline', async () => {
    const incident = await buildIncident(k, alice.id);
    const root = await buildHypothesis(k, incident.id, alice.id, 'Root');
    const factor = await k
      .insertInto('hypotheses')
      .values({ incident_id: incident.id, parent_id: root.id, type: 'factor', title: 'Factor', created_by: alice.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    const other = await buildHypothesis(k, incident.id, alice.id, 'Unrelated');
    for (const h of [root, factor, other]) {
      await k.insertInto('evidences').values({ hypothesis_id: h.id, type: 'log', created_by: alice.id }).execute();
      await k
        .insertInto('comments')
        .values({ hypothesis_id: h.id, comment: `on ${h.title}`, created_by: alice.id })
        .execute();
    }

    await k.deleteFrom('hypotheses').where('id', '=', root.id).execute();

    const hypotheses = await k
      .selectFrom('hypotheses')
      .select('title')
      .where('incident_id', '=', incident.id)
      .execute();
    expect(hypotheses.map((h) => h.title)).toEqual(['Unrelated']);
    const evidences = await k
      .selectFrom('evidences')
      .select('hypothesis_id')
      .where('hypothesis_id', 'in', [root.id, factor.id, other.id])
      .execute();
    expect(evidences).toEqual([{ hypothesis_id: other.id }]);
    const comments = await k.selectFrom('comments').select('comment').where('incident_id', '=', incident.id).execute();
    expect(comments).toEqual([{ comment: 'on Unrelated' }]);
    expect(await historyTypes(k, incident.id)).toContain('hypothesis.created');
  });

  it('deletes an incident with everything that hangs off it', async () => {
    const incident = await buildIncident(k, alice.id);
    const h = await buildHypothesis(k, incident.id, alice.id);
    await k
      .insertInto('comments')
      .values({ incident_id: incident.id, hypothesis_id: h.id, comment: 'x', created_by: alice.id })
      .execute();
    await k
      .insertInto('responders')
      .values({ incident_id: incident.id, person_id: bob.id, created_by: alice.id })
      .execute();
    await k.deleteFrom('incidents').where('id', '=', incident.id).execute();
    expect(await historyTypes(k, incident.id)).toEqual([]);
    expect(await k.selectFrom('responders').select('id').where('incident_id', '=', incident.id).execute()).toEqual([]);
  });

  it('deletes an incident rule and keeps the incidents it opened', async () => {
    const rule = await k
      .insertInto('incident_rules')
      .values({ name: 'gone soon', created_by: alice.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const incident = await k
      .insertInto('incidents')
      .values({ title: 'By rule', created_by: alice.id, incident_rule_id: rule.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.deleteFrom('incident_rules').where('id', '=', rule.id).execute();
    const row = await k
      .selectFrom('incidents')
      .select('incident_rule_id')
      .where('id', '=', incident.id)
      .executeTakeFirst();
    expect(row).toEqual({ incident_rule_id: null });
  });

  it('refuses the same person as responder twice', async () => {
    const incident = await buildIncident(k, alice.id);
    const add = () =>
      k
        .insertInto('responders')
        .values({ incident_id: incident.id, person_id: bob.id, created_by: alice.id })
        .execute();
    await add();
    await expect(add()).rejects.toMatchObject({ code: '23505' });
  });
});

describe('incident views', () => {
  it('summarises commander, creator, responders and commenters per incident', async () => {
    const incident = await buildIncident(k, alice.id, { commander_id: bob.id, severity: 'high' });
    await k
      .insertInto('responders')
      .values({ incident_id: incident.id, person_id: bob.id, created_by: alice.id })
      .execute();
    await k.insertInto('comments').values({ incident_id: incident.id, comment: 'a', created_by: alice.id }).execute();
    await k.insertInto('comments').values({ incident_id: incident.id, comment: 'b', created_by: alice.id }).execute();
    const { rows } = await db.pool.query('select * from incident_summary where id = $1', [incident.id]);
    expect(rows[0]).toMatchObject({
      incident_id: incident.incident_id,
      severity: 'high',
      status: 'open',
      commander: { id: bob.id, name: 'Bob', avatar: null },
      creator: { id: alice.id, name: 'Alice' },
      responders: [{ id: bob.id, name: 'Bob', avatar: null }],
      commenters: [{ id: alice.id, name: 'Alice', avatar: null }],
    });
  });

  it('lists incidents by the component and config item their evidence names', async () => {
    const incident = await buildIncident(k, alice.id, { title: 'Linked' });
    const h = await buildHypothesis(k, incident.id, alice.id);
    const componentId = '0b5e3d1e-0000-4000-8000-000000000001';
    const configId = '0b5e3d1e-0000-4000-8000-000000000002';
    for (const e of [
      { component_id: componentId, type: 'topology' },
      { component_id: componentId, type: 'log' },
      { config_id: configId, type: 'config' },
    ]) {
      await k
        .insertInto('evidences')
        .values({ hypothesis_id: h.id, created_by: alice.id, ...e })
        .execute();
    }
    const byComponent = await db.pool.query('select * from incidents_by_component where component_id = $1', [
      componentId,
    ]);
    expect(byComponent.rows).toEqual([expect.objectContaining({ id: incident.id, title: 'Linked', status: 'open' })]);
    const byConfig = await db.pool.query('select * from incidents_by_config where config_id = $1', [configId]);
    expect(byConfig.rows).toEqual([expect.objectContaining({ id: incident.id, severity: 'low' })]);
  });
});
