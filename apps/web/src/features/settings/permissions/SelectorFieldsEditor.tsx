import type { SelectorKind } from '@opsdeck/schema/permissions';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { SELECTOR_KIND_LABELS, type SelectorFields } from './permissionForm.js';

const TYPES_HELP: Record<SelectorKind, string> = {
  configs: 'Config types, comma separated (Kubernetes::Pod, AWS::EC2::Instance)',
  components: 'Component types, comma separated',
  playbooks: 'Playbook categories, comma separated',
  connections: 'Connection types, comma separated (postgres, http)',
};

/**
 * The object selector of a permission: which kind of objects, and the name, namespace, types and
 * label (or tag) selectors an object must all match. `*` is a wildcard in name and namespace.
 */
export function SelectorFieldsEditor({
  value,
  error,
  onKind,
  onChange,
}: {
  value: SelectorFields;
  error?: string;
  onKind: (kind: SelectorKind) => void;
  onChange: (patch: Partial<SelectorFields>) => void;
}) {
  const text = (
    field: 'name' | 'namespace' | 'types' | 'labelSelector' | 'tagSelector',
    label: string,
    help: string,
    placeholder: string,
  ) => (
    <FormField label={label} help={help}>
      {({ id, describedBy }) => (
        <input
          id={id}
          className={inputClass}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={value[field]}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="flex flex-col gap-3 rounded border border-zinc-200 p-3">
      <FormField label="Objects" required error={error}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={value.kind}
            onChange={(e) => onKind(e.target.value as SelectorKind)}
          >
            {(Object.keys(SELECTOR_KIND_LABELS) as SelectorKind[]).map((k) => (
              <option key={k} value={k}>
                {SELECTOR_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        {text('name', 'Name', '* is a wildcard', 'nginx-*')}
        {text('namespace', 'Namespace', '* is a wildcard', 'default')}
      </div>
      {text('types', 'Types', TYPES_HELP[value.kind], '')}
      {value.kind !== 'playbooks' &&
        value.kind !== 'connections' &&
        text('labelSelector', 'Label selector', 'k=v, k!=v, k in (a,b), k notin (a,b)', 'env=prod')}
      {value.kind === 'configs' &&
        text('tagSelector', 'Tag selector', 'The same grammar over the tags', 'cluster=prod')}
      {value.rest && (
        <p className="text-xs text-zinc-500">This permission has further selectors, kept as they are when you save.</p>
      )}
    </div>
  );
}
