export * from './canary/checks/common.js';
export { checkSchemas } from './canary/checks/index.js';
export * from './canary/checks/units.js';
export { ACTIONS, type Action, RESOURCES, type Resource, ROLES, type Role, roleAllows } from './rbac.js';
