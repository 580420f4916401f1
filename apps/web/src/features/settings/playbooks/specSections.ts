import { approvalSchema, playbookSpecSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { SCHEDULE_PRESETS } from '../../../ui/forms/schedulePresets.js';
import type { FieldHint } from './SchemaFields.js';
import { objectFields, type SchemaField } from './schemaNodes.js';

/** Every field of a Playbook spec, from the shared schema. */
export const SPEC_FIELDS: SchemaField[] = objectFields(playbookSpecSchema as unknown as z.ZodType);
export const APPROVAL_FIELDS: SchemaField[] = objectFields(approvalSchema as unknown as z.ZodType);

/** Spec keys with a section of their own in the builder. */
export const OWN_SECTIONS = ['parameters', 'actions', 'approval', 'on'] as const;

/** The builder's sections of plain spec fields, in order; a spec field none names lands in "More". */
export const SPEC_GROUPS: ReadonlyArray<{ title: string; keys: readonly string[] }> = [
  { title: 'General', keys: ['title', 'description', 'category', 'icon', 'timeout', 'runsOn', 'templatesOn', 'env'] },
  { title: 'Applies to', keys: ['configs', 'checks', 'components', 'filters'] },
];

/** The spec fields of one group, or of "More" (every field no group nor own section takes). */
export function groupFields(keys: readonly string[] | 'more'): SchemaField[] {
  if (keys !== 'more') return keys.flatMap((k) => SPEC_FIELDS.filter((f) => f.key === k));
  const taken = new Set<string>([...SPEC_GROUPS.flatMap((g) => g.keys), ...OWN_SECTIONS]);
  return SPEC_FIELDS.filter((f) => !taken.has(f.key));
}

/** Labels, boxes and choices of the spec's plain fields and triggers. */
export const SPEC_HINTS: Record<string, FieldHint> = {
  description: { multiline: true },
  icon: { placeholder: 'kubernetes' },
  timeout: { placeholder: '30m', help: 'Per run; 30m when empty' },
  runsOn: { label: 'Runs on agents', placeholder: 'local, agent-name', help: 'Where the actions run; here when empty' },
  templatesOn: { label: 'Templates render on' },
  env: { label: 'Environment', item: 'variable', help: 'Values the actions see as .env' },
  configs: {
    label: 'Catalog items',
    item: 'catalog item selector',
    help: 'Offered on the catalog items matching one of these',
  },
  checks: {
    label: 'Health checks',
    item: 'health check selector',
    help: 'Offered on the checks matching one of these',
  },
  components: {
    label: 'Components',
    item: 'component selector',
    help: 'Offered on the components matching one of these',
  },
  filters: { label: 'Filters (CEL)', placeholder: "config.type == 'Kubernetes::Pod'" },
  'configs.types': { placeholder: 'Kubernetes::Pod, AWS::EC2::Instance' },
  'configs.labelSelector': { placeholder: 'env=prod' },
  'checks.labelSelector': { placeholder: 'env=prod' },
  'components.labelSelector': { placeholder: 'env=prod' },
  'on.config': { label: 'When a catalog item…', item: 'catalog item event' },
  'on.component': { label: 'When a component…', item: 'component event' },
  'on.canary': { label: 'When a health check…', item: 'health check event' },
  'on.webhook': { label: 'Webhook' },
  'on.webhook.path': { placeholder: 'restart-web', help: 'Called at /playbook/webhook/<path>' },
  'on.webhook.authentication.github': { hidden: true },
  'on.webhook.authentication.svix': { hidden: true },
  'on.webhook.authentication.jwt.jwksURI': { label: 'JWKS URI' },
  'on.schedule': { label: 'On a schedule', item: 'schedule' },
  'on.schedule.schedule': { options: SCHEDULE_PRESETS, placeholder: '0 2 * * *' },
  'on.schedule.parameters': { help: 'Parameter values for these runs' },
  'on.config.filter': { placeholder: "config.type == 'Kubernetes::Pod'" },
  allowSelfApproval: { label: 'Allow self approval', help: 'Whoever starts a run may approve it' },
};
