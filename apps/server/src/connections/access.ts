import { authorize } from '../rbac/authorize.js';
import type { Subject } from '../rbac/resources.js';

/** What a permission row can select a connection by. */
export interface ConnectionObject {
  id: string;
  name: string;
  namespace: string;
  type: string;
}

/**
 * Why `subject` may not use the stored secrets of `connection`, or undefined when it may: using
 * them (a playbook's `valueFrom`, an action's `connection:`) needs read on that connection, asked
 * of the one RBAC decision with the connection as the object, so a deny row on it counts.
 */
export function connectionUseRefusal(subject: Subject, connection: ConnectionObject): string | undefined {
  const decision = authorize(subject, 'connections', 'read', undefined, { object: connection });
  if (decision.allowed) return undefined;
  const who = subject.name ?? subject.email ?? subject.id;
  return `${who} may not read connection ${connection.namespace}/${connection.name} (${decision.reason}), so its secrets are not used`;
}
