/** The incident screens the route config mounts. */
export { IncidentDetailPage } from './IncidentDetailPage.js';
export { IncidentsPage } from './IncidentsPage.js';
