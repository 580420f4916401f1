import { ACTIVE_INCIDENT_STATUSES, type IncidentStatus, incidentRuleSpecSchema } from '@opsdeck/schema';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { setActor } from '../actor.js';
import type { Executor } from '../executor.js';
import type { CheckState } from './checkState.js';
import type { Rule, RuleIncident } from './plan.js';
import { renderTemplate } from './template.js';

/** Marks the evidence a rule attaches, so the engine finds "its" incident for a check again. */
export const RULE_EVIDENCE_SOURCE = 'incident_rule';

/** Live rules whose spec parses, and the names of those whose spec does not (with why). */
export async function loadRules(db: Executor): Promise<{ rules: Rule[]; invalid: Record<string, string> }> {
  const rows = await db
    .selectFrom('incident_rules')
    .select(['id', 'name', 'spec', 'created_by'])
    .where('deleted_at', 'is', null)
    .execute();
  const rules: Rule[] = [];
  const invalid: Record<string, string> = {};
  for (const row of rows) {
    const parsed = incidentRuleSpecSchema.safeParse(row.spec ?? {});
    if (parsed.success) rules.push({ id: row.id, name: row.name, createdBy: row.created_by, spec: parsed.data });
    else invalid[row.name] = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  }
  return { rules, invalid };
}

/** Incidents opened by a rule for a check, component or objective and not closed yet (uses evidences_check_idx). */
export async function loadRuleIncidents(db: Executor): Promise<RuleIncident[]> {
  const rows = await db
    .selectFrom('incidents as i')
    .innerJoin('hypotheses as h', 'h.incident_id', 'i.id')
    .innerJoin('evidences as e', 'e.hypothesis_id', 'h.id')
    .select(['i.id', 'i.incident_rule_id', 'i.status', 'i.resolved', 'e.check_id', 'e.component_id', 'e.objective_id'])
    .where('i.incident_rule_id', 'is not', null)
    .where('i.status', '!=', 'closed')
    .where((eb) =>
      eb.or([
        eb('e.check_id', 'is not', null),
        eb('e.component_id', 'is not', null),
        eb('e.objective_id', 'is not', null),
      ]),
    )
    .where(sql<string>`e.properties->>'source'`, '=', RULE_EVIDENCE_SOURCE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ruleId: r.incident_rule_id as string,
    checkId: (r.check_id ?? r.component_id ?? r.objective_id) as string,
    status: r.status,
    resolved: r.resolved,
  }));
}

/** How a rule's incident names what it was opened for: evidence type, column and the default title. */
const EVIDENCE = {
  check: { type: 'check', column: 'check_id', title: '{{check.name}} is {{check.status}}' },
  component: { type: 'topology', column: 'component_id', title: '{{check.name}} is {{check.status}}' },
  objective: {
    type: 'objective',
    column: 'objective_id',
    title: 'Objective {{objective.name}}: {{objective.category}}',
  },
} as const;

/**
 * Opens the rule's incident for a failing check: the incident from the rule's template, a root
 * hypothesis and the check as definition-of-done evidence, in one transaction. Serialized per
 * (rule, check) with an advisory lock and re-checked inside it, so concurrent workers never open
 * a duplicate. Returns the new incident's id, or null when an active one already exists.
 */
export async function openRuleIncident(
  db: Kysely<Database>,
  rule: Rule,
  check: CheckState,
  now: Date,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`incident_rule:${rule.id}:${check.id}`}, 0))`.execute(
      trx,
    );
    const existing = (await loadRuleIncidents(trx)).find(
      (i) => i.ruleId === rule.id && i.checkId === check.id && ACTIVE_INCIDENT_STATUSES.includes(i.status),
    );
    if (existing) return null;

    const t = rule.spec.template ?? {};
    const kind = check.kind ?? 'check';
    const evidence = EVIDENCE[kind];
    const state = { ...check, last_transition_time: check.lastTransitionTime };
    const vars = {
      check: state,
      ...(kind === 'check' ? {} : { [kind]: state }),
      rule: { id: rule.id, name: rule.name },
    };
    const author = t.created_by ?? rule.createdBy;
    await setActor(trx, author);
    const title = renderTemplate(t.title ?? evidence.title, vars).trim() || `${check.name} is failing`;
    const incident = await trx
      .insertInto('incidents')
      .values({
        title,
        description: renderTemplate(t.description ?? '', vars),
        type: t.type ?? 'availability',
        severity: t.severity ?? 'low',
        status: t.status ?? 'open',
        created_by: author,
        commander_id: t.commander_id ?? null,
        communicator_id: t.communicator_id ?? null,
        incident_rule_id: rule.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hypothesis = await trx
      .insertInto('hypotheses')
      .values({ incident_id: incident.id, title, type: 'root', status: 'likely', created_by: author, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('evidences')
      .values({
        hypothesis_id: hypothesis.id,
        type: evidence.type,
        [evidence.column]: check.id,
        description: `${check.name} is ${check.status ?? 'failing'}`,
        definition_of_done: true,
        done: false,
        created_by: author,
        evidence: JSON.stringify({
          [kind]: { id: check.id, name: check.name, status: check.status },
        }),
        properties: JSON.stringify({ source: RULE_EVIDENCE_SOURCE, incident_rule_id: rule.id }),
        created_at: now,
      })
      .execute();
    return incident.id;
  });
}

/**
 * Moves a rule's incident to `resolved` or `closed` (only from a status that may still move there),
 * marking the check evidence done when the check has recovered. Returns whether it moved.
 */
export async function settleRuleIncident(
  db: Kysely<Database>,
  rule: Rule,
  incidentId: string,
  to: Extract<IncidentStatus, 'resolved' | 'closed'>,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await setActor(trx, rule.spec.template?.created_by ?? rule.createdBy);
    const from: IncidentStatus[] =
      to === 'resolved' ? [...ACTIVE_INCIDENT_STATUSES] : [...ACTIVE_INCIDENT_STATUSES, 'resolved'];
    const moved = await trx
      .updateTable('incidents')
      .set(to === 'resolved' ? { status: to, resolved: now } : { status: to, closed: now })
      .where('id', '=', incidentId)
      .where('status', 'in', from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    await trx
      .updateTable('evidences')
      .set({ done: true })
      .where('hypothesis_id', 'in', (eb) =>
        eb.selectFrom('hypotheses').select('id').where('incident_id', '=', incidentId),
      )
      .where(sql<string>`properties->>'source'`, '=', RULE_EVIDENCE_SOURCE)
      .execute();
    return true;
  });
}
