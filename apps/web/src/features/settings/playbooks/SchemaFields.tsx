import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, IconButton } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { numberFromInput } from '../../../ui/forms/numberInput.js';
import { ListInput, MapInput, YamlInput } from './draftInputs.js';
import { humanize, type SchemaField, type SchemaNode } from './schemaNodes.js';

/** How one field shows, beyond what its schema says; keyed by its dotted path without list indexes. */
export interface FieldHint {
  label?: string;
  help?: string;
  placeholder?: string;
  /** A text field edited in a multi-line box (scripts, bodies, queries). */
  multiline?: boolean;
  /** Choices offered for a text field (it stays free text in YAML). */
  options?: readonly string[];
  hidden?: boolean;
  /** What one entry of a list is called, for its Add button ("Add option"). */
  item?: string;
  /** A widget of its own (a person picker). */
  render?: (props: { id: string; value: unknown; onChange: (value: unknown) => void; readOnly: boolean }) => ReactNode;
}

export interface SchemaFieldsProps {
  fields: SchemaField[];
  /** The object edited; keys the schema does not list are kept as they are. */
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /** Where `value` sits in the document (`spec.actions[0].http`), to find its messages. */
  path: string;
  errors: Map<string, string>;
  readOnly: boolean;
  hints?: Record<string, FieldHint>;
  /** The hint path of `value` (its `path` without list indexes). */
  hintPath?: string;
}

const isEmptyValue = (v: unknown) =>
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (!!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** A copy of `obj` with `key` set, or removed when the value is empty (unless `keep`: a required object stays `{}`). */
export function withKey(
  obj: Record<string, unknown>,
  key: string,
  value: unknown,
  keep = false,
): Record<string, unknown> {
  const next = { ...obj };
  if (isEmptyValue(value) && !(keep && value !== undefined)) delete next[key];
  else next[key] = value;
  return next;
}

/** The fields of one object of the document, each with the widget its schema calls for. */
export function SchemaFields({
  fields,
  value,
  onChange,
  path,
  errors,
  readOnly,
  hints = {},
  hintPath = '',
}: SchemaFieldsProps) {
  const known = new Set(fields.map((f) => f.key));
  const others = Object.keys(value).filter((k) => !known.has(k));
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {fields.map((f) => {
        const hp = hintPath ? `${hintPath}.${f.key}` : f.key;
        const hint = hints[hp] ?? {};
        if (hint.hidden && value[f.key] === undefined) return null;
        return (
          <SchemaValue
            key={f.key}
            label={hint.label ?? humanize(f.key)}
            required={f.required}
            node={f.node}
            value={value[f.key]}
            onChange={(v) => onChange(withKey(value, f.key, v, f.required && f.node.kind === 'object'))}
            path={`${path}.${f.key}`}
            errors={errors}
            readOnly={readOnly}
            hints={hints}
            hintPath={hp}
          />
        );
      })}
      {others.length > 0 && (
        <p className="text-xs text-zinc-500 md:col-span-2">
          Also set, kept as written (edit in YAML): <code className="font-mono">{others.join(', ')}</code>
        </p>
      )}
    </div>
  );
}

interface ValueProps {
  label: string;
  required: boolean;
  node: SchemaNode;
  value: unknown;
  onChange: (value: unknown) => void;
  path: string;
  errors: Map<string, string>;
  readOnly: boolean;
  hints: Record<string, FieldHint>;
  hintPath: string;
}

