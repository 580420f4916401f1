import { z } from 'zod';
import { metadataSchema, scheduleProblem } from './canary/canary.js';
import { viewSectionSchema } from './views/section.js';
import { resourceSelectorShape } from './views/selector.js';

/**
 * The Application resource as Mission Control writes it (`apiVersion:
 * mission-control.flanksource.com/v1`, `kind: Application`): a named set of catalog selectors
 * (logins, datasources, access reviews, roles, environments) whose configs make up the
 * application's audit report, plus properties and sections. Unknown fields are refused with their
 * path so a typo does not silently drop part of the report.
 */

export const APPLICATION_API_VERSION = 'mission-control.flanksource.com/v1';

/** A ResourceSelector over catalog items (the fields /resources/search accepts, and the CRD's). */
export const appSelectorShape = resourceSelectorShape;
export const appSelectorSchema = z.strictObject(appSelectorShape);
export type AppSelector = z.infer<typeof appSelectorSchema>;

const propertySchema = z.strictObject({
  name: z.string().optional(),
  label: z.string().optional(),
  text: z.string().optional(),
  value: z.number().optional(),
  unit: z.string().optional(),
  icon: z.string().optional(),
  type: z.string().optional(),
  tooltip: z.string().optional(),
  color: z.string().optional(),
  order: z.number().int().optional(),
  headline: z.boolean().optional(),
  hidden: z.boolean().optional(),
  links: z
    .array(
      z.strictObject({
        type: z.string().optional(),
        url: z.string().optional(),
        icon: z.string().optional(),
        label: z.string().optional(),
        text: z.string().optional(),
        tooltip: z.string().optional(),
      }),
    )
    .optional(),
});

/** A section of the report: another View (by reference) or a catalog list (uiRef), as views write them. */
export const appSectionSchema = viewSectionSchema;
export type AppSection = z.infer<typeof appSectionSchema>;

const scheduleSchema = z.string().superRefine((v, ctx) => {
  const problem = scheduleProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const applicationSpecSchema = z.strictObject({
  type: z.string().optional(),
  description: z.string().optional(),
  /** When the report is rebuilt and stored (`@every 1h`, `@daily`, cron); without one it is built on each request. */
  schedule: scheduleSchema.optional(),
  properties: z.array(propertySchema).optional(),
  sections: z.array(appSectionSchema).optional(),
  mapping: z
    .strictObject({
      logins: z.array(appSelectorSchema).optional(),
      datasources: z.array(appSelectorSchema).optional(),
      accessReviews: z.array(appSelectorSchema).optional(),
      roles: z.array(z.strictObject({ ...appSelectorShape, role: z.string().min(1, 'role is required') })).optional(),
      environments: z
        .record(z.string(), z.array(z.strictObject({ ...appSelectorShape, purpose: z.string().optional() })))
        .optional(),
    })
    .optional(),
});
export type ApplicationSpec = z.infer<typeof applicationSpecSchema>;

/** A whole Application document. */
export const applicationSchema = z.looseObject({
  apiVersion: z.literal(APPLICATION_API_VERSION, { error: `expected ${APPLICATION_API_VERSION}` }),
  kind: z.literal('Application', { error: 'expected Application' }),
  metadata: metadataSchema,
  spec: applicationSpecSchema,
  status: z.unknown().optional(),
});
export type ApplicationResource = z.infer<typeof applicationSchema>;

/** Change types that are backups, and restores (Mission Control's lists). */
export const BACKUP_CHANGE_TYPES = [
  'BackupCompleted',
  'BackupEnqueued',
  'BackupFailed',
  'BackupRunning',
  'BackupStarted',
  'BackupSuccessful',
] as const;
export const RESTORE_CHANGE_TYPES = ['BackupRestored', 'RestoreCompleted'] as const;

/** The audit report GET /api/application/:namespace/:name answers. */
export interface ApplicationReport {
  id: string;
  name: string;
  namespace: string;
  type: string | null;
  description: string | null;
  /** The spec's schedule: the report was built then (generatedAt), not on this request. */
  schedule: string | null;
  properties: Array<z.infer<typeof propertySchema>>;
  createdAt: string;
  generatedAt: string;
  accessControl: {
    users: Array<{
      id: string;
      name: string;
      email: string | null;
      role: string | null;
      authType: string | null;
      config: string | null;
      created: string;
      lastLogin: string | null;
      lastAccessReview: string | null;
    }>;
    authentication: Array<{
      authType: string;
      users: number;
      logins: number;
      mfaLogins: number;
      lastLogin: string | null;
    }>;
  };
  configs: Array<{ id: string; name: string | null; type: string; health: string | null; status: string | null }>;
  changes: AppChange[];
  incidents: Array<{
    id: string;
    incidentId: string;
    title: string;
    severity: string;
    status: string;
    type: string;
    created: string;
    resolved: string | null;
  }>;
  locations: Array<{
    account: string | null;
    name: string;
    type: string;
    purpose: string | null;
    region: string | null;
    provider: string | null;
    resourceCount: number;
  }>;
  backups: Array<{
    id: string;
    database: string | null;
    type: string;
    source: string | null;
    date: string;
    size: string | null;
    status: string;
  }>;
  restores: Array<{
    id: string;
    database: string | null;
    date: string;
    source: string | null;
    status: string;
    completedAt: string | null;
  }>;
  findings: Array<{
    id: string;
    type: string | null;
    severity: string | null;
    title: string | null;
    description: string | null;
    config: string | null;
    date: string;
    lastObserved: string | null;
    status: string;
  }>;
  sections: AppReportSection[];
}

export interface AppChange {
  id: string;
  configId: string;
  config: string | null;
  changeType: string;
  severity: string | null;
  summary: string | null;
  source: string | null;
  createdBy: string | null;
  date: string;
}

/** A section of the report: a view (linked, rendered by the views page) or a catalog list. */
export type AppReportSection =
  | {
      type: 'view';
      title: string;
      icon: string | null;
      viewRef: { namespace: string; name: string };
      viewId: string | null;
    }
  | { type: 'changes'; title: string; icon: string | null; changes: AppChange[] }
  | { type: 'configs'; title: string; icon: string | null; configs: ApplicationReport['configs'] }
  | { type: 'access'; title: string; icon: string | null; access: ApplicationReport['accessControl']['users'] }
  | {
      type: 'accessLogs';
      title: string;
      icon: string | null;
      accessLogs: Array<{ user: string; config: string | null; date: string; mfa: boolean | null; count: number }>;
    };
