/** RBAC resources: what a role grant or a permission row names. */
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

/** Running a check on demand: the roles that edit, and those that answer incidents and need fresh results. */
const RUN_NOW_ROLES: ReadonlySet<Role> = new Set(['admin', 'editor', 'responder', 'commander']);

/** May someone holding `roles` run a check now? */
export function mayRunChecks(roles: readonly Role[]): boolean {
  return roles.some((r) => RUN_NOW_ROLES.has(r));
}

const NO_READ_FOR_RESPONDERS: ReadonlySet<Resource> = new Set(['rbac', 'identities', 'connections']);
const EDITOR_NO_WRITE: ReadonlySet<Resource> = new Set(['connections', 'identities', 'rbac']);
const RESPONDER_WRITE: ReadonlySet<Resource> = new Set(['responder', 'incident', 'evidences', 'comments']);

/** The role grants: can `role` perform `action` on `resource`? */
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
