export { checkSchemas } from './canary/checks/index.js';
