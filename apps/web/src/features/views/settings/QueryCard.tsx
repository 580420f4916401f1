import { Trash2 } from 'lucide-react';
import { IconButton } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { SchemaFields } from '../../settings/playbooks/SchemaFields.js';
import { fieldsNamed, pickKeys, withPart } from '../../settings/playbooks/schemaNodes.js';
import {
  QUERY_FIELDS,
  QUERY_SOURCES,
  type QuerySource,
  querySource,
  VIEW_HINTS,
  withQuerySource,
} from './viewSpecForm.js';

export interface QueryCardProps {
  index: number;
  name: string;
  query: Record<string, unknown>;
  errors: Map<string, string>;
  readOnly: boolean;
  onRename: (name: string) => void;
  onChange: (query: Record<string, unknown>) => void;
  onRemove: () => void;
}

/**
 * One named query of a view: its name (the table the merge and panels read), its source and that
 * source's fields from the schema (a catalog selector, SQL, PromQL...), and its column types.
 */
export function QueryCard({ index, name, query, errors, readOnly, onRename, onChange, onRemove }: QueryCardProps) {
  const source = querySource(query);
  const path = `spec.queries.${name}`;
  const sourceNode = QUERY_FIELDS.find((f) => f.key === source)?.node;
  const title = `Query ${index + 1}`;
  return (
    <fieldset aria-label={title} className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">{title}</legend>
        {!readOnly && (
          <IconButton label={`Remove ${title}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" />
          </IconButton>
        )}
      </div>
      {errors.get(path) && <p className="text-xs text-red-600">{errors.get(path)}</p>}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Query name" required help="The table the merge and panels read">
          {({ id, describedBy }) => (
            <input
              id={id}
              aria-describedby={describedBy}
              className={inputClass}
              value={name}
              disabled={readOnly}
              onChange={(e) => onRename(e.target.value.trim())}
            />
          )}
        </FormField>
        <FormField label="Source" required>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={source ?? ''}
              disabled={readOnly}
              onChange={(e) => onChange(withQuerySource(query, e.target.value as QuerySource))}
            >
              {!source && <option value="">Choose…</option>}
              {QUERY_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {source && sourceNode?.kind === 'object' && (
        <SchemaFields
          fields={sourceNode.fields}
          value={(query[source] ?? {}) as Record<string, unknown>}
          onChange={(v) => onChange({ ...query, [source]: v })}
          path={`${path}.${source}`}
          errors={errors}
          readOnly={readOnly}
          hints={VIEW_HINTS}
          hintPath={`query.${source}`}
        />
      )}
      <SchemaFields
        fields={fieldsNamed(QUERY_FIELDS, ['columns'])}
        value={pickKeys(query, ['columns'])}
        onChange={(v) => onChange(withPart(query, ['columns'], v))}
        path={path}
        errors={errors}
        readOnly={readOnly}
        hints={VIEW_HINTS}
        hintPath="query"
      />
    </fieldset>
  );
}
