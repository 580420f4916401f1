import { Plus } from 'lucide-react';
import { Button } from '../../../ui/Button.js';
import { FormField } from '../../../ui/forms/FormField.js';
import { FormSection } from '../../../ui/forms/FormSection.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { MapInput } from '../../settings/playbooks/draftInputs.js';
import { SchemaFields } from '../../settings/playbooks/SchemaFields.js';
import { fieldsNamed, pickKeys, withPart } from '../../settings/playbooks/schemaNodes.js';
import type { KindFormProps } from '../../settings/resources/types.js';
import { ComponentCard } from './ComponentCard.js';
import { TOPOLOGY_HINTS, TOPOLOGY_SECTIONS, TOPOLOGY_SPEC_FIELDS } from './topologySpecForm.js';

/**
 * The Topology form (the `topologies` kind's `form`): labels, schedule, icon, type and id, the
 * component tree (each component's fields, lookup checks and children), the root's properties
 * and config items, and the status and health expressions, all read from the shared schema. It
 * edits the same document as the YAML view; keys it does not show are kept.
 */
export function TopologyForm({ values, errors: byField, readOnly, onChange }: KindFormProps) {
  const spec = asObject(values.spec);
  const errors = new Map(Object.entries(byField).filter((e): e is [string, string] => !!e[1]));
  const problems = [...errors].filter(([path]) => path.startsWith('spec') || path === 'labels');
  const part = (keys: readonly string[]) => (
    <SchemaFields
      fields={fieldsNamed(TOPOLOGY_SPEC_FIELDS, keys)}
      value={pickKeys(spec, keys)}
      onChange={(v) => onChange('spec', withPart(spec, keys, v))}
      path="spec"
      errors={errors}
      readOnly={readOnly}
      hints={TOPOLOGY_HINTS}
    />
  );
  const components = Array.isArray(spec.components) ? (spec.components as Record<string, unknown>[]) : [];
  const setComponents = (next: Record<string, unknown>[]) =>
    onChange('spec', withPart(spec, ['components'], next.length ? { components: next } : {}));

  return (
    <div className="flex flex-col gap-6">
      {problems.length > 0 && (
        <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
          {problems.map(([path, message]) => (
            <li key={path}>
              <code className="font-mono">{path}</code>: {message}
            </li>
          ))}
        </ul>
      )}
      <FormSection title="General">
        <FormField label="Labels" error={errors.get('labels')} help="key=value, one a line">
          {({ id, describedBy, invalid }) => (
            <MapInput
              id={id}
              describedBy={describedBy}
              invalid={invalid}
              readOnly={readOnly}
              value={values.labels}
              onChange={(v) => onChange('labels', v ?? null)}
            />
          )}
        </FormField>
        {part(TOPOLOGY_SECTIONS.general)}
      </FormSection>

      <FormSection
        title="Components"
        action={
          !readOnly && (
            <Button icon={<Plus className="h-4 w-4" />} onClick={() => setComponents([...components, { name: '' }])}>
              Add component
            </Button>
          )
        }
      >
        {components.length === 0 && <p className="text-xs text-zinc-500">No components yet.</p>}
        {components.map((component, i) => (
          <ComponentCard
            // biome-ignore lint/suspicious/noArrayIndexKey: components are edited in place; the name changes as typed
            key={i}
            label={String(i + 1)}
            component={component}
            path={`spec.components[${i}]`}
            errors={errors}
            readOnly={readOnly}
            onChange={(c) => setComponents(components.map((d, j) => (j === i ? c : d)))}
            onRemove={() => setComponents(components.filter((_, j) => j !== i))}
          />
        ))}
      </FormSection>

      <FormSection title="Properties and config items">{part(TOPOLOGY_SECTIONS.root)}</FormSection>
      <FormSection title="Status and grouping">{part(TOPOLOGY_SECTIONS.more)}</FormSection>
    </div>
  );
}
