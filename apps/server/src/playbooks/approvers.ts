import type { PlaybookApproval, PlaybookSpec } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import type { Subject } from '../rbac/resources.js';
import { forbid, type PlaybookLike, playbookDecision } from './permission.js';

/**
 * Who the approvers of a playbook are, and who may change an approval-gated playbook. The gate
 * holds only if whoever it binds cannot lift it: a change to a gated playbook (any change: a
 * rewritten action weakens the gate as surely as a removed `approval`) needs an admin, or a
 * listed approver who holds `playbook:approve` on it.
 */

/** How `personId` is listed among `approval`'s approvers: by email, and the listed teams they belong to. */
export async function listedApprover(
  db: Executor,
  personId: string,
  approval: PlaybookApproval,
): Promise<{
  person?: { id: string; email: string | null };
  asPerson: boolean;
  teams: { id: string; name: string }[];
}> {
  const person = await db.selectFrom('people').select(['id', 'email']).where('id', '=', personId).executeTakeFirst();
  const people = (approval.approvers.people ?? []).map((p) => p.toLowerCase());
  const teams = approval.approvers.teams?.length
    ? await db
        .selectFrom('teams')
        .innerJoin('team_members', 'team_members.team_id', 'teams.id')
        .select(['teams.id', 'teams.name'])
        .where('teams.name', 'in', approval.approvers.teams)
        .where('team_members.person_id', '=', personId)
        .execute()
    : [];
  const asPerson = !!person?.email && people.includes(person.email.toLowerCase());
  return { ...(person ? { person } : {}), asPerson, teams };
}

/** A playbook row as the gate sees it: its identity and its current spec. */
export interface GatedPlaybook extends PlaybookLike {
  spec: unknown;
}

/** Throws 403 unless `subject` may change `playbook` (always, when its spec has no `approval`). */
export async function requireGateKeeper(db: Executor, subject: Subject, playbook: GatedPlaybook): Promise<void> {
  const approval = (playbook.spec as PlaybookSpec | null)?.approval;
  if (!approval || subject.kind === 'system' || subject.roles.includes('admin')) return;
  const why = `playbook ${playbook.name} needs approval to run: only an admin or one of its approvers holding playbook:approve may change it`;
  if (subject.kind !== 'person') throw forbid(subject, 'playbooks', 'playbook:approve', why);
  if (!playbookDecision(subject, 'playbook:approve', playbook, {}, {}).allowed) {
    throw forbid(subject, 'playbooks', 'playbook:approve', why);
  }
  const listed = await listedApprover(db, subject.id, approval);
  if (!listed.asPerson && listed.teams.length === 0) throw forbid(subject, 'playbooks', 'playbook:approve', why);
}
