export { ApplicationsPage } from './ApplicationsPage.js';
export { ApplicationReportPage as ApplicationPage } from './ReportPage.js';
