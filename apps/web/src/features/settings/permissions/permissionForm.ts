import {
  actionsFor,
  type ObjectSelector,
  RESOURCE_KINDS,
  type ResourceKind,
  type ResourceSelector,
  type SelectorKind,
  SUBJECT_KINDS,
  type SubjectKind,
} from '@opsdeck/schema/permissions';
import type { PermissionInput, PermissionRow } from './api.js';

/** The modal's resource kinds: those of the schema, and object selectors. */
export type FormResourceKind = ResourceKind | 'Selector';
export const FORM_RESOURCE_KINDS: readonly FormResourceKind[] = [
  ...(Object.keys(RESOURCE_KINDS) as ResourceKind[]),
  'Selector',
];

/** The kinds of objects a selector picks, as the modal names them. */
export const SELECTOR_KIND_LABELS: Record<SelectorKind, string> = {
  configs: 'Catalog items',
  components: 'Components',
  playbooks: 'Playbooks',
  connections: 'Connections',
};

/** One resource selector as the modal edits it (types comma separated). */
export interface SelectorFields {
  kind: SelectorKind;
  name: string;
  namespace: string;
  types: string;
  labelSelector: string;
  tagSelector: string;
  /** The selectors of the row the fields do not show (other kinds, further selectors): kept on save. */
  rest: ObjectSelector | null;
}

export const emptySelector = (kind: SelectorKind = 'configs'): SelectorFields => ({
  kind,
  name: '',
  namespace: '',
  types: '',
  labelSelector: '',
  tagSelector: '',
  rest: null,
});

/** The permission modal's state: which subject and resource kinds are chosen and their ids. */
export interface PermissionForm {
  subjectKind: SubjectKind;
  /** Ids per subject column; only the chosen kind's is sent. */
  subject: Partial<Record<(typeof SUBJECT_KINDS)[SubjectKind], string>>;
  resourceKind: FormResourceKind;
  resource: Partial<Record<(typeof RESOURCE_KINDS)[ResourceKind], string>>;
  /** The object selector, when the resource kind is Selector. */
  selector: SelectorFields;
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
    selector: emptySelector(),
    action: 'read',
    deny: false,
    until: '',
    description: '',
    ...defaults,
  };
}

/**
 * Changing the subject kind clears the other subject ids, so a row
 * never names two subjects.
 */
export function withSubjectKind(form: PermissionForm, kind: SubjectKind): PermissionForm {
  const column = SUBJECT_KINDS[kind];
  const kept = form.subject[column];
  return { ...form, subjectKind: kind, subject: kept ? { [column]: kept } : {} };
}

/** The actions the modal offers for the chosen resource: playbook actions only on playbooks. */
export function formActions(form: PermissionForm): string[] {
  if (form.resourceKind === 'Selector')
    return actionsFor(form.selector.kind === 'playbooks' ? 'Playbook' : 'Catalog', null);
  return actionsFor(form.resourceKind, form.resource.object);
}

const validAction = (form: PermissionForm): PermissionForm =>
  formActions(form).includes(form.action) ? form : { ...form, action: 'read' };

/**
 * Changing the resource kind clears the other resource ids and the object selector (a
 * saved row never names two resources), and an action the new kind does not offer
 * (a playbook action away from playbooks) falls back to read.
 */
export function withResourceKind(form: PermissionForm, kind: FormResourceKind): PermissionForm {
  const kept = kind === 'Selector' ? undefined : form.resource[RESOURCE_KINDS[kind]];
  const resource = kept && kind !== 'Selector' ? { [RESOURCE_KINDS[kind]]: kept } : {};
  const selector = kind === 'Selector' ? form.selector : emptySelector();
  return validAction({ ...form, resourceKind: kind, resource, selector });
}

/** Sets one resource id (or the global object), keeping the action valid for it. */
export function withResource(form: PermissionForm, value: string): PermissionForm {
  if (form.resourceKind === 'Selector') return form;
  const column = RESOURCE_KINDS[form.resourceKind];
  return validAction({ ...form, resource: { [column]: value } });
}

/** Changes the kind of objects the selector picks; `types` mean another thing per kind, so they clear. */
export function withSelectorKind(form: PermissionForm, kind: SelectorKind): PermissionForm {
  return validAction({ ...form, selector: { ...form.selector, kind, types: '' } });
}

/** The selector the fields describe. */
function fieldsSelector(f: SelectorFields): ResourceSelector {
  const types = f.types
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    ...(f.name.trim() ? { name: f.name.trim() } : {}),
    ...(f.namespace.trim() ? { namespace: f.namespace.trim() } : {}),
    ...(types.length ? { types } : {}),
    ...(f.labelSelector.trim() ? { labelSelector: f.labelSelector.trim() } : {}),
    ...(f.tagSelector.trim() && f.kind === 'configs' ? { tagSelector: f.tagSelector.trim() } : {}),
  };
}

/** The object_selector written: the fields' selector first, then what the row held besides. */
export function toObjectSelector(f: SelectorFields): ObjectSelector {
  const out: ObjectSelector = { ...(f.rest ?? {}) };
  out[f.kind] = [fieldsSelector(f), ...(f.rest?.[f.kind] ?? [])];
  return out;
}

