import type { Resource } from '@opsdeck/schema/rbac';
import type { ComponentType, ReactNode } from 'react';
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
  /** Fixed once the row is saved (name and namespace). */
  fixedOnceSaved?: boolean;
  /** Emptied text is saved as '' rather than null (a not-null column such as a window's description). */
  emptyIsText?: boolean;
}

/** One problem of the YAML: where (`template.severity`, empty for the whole document) and why. */
export interface YamlIssue {
  path: string;
  message: string;
}

/** What checkYaml finds: the value to save (as the schema reads it), or the problems. */
export type YamlCheck = { ok: true; value: unknown } | { ok: false; issues: YamlIssue[] };

/** One list column. */
export interface ListColumn {
  /** Column sorted by on the server; also the id. */
  id: string;
  header: string;
  sortable?: boolean;
  cell: (row: ResourceRow) => ReactNode;
}

/** What a kind's own Spec editor and extra detail tabs are given: the row (none when new) and whether it may change. */
export interface KindPartProps {
  kind: ResourceKind;
  row?: ResourceRow;
  /** The row comes from another source (or an agent): nothing of it is saved from here. */
  readOnly: boolean;
}

/** What a kind's form part is given: the row's values (fields and YAML columns), their errors, and a setter. */
export interface KindFormProps {
  values: Record<string, unknown>;
  /** Errors by field name (and `<column>.<index>` for one entry of a list column). */
  errors: Record<string, string | undefined>;
  saved: boolean;
  readOnly: boolean;
  onChange: (name: string, value: unknown) => void;
}

/** A detail tab of a kind's own, shown between Spec and Job History (a team's Members). */
export interface KindTab {
  id: string;
  label: string;
  /** The number beside the label, read from the row (`detailSelect` embeds what it needs). */
  count?: (row: ResourceRow) => number | undefined;
  content: ComponentType<KindPartProps & { row: ResourceRow }>;
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
  /** Columns edited as YAML below the form. */
  yamlColumns: string[];
  /**
   * The one YAML column whose value is the whole document (`checks:`, `template:` of an incident
   * rule's spec, rather than `spec:` around them). Requires `yamlColumns` to be just that column.
   */
  yamlRoot?: string;
  /**
   * Checks the YAML as it is typed with the schema the server uses, listing the problems under
   * the editor by path (or `valid` when there are none); Save waits for a valid document.
   */
  checkYaml?: { check: (doc: unknown) => YamlCheck; valid: string };
  /** Values of a new row (form fields and YAML columns). */
  blank: () => Record<string, unknown>;
  /** Checks before sending; field name to message. */
  validate?: (values: Record<string, unknown>) => Record<string, string>;
  /** `resource_type` of its jobs in job_history, for the Job History tab. */
  jobResourceType?: string;
  /** The Job History tab also lists the kind's runs over all its rows (recorded without a resource id). */
  jobsOfAllRows?: boolean;
  /** The Job History tab's rows when they are not job_history rows (a playbook's runs). */
  jobRuns?: (id: string, pageSize: number, signal?: AbortSignal) => Promise<Page<JobRun>>;
  /** Adds a Permissions tab listing the rows that name this row in that column (a notification as subject). */
  permissionsColumn?: 'notification_id' | 'team_id' | 'connection_id' | 'playbook_id' | 'config_id' | 'component_id';
  /** Kind of a cluster resource definition, for the read-only origin link. */
  crdKind?: string;
  /** Feature flag key that hides the kind, e.g. `logs`. */
  feature?: string;
  /**
   * The kind's own Spec tab (and new-row page) instead of `fields` and `yamlColumns`: a health
   * check's form builder and YAML over one Canary document. It saves and deletes through
   * `useResourceWrites`, so toasts, confirmation and navigation stay the editor's.
   */
  specEditor?: ComponentType<KindPartProps>;
  /**
   * The form of the kind's YAML columns, below its common fields. Used by `ResourceFormEditor` (set
   * as the kind's `specEditor`): the Form|YAML toggle over the whole row, Save and validation as the generic editor's.
   */
  form?: ComponentType<KindFormProps>;
  /** A line above a saved row's Spec that the kind shows when it applies (a rule lacking a grant). */
  notice?: ComponentType<KindPartProps & { row: ResourceRow }>;
  /** Buttons of a saved row beside its breadcrumb (a topology's Run Now). */
  actions?: ComponentType<KindPartProps & { row: ResourceRow }>;
  /** Detail tabs of the kind's own, between Spec and Job History. */
  tabs?: KindTab[];
  /** Delete sets `deleted_at` (PATCH) where the table has no soft-delete trigger and others refer to its rows (teams). */
  softDelete?: boolean;
}
