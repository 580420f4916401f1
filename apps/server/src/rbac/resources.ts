import type { Action, Role } from '@opsdeck/schema';

export { ACTIONS, type Action, RESOURCES, type Resource, ROLES, type Role } from '@opsdeck/schema';

/** Who is asking: a person, an access token's owner, an agent, a notification running a playbook. */
export interface Subject {
  id: string;
  kind: 'person' | 'agent' | 'system' | 'notification';
  roles: Role[];
  teamIds: string[];
  name?: string;
  email?: string;
  /** Permission rows naming this subject or its teams, already cut to those in force (`until`). */
  permissions?: PermissionRule[];
  /** The access token the request was signed with (tokens it creates are its children). */
  tokenId?: string;
}

/** One permission row as authorize() reads it (table `permissions`). */
export interface PermissionRule {
  id: string;
  /** `read`, `*`, `create,read,update,delete`, `playbook:run`, ... */
  action: string;
  deny: boolean;
  /** A global object (spec part 2 section 6) or a resource name; null when a specific resource is named. */
  object: string | null;
  component_id?: string | null;
  config_id?: string | null;
  canary_id?: string | null;
  playbook_id?: string | null;
  connection_id?: string | null;
}

/** Maps an HTTP method to the RBAC action, as the reference's /db middleware does. */
export function actionForMethod(method: string): Action {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'create';
    case 'PATCH':
    case 'PUT':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'read';
  }
}
