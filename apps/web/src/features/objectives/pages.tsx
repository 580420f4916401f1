export { ObjectivePage } from './ObjectivePage.js';
export { NEW_OBJECTIVE, ObjectivesPage } from './ObjectivesPage.js';
