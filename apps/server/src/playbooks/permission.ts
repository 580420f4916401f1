import type { ObjectAttributes, RelatedObjects } from '@opsdeck/schema/permissions';
import { DomainError } from '../errors.js';
import { authorize, type Decision } from '../rbac/authorize.js';
import type { Target } from '../rbac/permissions.js';
import type { Action, Resource, Subject } from '../rbac/resources.js';
import type { RunTargets } from './env.js';
import type { TargetKind } from './targets.js';

/**
 * Who may run a playbook, and on what: the one
 * `playbook:run` decision that starting a run, its parameters, a child run's parent, the list
 * of playbooks offered to run and a notification rule running its playbook all ask, so a menu
 * never offers what the run would refuse (approving a run asks the same of `playbook:approve`).
 * The subject is a person (or agent) or a notification (identity/people/subject.ts notificationSubject).
 */

export function forbid(subject: Subject, resource: Resource, action: Action, why: string): DomainError {
  return new DomainError('forbidden', why, {
    headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': resource, 'X-Rbac-Action': action },
  });
}

/** Throws 403 unless `subject` may `action` on `resource` (and `target`). */
export function requireTarget(
  subject: Subject,
  resource: Resource,
  action: Action,
  target: Target | undefined,
  what: string,
  object?: ObjectAttributes,
): void {
  // object selectors of permission rows are matched against `object` (this playbook, this config)
  const d = authorize(subject, resource, action, target, object ? { object } : {});
  if (!d.allowed) throw forbid(subject, resource, action, `${action} on ${what} is not allowed: ${d.reason}`);
}

/** A playbook as object selectors and run decisions see it (its category is its type). */
export interface PlaybookLike {
  id: string;
  name: string;
  namespace: string;
  category: string;
}

export const playbookObject = (p: PlaybookLike): ObjectAttributes => ({
  id: p.id,
  name: p.name,
  namespace: p.namespace,
  type: p.category,
});

/** A config, check or component row (loadTargets) as object selectors see it. */
export function targetObject(row: Record<string, unknown>): ObjectAttributes {
  const tags = (row.tags ?? null) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: String(row.id),
    name: str(row.name),
    namespace: str(row.namespace) ?? str(tags?.namespace),
    type: str(row.type),
    labels: (row.labels ?? null) as Record<string, unknown> | null,
    tags,
    status: str(row.status),
    health: str(row.health),
  };
}

const READ_RESOURCE: Record<TargetKind, Resource> = {
  config: 'config_scrapers',
  check: 'canaries',
  component: 'topologies',
};

/** Throws 403 unless `subject` may read the resource a run is on (`row`, as loadTargets loaded it). */
export function requireTargetRead(subject: Subject, kind: TargetKind, id: string, row: Record<string, unknown>): void {
  requireTarget(subject, READ_RESOURCE[kind], 'read', { [`${kind}_id`]: id }, `this ${kind}`, targetObject(row));
}

/** The actions permission rows grant on playbooks. */
export type PlaybookAction = Extract<Action, 'playbook:run' | 'playbook:approve'>;

/**
 * Whether `subject` may `action` (run, approve a run of) `playbook` on the resource `ids` name
 * (`env`: their rows, as loadTargets loaded them). Object selectors of the rows are matched
 * against the playbook and, for a row that also names configs or components, against the
 * config or component of the run.
 */
export function playbookDecision(
  subject: Subject,
  action: PlaybookAction,
  playbook: PlaybookLike,
  ids: RunTargets,
  env: Record<string, unknown>,
): Decision {
  const related: RelatedObjects = {
    ...(env.config ? { configs: targetObject(env.config as Record<string, unknown>) } : {}),
    ...(env.component ? { components: targetObject(env.component as Record<string, unknown>) } : {}),
  };
  const target: Target = {
    playbook_id: playbook.id,
    ...(ids.config_id ? { config_id: ids.config_id } : {}),
    ...(ids.component_id ? { component_id: ids.component_id } : {}),
  };
  return authorize(subject, 'playbooks', action, target, { object: playbookObject(playbook), related });
}

/** The `playbook:run` decision: starting a run, its parameters, a child's parent, the list offered to run. */
export const runDecision = (subject: Subject, playbook: PlaybookLike, ids: RunTargets, env: Record<string, unknown>) =>
  playbookDecision(subject, 'playbook:run', playbook, ids, env);

/**
 * Why `subject` may not `action` `what`. A notification holds no roles: only rows naming it as
 * subject let it run a playbook, so its refusal says which row to add.
 */
function playbookRefusal(subject: Subject, action: PlaybookAction, what: string, reason: string): string {
  if (subject.kind !== 'notification') return `${action} on ${what} is not allowed: ${reason}`;
  const verb = action === 'playbook:run' ? 'run' : 'approve runs of';
  return `notification ${subject.name ?? subject.id} may not ${verb} ${what}: add a permission with this notification as subject and action ${action} (${reason})`;
}

/** Throws 403 unless playbookDecision allows; `what` names the playbook in the message. */
export function requirePlaybookAction(
  subject: Subject,
  action: PlaybookAction,
  playbook: PlaybookLike,
  ids: RunTargets,
  env: Record<string, unknown>,
  what = `playbook ${playbook.name}`,
): void {
  const d = playbookDecision(subject, action, playbook, ids, env);
  if (!d.allowed) throw forbid(subject, 'playbooks', action, playbookRefusal(subject, action, what, d.reason));
}
