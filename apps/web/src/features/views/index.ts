/** What other features use to show views (application reports render their sections as views). */
export { type ConfigTabView, type ViewRef, viewQueries } from './api.js';
export { ConfigViewTab } from './ConfigViewTab.js';
export { ViewBody, ViewSection } from './ViewContent.js';
export { ViewPanels } from './ViewPanels.js';
