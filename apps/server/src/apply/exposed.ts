import { exposeTable } from '../rest/whitelist.js';

/** Serves apply's scopes and permission groups under /api/db; the app calls it when it starts. */
export function exposeApply(): void {
  // Scopes and permission groups shape who may do what, so reading and applying them is
  // `permissions` like permission rows; they change through `apply` only (source of truth: YAML).
  exposeTable('scopes', { resource: 'permissions', writable: false });
  exposeTable('permission_groups', { resource: 'permissions', writable: false });
}
