import type { Action, Role } from '@opsdeck/schema';

export { ACTIONS, type Action, RESOURCES, type Resource, ROLES, type Role } from '@opsdeck/schema';

/** Who is asking: a person, an access token's owner, an agent. */
export interface Subject {
  id: string;
  kind: 'person' | 'agent' | 'system';
  roles: Role[];
  teamIds: string[];
  name?: string;
  email?: string;
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
