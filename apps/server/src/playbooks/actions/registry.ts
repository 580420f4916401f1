import type { ActionType as ActionTypeName } from '@opsdeck/schema';
import { execAction } from './exec.js';
import { githubAction } from './github.js';
import { gitopsAction } from './gitops.js';
import { httpAction } from './http.js';
import { logsAction } from './logs.js';
import { notificationAction } from './notification.js';
import { prometheusAction } from './prometheus.js';
import { reportAction } from './report.js';
import { sqlAction } from './sql.js';
import type { ActionType } from './types.js';

/** The action types the engine runs, by the field that names them in a spec. */
export const ACTIONS: Record<ActionTypeName, ActionType<never>> = {
  exec: execAction as ActionType<never>,
  http: httpAction as ActionType<never>,
  sql: sqlAction as ActionType<never>,
  notification: notificationAction as ActionType<never>,
  gitops: gitopsAction as ActionType<never>,
  prometheus: prometheusAction as ActionType<never>,
  logs: logsAction as ActionType<never>,
  github: githubAction as ActionType<never>,
  report: reportAction as ActionType<never>,
};
