import type { Action, Role } from '@opsdeck/schema';
import type { PermissionRule } from '@opsdeck/schema/permissions';
import type { TokenScope } from '@opsdeck/schema/tokenScope';

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
  /** That token's scope: authorize() refuses what lies outside it, whatever roles and rows say. */
  scope?: TokenScope;
}

/** One permission row as authorize() reads it (table `permissions`). */
export type { PermissionRule } from '@opsdeck/schema/permissions';

/** Maps an HTTP method to the RBAC action, as Mission Control's /db middleware does. */
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
