/** RBAC resources of spec part 1 section 6. */
export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  'views',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete', 'playbook:run', 'playbook:approve'] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest', 'agent'] as const;
export type Role = (typeof ROLES)[number];

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
