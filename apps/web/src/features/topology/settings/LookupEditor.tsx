import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { setField } from '../../../ui/forms/fieldPath.js';
import { CheckCard } from '../../settings/canaries/CheckCard.js';
import { checkForm, formCheckTypes } from '../../settings/canaries/checkForms.js';
import { lookupChecks, withLookupCheck } from './topologySpecForm.js';

export interface LookupEditorProps {
  /** The component's `lookup`: a Canary spec run to produce its children. */
  lookup: unknown;
  /** Where the lookup sits (`spec.components[0].lookup`), to find its messages. */
  path: string;
  errors: Map<string, string>;
  readOnly: boolean;
  onChange: (lookup: Record<string, unknown> | undefined) => void;
}

/** The messages of one lookup check, by its field key. */
function checkErrors(errors: Map<string, string>, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, message] of errors) if (path.startsWith(prefix)) out.set(path.slice(prefix.length), message);
  return out;
}

/**
 * A component's lookup: its checks edited with the health check form builder's cards (the same
 * fields and required rules per check type), and a type picker to add one.
 */
export function LookupEditor({ lookup, path, errors, readOnly, onChange }: LookupEditorProps) {
  const [newType, setNewType] = useState('http');
  const checks = lookupChecks(lookup);
  return (
    <fieldset aria-label="Lookup" className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2">
      <legend className="px-1 text-xs font-semibold text-zinc-700">Lookup</legend>
      {checks.length === 0 && (
        <p className="text-xs text-zinc-500">
          No lookup: the component is as written. A lookup's results become its children.
        </p>
      )}
      {checks.map(({ type, index, check }) => (
        <CheckCard
          key={`${type}-${index}`}
          type={type}
          index={index}
          check={check}
          errors={checkErrors(errors, `${path}.${type}[${index}].`)}
          readOnly={readOnly}
          onField={(field, value) => {
            const next = structuredClone(check);
            setField(next, field, value);
            onChange(withLookupCheck(lookup, type, index, next));
          }}
          onRemove={() => onChange(withLookupCheck(lookup, type, index, undefined))}
        />
      ))}
      {!readOnly && (
        <div className="flex items-end gap-2">
          <FormField label="Lookup check type" className="w-56">
            {({ id }) => (
              <select id={id} className={inputClass} value={newType} onChange={(e) => setNewType(e.target.value)}>
                {formCheckTypes().map((t) => (
                  <option key={t} value={t}>
                    {checkForm(t)?.label ?? t}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button
            icon={<Plus className="h-4 w-4" />}
            onClick={() => {
              const list = checks.filter((c) => c.type === newType);
              const fresh = { name: '', ...structuredClone(checkForm(newType)?.defaults ?? {}) };
              onChange(withLookupCheck(lookup, newType, list.length, fresh));
            }}
          >
            Add lookup check
          </Button>
        </div>
      )}
    </fieldset>
  );
}
