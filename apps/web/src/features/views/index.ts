/** What other features use to show views (application reports render their sections as views). */
export { type ViewRef, viewQueries } from './api.js';
export { ViewBody, ViewSection } from './ViewContent.js';
export { ViewPanels } from './ViewPanels.js';
