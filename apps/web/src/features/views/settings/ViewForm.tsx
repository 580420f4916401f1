import { Plus } from 'lucide-react';
import { Button } from '../../../ui/Button.js';
import { FormSection } from '../../../ui/forms/FormSection.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { SchemaFields } from '../../settings/playbooks/SchemaFields.js';
import { fieldsNamed, pickKeys, withPart } from '../../settings/playbooks/schemaNodes.js';
import type { KindFormProps } from '../../settings/resources/types.js';
import { ColumnCard } from './ColumnCard.js';
import { QueryCard } from './QueryCard.js';
import {
  DISPLAY_FIELDS,
  newQueryName,
  queryEntries,
  renamedQuery,
  SPEC_SECTIONS,
  VIEW_HINTS,
  VIEW_SPEC_FIELDS,
} from './viewSpecForm.js';

/**
 * The View form (the `views` kind's `form`): display, named queries with their source's fields,
 * columns with the options of their type, merge and mapping, then variables, panels, sections and
 * cache, all read from the shared View schema. It edits the same spec as the YAML view; keys it
 * does not show are kept.
 */
export function ViewForm({ values, errors: byField, readOnly, onChange }: KindFormProps) {
  const spec = asObject(values.spec);
  const errors = new Map(Object.entries(byField).filter((e): e is [string, string] => !!e[1]));
  const specProblems = [...errors].filter(([path]) => path.startsWith('spec'));
  const setSpec = (key: string, value: unknown) => onChange('spec', withPart(spec, [key], { [key]: value }));
  const part = (keys: readonly string[]) => (
    <SchemaFields
      fields={fieldsNamed(VIEW_SPEC_FIELDS, keys)}
      value={pickKeys(spec, keys)}
      onChange={(v) => onChange('spec', withPart(spec, keys, v))}
      path="spec"
      errors={errors}
      readOnly={readOnly}
      hints={VIEW_HINTS}
    />
  );
  const queries = asObject(spec.queries);
  const entries = queryEntries(spec);
  const columns = Array.isArray(spec.columns) ? (spec.columns as Record<string, unknown>[]) : [];
  const setQueries = (next: Record<string, unknown>) => setSpec('queries', Object.keys(next).length ? next : undefined);
  const setColumns = (next: Record<string, unknown>[]) => setSpec('columns', next.length ? next : undefined);

  return (
    <div className="flex flex-col gap-6">
      {specProblems.length > 0 && (
        <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
          {specProblems.map(([path, message]) => (
            <li key={path}>
              <code className="font-mono">{path}</code>: {message}
            </li>
          ))}
        </ul>
      )}
      <FormSection title="Display">
        <SchemaFields
          fields={DISPLAY_FIELDS}
          value={asObject(spec.display)}
          onChange={(v) => setSpec('display', Object.keys(v).length ? v : undefined)}
          path="spec.display"
          errors={errors}
          readOnly={readOnly}
          hints={VIEW_HINTS}
        />
        {part(SPEC_SECTIONS.general)}
      </FormSection>

      <FormSection
        title="Queries"
        action={
          !readOnly && (
            <Button
              icon={<Plus className="h-4 w-4" />}
              onClick={() => setQueries({ ...queries, [newQueryName(queries)]: { configs: {} } })}
            >
              Add query
            </Button>
          )
        }
      >
        {errors.get('spec.queries') && <p className="text-xs text-red-600">{errors.get('spec.queries')}</p>}
        {entries.map(([name, query], i) => (
          <QueryCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a query is renamed as typed; its place is its identity
            key={i}
            index={i}
            name={name}
            query={query}
            errors={errors}
            readOnly={readOnly}
            onRename={(to) => {
              const next = renamedQuery(queries, name, to);
              if (next) setQueries(next);
            }}
            onChange={(q) => setQueries({ ...queries, [name]: q })}
            onRemove={() => setQueries(Object.fromEntries(entries.filter(([k]) => k !== name)))}
          />
        ))}
      </FormSection>

      <FormSection
        title="Columns"
        action={
          !readOnly && (
            <Button icon={<Plus className="h-4 w-4" />} onClick={() => setColumns([...columns, { type: 'string' }])}>
              Add column
            </Button>
          )
        }
      >
        {errors.get('spec.columns') && <p className="text-xs text-red-600">{errors.get('spec.columns')}</p>}
        {columns.map((column, i) => (
          <ColumnCard
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are edited in place; the name changes as typed
            key={i}
            index={i}
            column={column}
            errors={errors}
            readOnly={readOnly}
            onChange={(c) => setColumns(columns.map((d, j) => (j === i ? c : d)))}
            onRemove={() => setColumns(columns.filter((_, j) => j !== i))}
          />
        ))}
        {part(SPEC_SECTIONS.rows)}
      </FormSection>

      <FormSection title="Variables, panels and cache">{part(SPEC_SECTIONS.more)}</FormSection>
    </div>
  );
}
