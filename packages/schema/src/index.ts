export { checkSchemas } from './canary/checks/index.js';
export { ACTIONS, type Action, RESOURCES, type Resource, ROLES, type Role, roleAllows } from './rbac.js';
