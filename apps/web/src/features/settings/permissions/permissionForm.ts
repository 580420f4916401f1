import {
  actionsFor,
  RESOURCE_KINDS,
  type ResourceKind,
  SUBJECT_KINDS,
  type SubjectKind,
} from '@opsdeck/schema/permissions';
import type { PermissionInput, PermissionRow } from './api.js';

/** The permission modal's state: which subject and resource kinds are chosen and their ids. */
export interface PermissionForm {
  subjectKind: SubjectKind;
  /** Ids per subject column; only the chosen kind's is sent. */
  subject: Partial<Record<(typeof SUBJECT_KINDS)[SubjectKind], string>>;
  resourceKind: ResourceKind;
  resource: Partial<Record<(typeof RESOURCE_KINDS)[ResourceKind], string>>;
  action: string;
  deny: boolean;
  /** `datetime-local` value, or '' for no end. */
  until: string;
  description: string;
}

export const REQUIRED = 'This field is required';

/** A new permission: a team, a global object, read. */
export function emptyForm(defaults: Partial<PermissionForm> = {}): PermissionForm {
  return {
    subjectKind: 'Team',
    subject: {},
    resourceKind: 'Global',
    resource: {},
    action: 'read',
    deny: false,
    until: '',
    description: '',
    ...defaults,
  };
}

/**
 * Changing the subject kind clears the other subject ids (spec part 2 section 4), so a row
 * never names two subjects.
 */
export function withSubjectKind(form: PermissionForm, kind: SubjectKind): PermissionForm {
  const column = SUBJECT_KINDS[kind];
  const kept = form.subject[column];
  return { ...form, subjectKind: kind, subject: kept ? { [column]: kept } : {} };
}

/**
 * Changing the resource kind clears the other resource ids, and an action the new kind does not
 * offer (a playbook action away from playbooks) falls back to read.
 */
export function withResourceKind(form: PermissionForm, kind: ResourceKind): PermissionForm {
  const column = RESOURCE_KINDS[kind];
  const kept = form.resource[column];
  const next = { ...form, resourceKind: kind, resource: kept ? { [column]: kept } : {} };
  return actionsFor(kind, next.resource.object).includes(next.action) ? next : { ...next, action: 'read' };
}

/** Sets one resource id (or the global object), keeping the action valid for it. */
export function withResource(form: PermissionForm, value: string): PermissionForm {
  const column = RESOURCE_KINDS[form.resourceKind];
  const next = { ...form, resource: { [column]: value } };
  return actionsFor(form.resourceKind, next.resource.object).includes(next.action) ? next : { ...next, action: 'read' };
}

/** Field errors: subject and resource with their sub-selectors are required. */
export function formErrors(form: PermissionForm): Partial<Record<'subject' | 'resource' | 'action', string>> {
  const errors: Partial<Record<'subject' | 'resource' | 'action', string>> = {};
  if (!form.subject[SUBJECT_KINDS[form.subjectKind]]) errors.subject = REQUIRED;
  if (!form.resource[RESOURCE_KINDS[form.resourceKind]]) errors.resource = REQUIRED;
  if (!form.action) errors.action = REQUIRED;
  return errors;
}

/** The body sent to the server: every subject and resource column, null for the ones not chosen. */
export function toInput(form: PermissionForm): PermissionInput {
  const subjectColumn = SUBJECT_KINDS[form.subjectKind];
  const resourceColumn = RESOURCE_KINDS[form.resourceKind];
  const pick = <C extends string>(column: C, chosen: string, value: string | undefined) =>
    column === chosen ? (value ?? null) : null;
  return {
    action: form.action,
    deny: form.deny,
    description: form.description.trim() || null,
    until: form.until ? new Date(form.until).toISOString() : null,
    team_id: pick('team_id', subjectColumn, form.subject.team_id),
    person_id: pick('person_id', subjectColumn, form.subject.person_id),
    notification_id: pick('notification_id', subjectColumn, form.subject.notification_id),
    object: pick('object', resourceColumn, form.resource.object),
    config_id: pick('config_id', resourceColumn, form.resource.config_id),
    component_id: pick('component_id', resourceColumn, form.resource.component_id),
    connection_id: pick('connection_id', resourceColumn, form.resource.connection_id),
    playbook_id: pick('playbook_id', resourceColumn, form.resource.playbook_id),
  };
}

/** `datetime-local` text of an ISO time, in the browser's zone. */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The modal's state for an existing row (edit mode). */
export function fromRow(row: PermissionRow): PermissionForm {
  const subjectKind = (Object.keys(SUBJECT_KINDS) as SubjectKind[]).find((k) => row[SUBJECT_KINDS[k]]) ?? 'Team';
  const resourceKind = (Object.keys(RESOURCE_KINDS) as ResourceKind[]).find((k) => row[RESOURCE_KINDS[k]]) ?? 'Global';
  const subjectColumn = SUBJECT_KINDS[subjectKind];
  const resourceColumn = RESOURCE_KINDS[resourceKind];
  return {
    subjectKind,
    subject: row[subjectColumn] ? { [subjectColumn]: row[subjectColumn] } : {},
    resourceKind,
    resource: row[resourceColumn] ? { [resourceColumn]: row[resourceColumn] } : {},
    action: row.action,
    deny: row.deny,
    until: localDateTime(row.until),
    description: row.description ?? '',
  };
}

/** How the Subject column names a row's subject. */
export function subjectLabel(row: PermissionRow): string {
  if (row.team) return row.team.name;
  if (row.person) return row.person.name || row.person.email || row.person.id;
  if (row.notification) return `${row.notification.namespace}/${row.notification.name}`;
  return row.subject_name ?? row.team_id ?? row.person_id ?? row.notification_id ?? '';
}

/** How the Resource column names what a row is about. */
export function resourceLabel(row: PermissionRow): { kind: string; name: string } {
  if (row.catalog) return { kind: 'Catalog', name: row.catalog.name ?? row.catalog.id };
  if (row.config_id) return { kind: 'Catalog', name: row.config_id };
  if (row.connection) return { kind: 'Connection', name: row.connection.name };
  if (row.connection_id) return { kind: 'Connection', name: row.connection_id };
  if (row.playbook_id) return { kind: 'Playbook', name: row.playbook_id };
  if (row.component_id) return { kind: 'Component', name: row.component_id };
  if (row.canary) return { kind: 'Health check', name: row.canary.name };
  if (row.object) return { kind: 'Global', name: row.object };
  if (row.object_selector) return { kind: 'Selector', name: JSON.stringify(row.object_selector) };
  return { kind: '', name: '' };
}
