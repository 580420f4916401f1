import { type Action, type Resource, ROLES, type Role, roleAllows } from '@opsdeck/schema/rbac';

/** The roles of a whoami answer that OpsDeck knows; unknown names grant nothing. */
export function knownRoles(roles: readonly string[]): Role[] {
  return roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/** Whether any of `roles` allows `action` on `resource` (the server decides the same way). */
export function rolesAllow(roles: readonly Role[], resource: Resource, action: Action = 'read'): boolean {
  return roles.some((role) => roleAllows(role, resource, action));
}

/** isAdmin: the admin role. */
export function isAdminRoles(roles: readonly Role[]): boolean {
  return roles.includes('admin');
}

/**
 * isViewer (viewer or guest), read as "only viewer or guest": someone
 * who is also an editor or admin is not treated as a viewer and keeps the Settings menu.
 */
export function isViewerRoles(roles: readonly Role[]): boolean {
  return roles.length > 0 && roles.every((r) => r === 'viewer' || r === 'guest');
}