/** The fields of a stored selector: its first kind's first selector; the rest is kept aside. */
export function selectorFields(selector: ObjectSelector): SelectorFields {
  const kind = (Object.keys(SELECTOR_KIND_LABELS) as SelectorKind[]).find((k) => selector[k]?.length) ?? 'configs';
  const [first, ...others] = selector[kind] ?? [];
  const rest: ObjectSelector = { ...selector };
  if (others.length) rest[kind] = others;
  else delete rest[kind];
  return {
    kind,
    name: first?.name ?? '',
    namespace: first?.namespace ?? '',
    types: (first?.types ?? []).join(', '),
    labelSelector: first?.labelSelector ?? '',
    tagSelector: first?.tagSelector ?? '',
    rest: Object.keys(rest).length ? rest : null,
  };
}

/** Field errors: subject and resource with their sub-selectors are required. */
export function formErrors(form: PermissionForm): Partial<Record<'subject' | 'resource' | 'action', string>> {
  const errors: Partial<Record<'subject' | 'resource' | 'action', string>> = {};
  if (!form.subject[SUBJECT_KINDS[form.subjectKind]]) errors.subject = REQUIRED;
  if (form.resourceKind === 'Selector') {
    // an empty selector would pick every object of the kind: say so with the Global object instead
    if (!Object.keys(fieldsSelector(form.selector)).length)
      errors.resource = 'Set at least one of name, namespace, types or labels';
  } else if (!form.resource[RESOURCE_KINDS[form.resourceKind]]) errors.resource = REQUIRED;
  if (!form.action) errors.action = REQUIRED;
  return errors;
}

/** The body sent to the server: every subject and resource column, null for the ones not chosen. */
export function toInput(form: PermissionForm): PermissionInput {
  const subjectColumn = SUBJECT_KINDS[form.subjectKind];
  const resourceColumn = form.resourceKind === 'Selector' ? 'object_selector' : RESOURCE_KINDS[form.resourceKind];
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
    object_selector: form.resourceKind === 'Selector' ? toObjectSelector(form.selector) : null,
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
  const subjectColumn = SUBJECT_KINDS[subjectKind];
  const base = {
    subjectKind,
    subject: row[subjectColumn] ? { [subjectColumn]: row[subjectColumn] } : {},
    action: row.action,
    deny: row.deny,
    until: localDateTime(row.until),
    description: row.description ?? '',
  };
  if (row.object_selector)
    return { ...base, resourceKind: 'Selector', resource: {}, selector: selectorFields(row.object_selector) };
  const resourceKind = (Object.keys(RESOURCE_KINDS) as ResourceKind[]).find((k) => row[RESOURCE_KINDS[k]]) ?? 'Global';
  const resourceColumn = RESOURCE_KINDS[resourceKind];
  return {
    ...base,
    resourceKind,
    resource: row[resourceColumn] ? { [resourceColumn]: row[resourceColumn] } : {},
    selector: emptySelector(),
  };
}

/** `Catalog items: name=api*, labels env=prod` */
export function selectorSummary(selector: ObjectSelector): string {
  return (Object.keys(SELECTOR_KIND_LABELS) as SelectorKind[])
    .filter((k) => selector[k]?.length)
    .map((k) => {
      const parts = (selector[k] ?? []).map(
        (s) =>
          [
            s.name && `name=${s.name}`,
            s.namespace && `namespace=${s.namespace}`,
            s.types && `types=${s.types.join('|')}`,
            s.labelSelector && `labels ${s.labelSelector}`,
            s.tagSelector && `tags ${s.tagSelector}`,
            s.id && `id=${s.id}`,
          ]
            .filter(Boolean)
            .join(', ') || 'all',
      );
      return `${SELECTOR_KIND_LABELS[k]}: ${parts.join('; ')}`;
    })
    .join(' · ');
}

/** How the Subject column names a row's subject. */
export function subjectLabel(row: PermissionRow): string {
  if (row.team) return row.team.name;
  if (row.person) return row.person.name || row.person.email || row.person.id;
  if (row.notification) return `${row.notification.namespace}/${row.notification.name}`;
  if (row.subject_type === 'group' && row.subject) return row.subject;
  return row.subject_name ?? row.team_id ?? row.person_id ?? row.notification_id ?? '';
}

/** How the Resource column names what a row is about. */
export function resourceLabel(row: PermissionRow): { kind: string; name: string } {
  if (row.catalog) return { kind: 'Catalog', name: row.catalog.name ?? row.catalog.id };
  if (row.config_id) return { kind: 'Catalog', name: row.config_id };
  if (row.connection) return { kind: 'Connection', name: row.connection.name };
  if (row.connection_id) return { kind: 'Connection', name: row.connection_id };
  if (row.playbook) return { kind: 'Playbook', name: row.playbook.title || row.playbook.name };
  if (row.playbook_id) return { kind: 'Playbook', name: row.playbook_id };
  if (row.component) return { kind: 'Component', name: row.component.name };
  if (row.component_id) return { kind: 'Component', name: row.component_id };
  if (row.canary) return { kind: 'Health check', name: row.canary.name };
  if (row.object) return { kind: 'Global', name: row.object };
  if (row.object_selector) return { kind: 'Selector', name: selectorSummary(row.object_selector) };
  return { kind: '', name: '' };
}
