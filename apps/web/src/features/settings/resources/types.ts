import type { Resource } from '@opsdeck/schema/rbac';
import type { ReactNode } from 'react';
import type { Page } from '../../../api/postgrest.js';
import type { JobRun } from '../jobs/JobHistoryTable.js';

/** A row of a settings table as /api/db returns it. */
export type ResourceRow = Record<string, unknown> & { id: string; name: string };

/** One form field of a resource kind (the common fields; the rest is the YAML). */
export interface FieldSpec {
  /** Column written. */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'select' | 'multiselect' | 'team' | 'person';
  required?: boolean;
  help?: string;
  placeholder?: string;
  options?: readonly string[];
  /** Fixed once the row is saved (name and namespace, spec part 2 section 5). */
  fixedOnceSaved?: boolean;
}

/** One list column. */
export interface ListColumn {
  /** Column sorted by on the server; also the id. */
  id: string;
  header: string;
  sortable?: boolean;
  cell: (row: ResourceRow) => ReactNode;
}

/**
 * A kind of settings resource served by the generic editor at /settings/{table} and
 * /settings/{table}/:id (docs/settings.md "Generic resource editor"). A domain adds one file in
 * `kinds/` and a line in `registry.ts`; the list, detail tabs, YAML, form, read-only handling,
 * delete confirmation, toasts and server errors next to fields come from the editor.
 */
export interface ResourceKind {
  table: string;
  /** Plural title of the list, e.g. 'Notifications'. */
  title: string;
  /** What one row is called in buttons and toasts, e.g. 'notification rule'. */
  noun: string;
  /** RBAC resource for reading and writing. */
  resource: Resource;
  /** The relation the list reads (a `*_with_status` view with the latest job), default `table`. */
  listRelation?: string;
  listSelect: string;
  columns: ListColumn[];
  /** Columns of one row the detail reads. */
  detailSelect: string;
  /** The common fields, edited in a form. */
  fields: FieldSpec[];
  /** Columns edited as YAML below the form (the spec). */
  yamlColumns: string[];
  /** Values of a new row (form fields and YAML columns). */
  blank: () => Record<string, unknown>;
  /** Checks before sending; field name to message. */
  validate?: (values: Record<string, unknown>) => Record<string, string>;
  /** `resource_type` of its jobs in job_history, for the Job History tab. */
  jobResourceType?: string;
  /** The Job History tab's rows when they are not job_history rows (a playbook's runs). */
  jobRuns?: (id: string, pageSize: number, signal?: AbortSignal) => Promise<Page<JobRun>>;
  /** Adds a Permissions tab listing the rows that name this row in that column (a notification as subject). */
  permissionsColumn?: 'notification_id' | 'team_id' | 'connection_id' | 'playbook_id' | 'config_id' | 'component_id';
  /** Kind of a cluster resource definition, for the read-only origin link. */
  crdKind?: string;
  /** Feature flag key that hides the kind, e.g. `logs`. */
  feature?: string;
}