/** One value: a nested object or list as a group, anything else as a labelled input. */
function SchemaValue(props: ValueProps) {
  const { label, node, value, onChange, path, errors, readOnly, hints, hintPath } = props;
  if (node.kind === 'object') {
    const group = (
      <fieldset aria-label={label} className="rounded-md border border-zinc-200 p-2">
        <legend className="px-1 text-xs font-semibold text-zinc-700">{label}</legend>
        {errors.get(path) && <p className="mb-1 text-xs text-red-600">{errors.get(path)}</p>}
        <SchemaFields
          fields={node.fields}
          value={asObject(value)}
          onChange={onChange}
          path={path}
          errors={errors}
          readOnly={readOnly}
          hints={hints}
          hintPath={hintPath}
        />
      </fieldset>
    );
    if (props.required) return <div className="md:col-span-2">{group}</div>;
    // an optional group (credentials, checkout, retry) stays folded until it is set or has a problem
    const open = value !== undefined || [...errors.keys()].some((k) => k === path || k.startsWith(`${path}.`));
    return (
      <details className="md:col-span-2" open={open}>
        <summary className="cursor-pointer text-xs font-medium text-zinc-600">{label}</summary>
        <div className="mt-1">{group}</div>
      </details>
    );
  }
  if (node.kind === 'list') return <ListOfItems {...props} item={node.item} />;
  const hint = hints[hintPath] ?? {};
  const wide = hint.multiline || node.kind === 'map' || node.kind === 'yaml';
  return (
    <FormField
      label={label}
      required={props.required}
      error={errors.get(path)}
      help={hint.help}
      className={wide ? 'md:col-span-2' : undefined}
    >
      {({ id, describedBy, invalid }) => {
        const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid, disabled: readOnly };
        const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        if (hint.render) return hint.render({ id, value, onChange, readOnly });
        switch (node.kind) {
          case 'boolean':
            if (typeof value === 'string')
              return <TextInput {...common} hint={hint} text={value} onChange={onChange} />;
            return (
              <input
                {...common}
                type="checkbox"
                className="h-4 w-4"
                checked={value === true}
                onChange={(e) => onChange(e.target.checked || undefined)}
              />
            );
          case 'number':
            return (
              <input
                {...common}
                className={inputClass}
                inputMode="numeric"
                value={text}
                placeholder={hint.placeholder}
                onChange={(e) => onChange(numberFromInput(e.target.value))}
              />
            );
          case 'select':
            return (
              <select {...common} className={inputClass} value={text} onChange={(e) => onChange(e.target.value)}>
                <option value="">{props.required ? 'Choose…' : '(default)'}</option>
                {node.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            );
          case 'strings':
            return (
              <ListInput
                {...common}
                readOnly={readOnly}
                value={value}
                onChange={onChange}
                placeholder={hint.placeholder}
              />
            );
          case 'map':
            return <MapInput {...common} readOnly={readOnly} value={value} onChange={onChange} />;
          case 'yaml':
            return <YamlInput {...common} readOnly={readOnly} value={value} onChange={onChange} />;
          default:
            if (node.kind === 'textOrYaml' && value !== undefined && typeof value !== 'string') {
              return <YamlInput {...common} readOnly={readOnly} value={value} onChange={onChange} />;
            }
            return <TextInput {...common} hint={hint} text={text} onChange={onChange} />;
        }
      }}
    </FormField>
  );
}

function TextInput({
  hint,
  text,
  onChange,
  ...common
}: {
  id: string;
  disabled: boolean;
  hint: FieldHint;
  text: string;
  onChange: (value: unknown) => void;
}) {
  if (hint.multiline) {
    return (
      <textarea
        {...common}
        className={`${inputClass} min-h-20 font-mono text-xs`}
        value={text}
        placeholder={hint.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const listId = hint.options ? `${common.id}-options` : undefined;
  return (
    <>
      <input
        {...common}
        className={inputClass}
        value={text}
        list={listId}
        placeholder={hint.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {listId && (
        <datalist id={listId}>
          {hint.options?.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
    </>
  );
}

/** A list of objects (or of anything else): one card each, Add and Remove. */
function ListOfItems(props: ValueProps & { item: SchemaNode }) {
  const { label, item, value, onChange, path, errors, readOnly, hints, hintPath } = props;
  const items = Array.isArray(value) ? value : [];
  const set = (i: number, v: unknown) => {
    const next = [...items];
    next[i] = v ?? {};
    onChange(next);
  };
  return (
    <fieldset aria-label={label} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 md:col-span-2">
      <legend className="px-1 text-xs font-semibold text-zinc-700">{label}</legend>
      {errors.get(path) && <p className="text-xs text-red-600">{errors.get(path)}</p>}
      {items.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place
        <div key={i} className="flex items-start gap-2 rounded border border-zinc-100 bg-zinc-50 p-2">
          <div className="flex-1">
            {item.kind === 'object' ? (
              <SchemaFields
                fields={item.fields}
                value={asObject(entry)}
                onChange={(v) => set(i, v)}
                path={`${path}[${i}]`}
                errors={errors}
                readOnly={readOnly}
                hints={hints}
                hintPath={hintPath}
              />
            ) : (
              <SchemaValue
                {...props}
                label={`${label} ${i + 1}`}
                node={item}
                value={entry}
                onChange={(v) => set(i, v)}
                path={`${path}[${i}]`}
              />
            )}
          </div>
          {!readOnly && (
            <IconButton label={`Remove ${label} ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
              <Trash2 className="h-4 w-4" />
            </IconButton>
          )}
        </div>
      ))}
      {!readOnly && (
        <div>
          <Button
            icon={<Plus className="h-4 w-4" />}
            onClick={() => onChange([...items, item.kind === 'object' ? {} : ''])}
          >
            {hints[hintPath]?.item ? `Add ${hints[hintPath]?.item}` : `Add to ${label.toLowerCase()}`}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
