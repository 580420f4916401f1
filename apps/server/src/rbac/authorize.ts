import { roleAllows } from '@opsdeck/schema';
import type { Action, Resource, Subject } from './resources.js';

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
