import type { IncidentRuleSpec } from '@opsdeck/schema';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import type { Database } from '../../src/db/types.js';
import { runIncidentRules } from '../../src/incidents/rules/engine.js';
import { INCIDENT_RULES_JOB, startIncidentRulesJob } from '../../src/incidents/rules/job.js';
import { createTestDb } from '../helpers/index.js';
import { buildCheck, buildPerson, historyTypes, setCheckStatus } from './builders.js';

const MIN = 60_000;
let db: Db;
let k: Kysely<Database>;
let owner: string;

beforeAll(async () => {
  db = await createTestDb();
  k = db.kysely;
  owner = (await buildPerson(k, { name: 'Rule Owner' })).id;
});
afterAll(async () => {
  await db?.close();
});

async function buildRule(name: string, spec: IncidentRuleSpec) {
  return k
    .insertInto('incident_rules')
    .values({ name, spec: JSON.stringify(spec), created_by: owner })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const ruleIncidents = (ruleId: string) =>
  k.selectFrom('incidents').selectAll().where('incident_rule_id', '=', ruleId).orderBy('created_at').execute();

describe('incident rules on checks', () => {
  it('opens exactly one incident for a check failing past the age, and resolves and closes it after recovery', async () => {
    const t0 = new Date('2031-03-01T10:00:00Z');
    const clock = new ManualClock(t0);
    const checkId = await buildCheck(k, {
      name: 'api-latency',
      status: 'unhealthy',
      since: t0,
      labels: { team: 'pay' },
    });
    await buildCheck(k, { name: 'api-latency-staging', status: 'unhealthy', since: t0, labels: { team: 'ops' } });
    const rule = await buildRule('payments down', {
      checks: [{ name: 'api-*', labelSelector: 'team=pay' }],
      filter: { age: '5m' },
      template: { title: '{{ check.name }} is {{ check.status }}', severity: 'high', type: 'reliability' },
      autoResolve: { timeout: '10m' },
      autoClose: { timeout: '1h' },
    });

    clock.advance(4 * MIN);
    expect((await runIncidentRules(k, clock)).opened).toEqual([]);

    clock.advance(1 * MIN);
    const first = await runIncidentRules(k, clock);
    expect(first.opened).toHaveLength(1);
    clock.advance(1 * MIN);
    expect((await runIncidentRules(k, clock)).opened).toEqual([]);

    const [incident] = await ruleIncidents(rule.id);
    expect(await ruleIncidents(rule.id)).toHaveLength(1);
    expect(incident).toMatchObject({
      title: 'api-latency is unhealthy',
      status: 'open',
      severity: 'high',
      type: 'reliability',
      created_by: owner,
    });
    expect(incident?.created_at).toEqual(new Date(t0.getTime() + 5 * MIN));
    const evidence = await k
      .selectFrom('evidences')
      .innerJoin('hypotheses', 'hypotheses.id', 'evidences.hypothesis_id')
      .select(['evidences.check_id', 'evidences.definition_of_done', 'evidences.done', 'hypotheses.type'])
      .where('hypotheses.incident_id', '=', incident?.id as string)
      .executeTakeFirstOrThrow();
    expect(evidence).toMatchObject({ check_id: checkId, definition_of_done: true, done: false, type: 'root' });
    const created = await k
      .selectFrom('event_queue')
      .select('properties')
      .where('name', '=', 'incident.created')
      .where('event_id', '=', incident?.id as string)
      .executeTakeFirst();
    expect(created?.properties).toMatchObject({ incident_rule_id: rule.id, severity: 'high' });

    // recovers: nothing happens until the resolve timeout has passed
    const recovered = new Date(clock.now().getTime());
    await setCheckStatus(k, checkId, 'healthy', recovered);
    clock.advance(9 * MIN);
    expect((await runIncidentRules(k, clock)).resolved).toEqual([]);
    clock.advance(1 * MIN);
    expect((await runIncidentRules(k, clock)).resolved).toEqual([incident?.id]);
    const resolved = (await ruleIncidents(rule.id))[0];
    expect(resolved).toMatchObject({ status: 'resolved', resolved: new Date(recovered.getTime() + 10 * MIN) });
    const done = await k
      .selectFrom('evidences')
      .select('done')
      .where('check_id', '=', checkId)
      .executeTakeFirstOrThrow();
    expect(done.done).toBe(true);

    clock.advance(59 * MIN);
    expect((await runIncidentRules(k, clock)).closed).toEqual([]);
    clock.advance(1 * MIN);
    expect((await runIncidentRules(k, clock)).closed).toEqual([incident?.id]);
    expect(await historyTypes(k, incident?.id as string)).toEqual(
      expect.arrayContaining(['incident.created', 'incident.status_updated', 'evidence.done_definition_added']),
    );

    // fails again after the incident was closed: a new incident, not a reopened one
    await setCheckStatus(k, checkId, 'unhealthy', clock.now());
    clock.advance(5 * MIN);
    expect((await runIncidentRules(k, clock)).opened).toHaveLength(1);
    expect((await ruleIncidents(rule.id)).map((i) => i.status)).toEqual(['closed', 'open']);
  });

  it('leaves a recovered check alone when the rule has no timeouts, and honours breakOnMatch priority', async () => {
    const t0 = new Date('2031-04-01T10:00:00Z');
    const clock = new ManualClock(t0);
    const checkId = await buildCheck(k, { name: 'dns-resolver', status: 'unhealthy', since: t0, type: 'dns' });
    const high = await buildRule('dns high', {
      checks: [{ types: ['dns'] }],
      priority: 10,
      breakOnMatch: true,
      template: { title: 'DNS: {{check.name}}' },
    });
    const low = await buildRule('dns low', { checks: [{ name: 'dns-*' }], priority: 1 });

    await runIncidentRules(k, clock);
    expect(await ruleIncidents(high.id)).toHaveLength(1);
    expect(await ruleIncidents(low.id)).toHaveLength(0);

    await setCheckStatus(k, checkId, 'healthy', clock.now());
    clock.advance(24 * 60 * MIN);
    const run = await runIncidentRules(k, clock);
    expect(run.resolved).toEqual([]);
    expect((await ruleIncidents(high.id))[0]?.status).toBe('open');
  });

  it('skips a rule whose spec is invalid and says why in the job history', async () => {
    const clock = new ManualClock(new Date('2031-05-01T10:00:00Z'));
    await buildRule('broken', { filter: { age: 'soon' } } as IncidentRuleSpec);
    const job = startIncidentRulesJob({ db: k, clock, intervalMs: 3_600_000 });
    try {
      const result = await job.runOnce();
      expect(result.invalidRules.broken).toContain('filter.age');
    } finally {
      await job.stop();
    }
    const row = await k
      .selectFrom('job_history')
      .selectAll()
      .where('name', '=', INCIDENT_RULES_JOB)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'WARNING', error_count: 1, time_start: clock.now() });
    expect(JSON.stringify(row.details)).toContain('broken: filter.age');
  });

  it('opens an incident for an unhealthy topology component its components selectors match, and resolves it', async () => {
    const t0 = new Date('2031-07-01T10:00:00Z');
    const clock = new ManualClock(t0);
    await k.deleteFrom('incident_rules').where('name', '=', 'broken').execute();
    const [component] = (
      await sql<{ id: string }>`
        insert into components (name, external_id, type, health, status, labels, last_transition_time)
        values ('checkout', 'checkout', 'KubernetesPod', 'unhealthy', 'unhealthy', '{"team":"shop"}', ${new Date(t0.getTime() - 10 * MIN)})
        returning id`.execute(k)
    ).rows;
    const rule = await buildRule('pods down', {
      components: [{ types: ['KubernetesPod'], labelSelector: 'team=shop' }],
      filter: { age: '5m' },
      autoResolve: { timeout: '1m' },
      template: { title: '{{component.name}} is {{component.status}}' },
    });
    const first = await runIncidentRules(k, clock);
    expect(first.warnings).toEqual([]);
    const [incident] = await ruleIncidents(rule.id);
    expect(incident).toMatchObject({ title: 'checkout is unhealthy', status: 'open' });
    const evidence = await k
      .selectFrom('evidences as e')
      .innerJoin('hypotheses as h', 'h.id', 'e.hypothesis_id')
      .select(['e.type', 'e.component_id', 'e.check_id'])
      .where('h.incident_id', '=', incident?.id as string)
      .executeTakeFirstOrThrow();
    expect(evidence).toEqual({ type: 'topology', component_id: component?.id, check_id: null });
    expect((await runIncidentRules(k, clock)).opened).toEqual([]); // never a duplicate

    await sql`update components set health = 'healthy', status = 'healthy', last_transition_time = ${t0}
      where id = ${component?.id}`.execute(k);
    clock.advance(2 * MIN);
    expect((await runIncidentRules(k, clock)).resolved).toEqual([incident?.id]);
  });
});
