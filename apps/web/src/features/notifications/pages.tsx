// The notification screens the route config names (app/routes/mainRoutes.tsx), one file each.
export { AddSilencePage } from './pages/AddSilencePage.js';
export { NotificationsPage } from './pages/NotificationsPage.js';
export { ResourceNotificationsPage } from './pages/ResourceNotificationsPage.js';
export { RulesPage as NotificationRulesPage } from './pages/RulesPage.js';
export { SilencesPage } from './pages/SilencesPage.js';
