/**
 * The public face of health: what other domains may use (saving and validating canaries, running
 * one check, schedules, the worker and routes the server starts). Everything else in health/ is
 * internal; shared clients (HTTP, SQL, Kubernetes, git, files) live in integrations/ instead.
 */

export { deleteCanary, deriveChecks, ensureSchedule, saveCanary } from './canaries.js';
export { CanaryFileError, CanaryValidationError, parseCanaryFile, validateCanary } from './canaryYaml.js';
export { checkTypeFor } from './checks/registry.js';
export { closeCheckDrivers } from './drivers.js';
export { type HealthWorker, startHealthWorker } from './engine.js';
export { type CheckResult, checkExpressionIssues, type ExecuteContext, executeCheck } from './execute.js';
export { canaryCheckRows } from './junitMode.js';
export { histogramQuantile } from './latency.js';
export { exposeHealth } from './rest.js';
export { healthRoutes } from './routes.js';
export { CanaryRunner, type RunnableCanary } from './runner.js';
export { createSampleCanary, sampleDataEnabled } from './sample.js';
export { parseSchedule, type Schedule, ScheduleError } from './schedule.js';
export { healthSummaryRoutes } from './summaryRoutes.js';
