import { componentSchema, topologySpecSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { SCHEDULE_PRESETS } from '../../../ui/forms/schedulePresets.js';
import { checkFieldErrors } from '../../settings/canaries/checkForms.js';
import type { FieldHint } from '../../settings/playbooks/SchemaFields.js';
import { objectFields, type SchemaField } from '../../settings/playbooks/schemaNodes.js';
import { checkTopologyYaml, topologyFieldErrors } from './topologyForm.js';

/** Every field of a Topology spec and of one component, from the shared schema. */
export const TOPOLOGY_SPEC_FIELDS: SchemaField[] = objectFields(topologySpecSchema as unknown as z.ZodType);
export const COMPONENT_FIELDS: SchemaField[] = objectFields(componentSchema as unknown as z.ZodType);

/**
 * The spec keys of each section of the Topology form; `components` has a section of its own and
 * `push` is left to YAML (the schema refuses it with its reason).
 */
export const TOPOLOGY_SECTIONS = {
  general: ['schedule', 'type', 'icon', 'id', 'text', 'label', 'tooltip', 'owner'],
  root: ['properties', 'configs'],
  more: ['statusExpr', 'healthExpr', 'groupBy'],
} as const;

/** The component keys shown open on its card; `lookup` and `components` have parts of their own. */
export const COMPONENT_MAIN = [
  'name',
  'type',
  'icon',
  'id',
  'text',
  'status',
  'health',
  'owner',
  'labels',
  'properties',
  'selectors',
  'checks',
  'configs',
] as const;

/** The rest of a component's fields, folded under "More fields". */
export const COMPONENT_MORE: string[] = COMPONENT_FIELDS.map((f) => f.key).filter(
  (k) => !(COMPONENT_MAIN as readonly string[]).includes(k) && k !== 'lookup' && k !== 'components',
);

/** Labels, boxes and help of the Topology form, by field path without list indexes. */
export const TOPOLOGY_HINTS: Record<string, FieldHint> = {
  schedule: { options: SCHEDULE_PRESETS, placeholder: '@every 5m', help: 'Every 5 minutes when empty' },
  type: { placeholder: 'service' },
  icon: { placeholder: 'kubernetes' },
  id: { label: 'ID', help: 'A fixed id, or a template over the looked-up result' },
  properties: { item: 'property' },
  'properties.lookup': { help: 'A Canary spec whose result gives the value' },
  configs: { label: 'Config items', item: 'config selector' },
  'configs.labelSelector': { placeholder: 'env=prod' },
  selectors: { label: 'Child selectors', item: 'selector', help: 'Components matching these become children' },
  'selectors.labelSelector': { placeholder: 'team=payments' },
  checks: { label: 'Health checks', item: 'check selector' },
  groupBy: { label: 'Group by config tag' },
  statusExpr: { label: 'Status expression (CEL)' },
  healthExpr: { label: 'Health expression (CEL)' },
};

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** One check of a component's lookup (a Canary spec): its type, its place in that type's list, the check. */
export interface LookupCheck {
  type: string;
  index: number;
  check: Record<string, unknown>;
}

/** The checks of a lookup, type by type in the order written; keys that are no check list are left out. */
export function lookupChecks(lookup: unknown): LookupCheck[] {
  return Object.entries(asObject(lookup)).flatMap(([type, list]) =>
    Array.isArray(list) ? list.map((check, index) => ({ type, index, check: asObject(check) })) : [],
  );
}

/** A copy of `lookup` with check `index` of `type` replaced, or removed when `check` is undefined. */
export function withLookupCheck(
  lookup: unknown,
  type: string,
  index: number,
  check: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const next = { ...asObject(lookup) };
  const list = Array.isArray(next[type]) ? [...(next[type] as unknown[])] : [];
  if (check) list[index] = check;
  else list.splice(index, 1);
  if (list.length) next[type] = list;
  else delete next[type];
  return Object.keys(next).length ? next : undefined;
}

/**
 * The check form builder's messages for every lookup of the tree, by path
 * (`spec.components[0].lookup.http[0].url`): a missing name or required field, a number typed as text.
 */
export function lookupErrors(components: unknown, path: string): Record<string, string> {
  const errors: Record<string, string> = {};
  (Array.isArray(components) ? components : []).forEach((raw, i) => {
    const component = asObject(raw);
    const at = `${path}[${i}]`;
    for (const { type, index, check } of lookupChecks(component.lookup))
      for (const [key, message] of checkFieldErrors(type, check))
        errors[`${at}.lookup.${type}[${index}].${key}`] = message;
    Object.assign(errors, lookupErrors(component.components, `${at}.components`));
  });
  return errors;
}

/** The Topology form's problems by field: the name, the shared schema's word on labels and spec, each lookup's checks. */
export function topologyErrors(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = { ...topologyFieldErrors(values) };
  const checked = checkTopologyYaml({ labels: values.labels, spec: values.spec });
  if (!checked.ok) for (const issue of checked.issues) errors[issue.path] ??= issue.message;
  return { ...lookupErrors(asObject(values.spec).components, 'spec.components'), ...errors };
}
