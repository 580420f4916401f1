import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../../ui/Button.js';
import { SchemaFields } from '../../settings/playbooks/SchemaFields.js';
import { fieldsNamed, pickKeys, withPart } from '../../settings/playbooks/schemaNodes.js';
import { LookupEditor } from './LookupEditor.js';
import { COMPONENT_FIELDS, COMPONENT_MAIN, COMPONENT_MORE, TOPOLOGY_HINTS } from './topologySpecForm.js';

export interface ComponentCardProps {
  /** The component's place for people: `1`, `1.2` for the second child of the first. */
  label: string;
  component: Record<string, unknown>;
  /** Where it sits in the document (`spec.components[0]`), to find its messages. */
  path: string;
  errors: Map<string, string>;
  readOnly: boolean;
  onChange: (component: Record<string, unknown>) => void;
  onRemove: () => void;
}

/**
 * One component of a topology: its fields from the shared schema (name, type, icon, properties,
 * selectors...), its lookup's checks, and its child components, each a card of its own.
 */
export function ComponentCard({ label, component, path, errors, readOnly, onChange, onRemove }: ComponentCardProps) {
  const title = `Component ${label}`;
  const children = Array.isArray(component.components) ? (component.components as Record<string, unknown>[]) : [];
  const setChildren = (next: Record<string, unknown>[]) =>
    onChange(withPart(component, ['components'], next.length ? { components: next } : {}));
  const part = (keys: readonly string[]) => (
    <SchemaFields
      fields={fieldsNamed(COMPONENT_FIELDS, keys)}
      value={pickKeys(component, keys)}
      onChange={(v) => onChange(withPart(component, keys, v))}
      path={path}
      errors={errors}
      readOnly={readOnly}
      hints={TOPOLOGY_HINTS}
    />
  );
  const moreSet = COMPONENT_MORE.some((k) => component[k] !== undefined);
  return (
    <fieldset aria-label={title} className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">
          {title}
          {typeof component.name === 'string' && component.name && (
            <span className="ml-2 font-mono text-xs font-normal text-zinc-500">{component.name}</span>
          )}
        </legend>
        {!readOnly && (
          <IconButton label={`Remove ${title}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" />
          </IconButton>
        )}
      </div>
      {part(COMPONENT_MAIN)}
      <details open={moreSet}>
        <summary className="cursor-pointer text-xs font-medium text-zinc-600">More fields</summary>
        <div className="mt-2">{part(COMPONENT_MORE)}</div>
      </details>
      <LookupEditor
        lookup={component.lookup}
        path={`${path}.lookup`}
        errors={errors}
        readOnly={readOnly}
        onChange={(lookup) => onChange(withPart(component, ['lookup'], lookup ? { lookup } : {}))}
      />
      {children.map((child, i) => (
        <ComponentCard
          // biome-ignore lint/suspicious/noArrayIndexKey: components are edited in place; the name changes as typed
          key={i}
          label={`${label}.${i + 1}`}
          component={child}
          path={`${path}.components[${i}]`}
          errors={errors}
          readOnly={readOnly}
          onChange={(c) => setChildren(children.map((d, j) => (j === i ? c : d)))}
          onRemove={() => setChildren(children.filter((_, j) => j !== i))}
        />
      ))}
      {!readOnly && (
        <div>
          <Button icon={<Plus className="h-4 w-4" />} onClick={() => setChildren([...children, { name: '' }])}>
            Add child to {title.toLowerCase()}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
