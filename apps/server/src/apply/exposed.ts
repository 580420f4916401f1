import { exposeTable } from '../rest/whitelist.js';

// Scopes and permission groups shape who may do what, so reading and applying them is
// `permissions` like permission rows; they change through `apply` only (source of truth: YAML).
exposeTable('scopes', { resource: 'permissions', writable: false });
exposeTable('permission_groups', { resource: 'permissions', writable: false });
