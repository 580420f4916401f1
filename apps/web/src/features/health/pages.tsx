import { prefetchSummary } from './useSummary.js';

export { HealthPage } from './HealthPage.js';

// The route config imports this module when the app starts: on a /health URL the summary, the
// page's slowest request, starts now instead of after the session and feature flags are in.
if (typeof window !== 'undefined') prefetchSummary(window.location);
