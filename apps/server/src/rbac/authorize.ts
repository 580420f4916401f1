import type { Action, Resource, Role, Subject } from './resources.js';

const NO_READ_FOR_RESPONDERS: ReadonlySet<Resource> = new Set(['rbac', 'identities', 'connections']);
const EDITOR_NO_WRITE: ReadonlySet<Resource> = new Set(['connections', 'identities', 'rbac']);
const RESPONDER_WRITE: ReadonlySet<Resource> = new Set(['responder', 'incident', 'evidences', 'comments']);

/** The role grants of spec part 1 section 6: can `role` perform `action` on `resource`? */
export function roleAllows(role: Role, resource: Resource, action: Action): boolean {
  const write = action !== 'read';
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return !write || !EDITOR_NO_WRITE.has(resource);
    case 'commander':
    case 'responder':
      if (NO_READ_FOR_RESPONDERS.has(resource)) return false;
      return !write || RESPONDER_WRITE.has(resource);
    case 'viewer':
    case 'guest':
      return !write && !NO_READ_FOR_RESPONDERS.has(resource);
    case 'agent':
      return false;
  }
}

export interface Decision {
  allowed: boolean;
  reason: string;
}

/**
 * The one decision point: every route and every /api/db table asks here.
 * Role grants now; the identity issue adds permission rows (deny wins) behind the same signature.
 */
export function authorize(subject: Subject, resource: Resource, action: Action): Decision {
  const role = subject.roles.find((r) => roleAllows(r, resource, action));
  if (role) return { allowed: true, reason: `role ${role}` };
  return { allowed: false, reason: `no role of [${subject.roles.join(', ')}] grants ${action} on ${resource}` };
}
