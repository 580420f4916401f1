import { roleAllows } from '@opsdeck/schema';
import { scopeAllows } from '@opsdeck/schema/tokenScope';
import { matchingRules, type Target } from './permissions.js';
import type { Action, Resource, Subject } from './resources.js';

export interface Decision {
  allowed: boolean;
  reason: string;
}

/**
 * The one decision point: every route and every /api/db table asks here. A scoped access token
 * is refused whatever lies outside its scope.
 * A matching deny row wins over everything; then the subject's roles (spec part 1 section 6);
 * then allow rows. `target` narrows the check to one resource (a playbook to run).
 */
export function authorize(subject: Subject, resource: Resource, action: Action, target?: Target): Decision {
  if (!scopeAllows(subject.scope, resource, action))
    return { allowed: false, reason: `${action} on ${resource} is outside the access token's scope` };
  const rules = matchingRules(subject.permissions ?? [], resource, action, target);
  const deny = rules.find((r) => r.deny);
  if (deny) return { allowed: false, reason: `denied by permission ${deny.id}` };
  const role = subject.roles.find((r) => roleAllows(r, resource, action));
  if (role) return { allowed: true, reason: `role ${role}` };
  const allow = rules.find((r) => !r.deny);
  if (allow) return { allowed: true, reason: `allowed by permission ${allow.id}` };
  return { allowed: false, reason: `no role of [${subject.roles.join(', ')}] grants ${action} on ${resource}` };
}
