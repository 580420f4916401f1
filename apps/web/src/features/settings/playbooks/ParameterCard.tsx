import { PARAMETER_TYPES, parameterPropertiesSchema, playbookParameterSchema } from '@opsdeck/schema';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { IconButton } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { ParameterDefault } from './ParameterDefault.js';
import { type FieldHint, SchemaFields, withKey } from './SchemaFields.js';
import { objectFields } from './schemaNodes.js';

/** The properties each parameter type uses; any other one already set is shown as well. */
export const TYPE_PROPERTIES: Record<string, readonly string[]> = {
  text: ['size', 'multiline', 'minLength', 'maxLength', 'regex', 'format'],
  code: ['size', 'language', 'jsonSchemaUrl'],
  list: ['options'],
  config: ['filter'],
  configs: ['filter'],
  component: ['filter'],
  check: ['filter'],
  duration: ['min', 'max'],
  bytes: ['min', 'max'],
  millicores: ['min', 'max'],
};

const PROPERTY_FIELDS = objectFields(parameterPropertiesSchema as unknown as z.ZodType);
const PARAMETER_FIELDS = objectFields(playbookParameterSchema as unknown as z.ZodType);
const OTHER_KEYS = new Set(['name', 'label', 'type', 'required', 'default', 'properties']);

const PROPERTY_HINTS: Record<string, FieldHint> = {
  options: { label: 'Options', item: 'option', help: 'The choices offered when the playbook runs' },
  filter: { label: 'Offer only', item: 'selector', help: 'Resources offered for this parameter (types, labels...)' },
  'filter.labelSelector': { placeholder: 'env=prod' },
  'filter.types': { placeholder: 'Kubernetes::Pod' },
  regex: { placeholder: '^[a-z]+$' },
  language: { placeholder: 'yaml' },
  jsonSchemaUrl: { label: 'JSON schema URL' },
};

export interface ParameterCardProps {
  param: Record<string, unknown>;
  index: number;
  count: number;
  errors: Map<string, string>;
  readOnly: boolean;
  onChange: (param: Record<string, unknown>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

/** One parameter asked for when the playbook runs: name, label, type, default and its type's properties. */
export function ParameterCard({
  param,
  index,
  count,
  errors,
  readOnly,
  onChange,
  onRemove,
  onMove,
}: ParameterCardProps) {
  const path = `spec.parameters[${index}]`;
  const title = `Parameter ${index + 1}`;
  const type = typeof param.type === 'string' ? param.type : 'text';
  const properties = asObject(param.properties);
  const wanted = new Set([...(TYPE_PROPERTIES[type] ?? []), ...Object.keys(properties)]);
  const str = (key: string) => (typeof param[key] === 'string' ? (param[key] as string) : '');
  const set = (key: string, value: unknown) => onChange(withKey(param, key, value));
  // description, icon, dependsOn and what the schema adds later
  const rest = PARAMETER_FIELDS.filter((f) => !OTHER_KEYS.has(f.key));
  return (
    <fieldset aria-label={title} className="rounded-lg border border-zinc-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">
          <span className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-600">{type}</span>
          {str('label') || str('name') || <span className="font-normal text-zinc-400">unnamed</span>}
        </legend>
        {!readOnly && (
          <div className="flex gap-1">
            <IconButton label={`Move ${title} up`} onClick={() => onMove(-1)} disabled={index === 0}>
              <ArrowUp className="h-4 w-4" />
            </IconButton>
            <IconButton label={`Move ${title} down`} onClick={() => onMove(1)} disabled={index === count - 1}>
              <ArrowDown className="h-4 w-4" />
            </IconButton>
            <IconButton label={`Remove ${title}`} onClick={onRemove}>
              <Trash2 className="h-4 w-4" />
            </IconButton>
          </div>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <FormField
          label="Parameter name"
          required
          error={errors.get(`${path}.name`)}
          help={`Used as {{.params.${str('name') || 'name'}}}`}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={str('name')}
              required
              disabled={readOnly}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Label" error={errors.get(`${path}.label`)}>
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={str('label')}
              disabled={readOnly}
              onChange={(e) => set('label', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Parameter type" error={errors.get(`${path}.type`)}>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={type}
              disabled={readOnly}
              onChange={(e) => set('type', e.target.value)}
            >
              {PARAMETER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ParameterDefault
          type={type}
          param={param}
          error={errors.get(`${path}.default`)}
          readOnly={readOnly}
          onChange={(v) => set('default', v)}
        />
        <FormField label="Required">
          {({ id }) => (
            <input
              id={id}
              type="checkbox"
              className="h-4 w-4"
              checked={param.required === true}
              disabled={readOnly}
              onChange={(e) => set('required', e.target.checked || undefined)}
            />
          )}
        </FormField>
      </div>
      <div className="mt-3 flex flex-col gap-3">
        <SchemaFields
          fields={rest}
          value={Object.fromEntries(Object.entries(param).filter(([k]) => !OTHER_KEYS.has(k)))}
          onChange={(v) =>
            onChange(
              keepOthers(
                param,
                v,
                rest.map((f) => f.key),
              ),
            )
          }
          path={path}
          errors={errors}
          readOnly={readOnly}
          hints={{ dependsOn: { label: 'Depends on', placeholder: 'other parameter names' } }}
        />
        {wanted.size > 0 && (
          <section aria-label={`${title} properties`}>
            <h4 className="mb-1 text-xs font-semibold text-zinc-700">Properties of a {type} parameter</h4>
            <SchemaFields
              fields={PROPERTY_FIELDS.filter((f) => wanted.has(f.key))}
              value={properties}
              onChange={(v) => set('properties', v)}
              path={`${path}.properties`}
              errors={errors}
              readOnly={readOnly}
              hints={PROPERTY_HINTS}
            />
          </section>
        )}
      </div>
    </fieldset>
  );
}

/**
 * `param` with the `keys` SchemaFields edits taken from `edited`; the parameter's other keys (name,
 * type, unknown ones) stay as they were, in their place.
 */
function keepOthers(param: Record<string, unknown>, edited: Record<string, unknown>, keys: string[]) {
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(param)) {
    if (!keys.includes(k)) next[k] = v;
    else if (k in edited) next[k] = edited[k];
  }
  for (const k of keys) if (k in edited && !(k in next)) next[k] = edited[k];
  return next;
}
