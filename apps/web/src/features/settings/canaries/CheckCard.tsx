import { Trash2 } from 'lucide-react';
import { IconButton } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { getField } from '../../../ui/forms/fieldPath.js';
import { numberFromInput } from '../../../ui/forms/numberInput.js';
import { type CheckField, checkForm, formUnrunnable, RESPONSE_CODES } from './checkForms.js';

export interface CheckCardProps {
  type: string;
  index: number;
  check: Record<string, unknown>;
  /** Messages by field key (form rules first, then the shared schema's). */
  errors: Map<string, string>;
  readOnly: boolean;
  onField: (field: string, value: unknown) => void;
  onRemove: () => void;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function text(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** One check of the canary in the form builder: its name, description and its type's fields. */
export function CheckCard({ type, index, check, errors, readOnly, onField, onRemove }: CheckCardProps) {
  const form = checkForm(type);
  const title = `${form?.label ?? type} check ${index + 1}`;
  const unrunnable = form ? formUnrunnable(form) : undefined;
  const byLabel = new Map(form?.fields.map((f) => [f.key, f.label]));
  return (
    <fieldset className="rounded-lg border border-zinc-200 bg-white p-3" aria-label={title}>
      <div className="mb-2 flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">
          <span className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-600">{type}</span>
          {text(check.name) || <span className="font-normal text-zinc-400">unnamed</span>}
        </legend>
        {!readOnly && (
          <IconButton label={`Remove ${title}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" />
          </IconButton>
        )}
      </div>
      {(unrunnable || errors.get('type')) && (
        <p role="note" className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-800">
          {capitalize(unrunnable ?? errors.get('type') ?? '')}. A health check holding it is refused on save; keep it in
          the canary-checker file or remove it here.
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Name" required error={errors.get('name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={text(check.name)}
              required
              aria-invalid={invalid}
              aria-describedby={describedBy}
              disabled={readOnly}
              onChange={(e) => onField('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Description" error={errors.get('description')}>
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={text(check.description)}
              disabled={readOnly}
              onChange={(e) => onField('description', e.target.value)}
            />
          )}
        </FormField>
        {form ? (
          form.fields
            .filter((f) => !f.visible || f.visible(check))
            .map((field) => (
              <Field
                key={field.key}
                field={field}
                standIn={field.orKeys?.map((k) => byLabel.get(k) ?? k).join(' or ')}
                value={getField(check, field.key)}
                error={errors.get(field.key)}
                readOnly={readOnly}
                onChange={(v) => onField(field.key, v)}
              />
            ))
        ) : (
          <p className="text-xs text-zinc-500 md:col-span-2">
            The form builder does not cover {type} checks: edit its fields in YAML.
          </p>
        )}
      </div>
    </fieldset>
  );
}

function Field({
  field,
  standIn,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: CheckField;
  /** The fields that may stand in for this required one (shown as help). */
  standIn?: string;
  value: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const wide = field.kind === 'textarea' || field.kind === 'codes';
  return (
    <FormField
      label={field.label}
      required={field.required}
      error={error}
      help={standIn ? `Required unless ${standIn} is set` : field.help}
      className={wide ? 'md:col-span-2' : undefined}
    >
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          disabled: readOnly,
          'aria-invalid': invalid,
          'aria-describedby': describedBy,
          required: field.required,
        };
        switch (field.kind) {
          case 'textarea':
            return (
              <textarea
                {...common}
                className={`${inputClass} min-h-20 font-mono text-xs`}
                placeholder={field.placeholder}
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'number':
            return (
              <input
                {...common}
                className={inputClass}
                inputMode="numeric"
                placeholder={field.placeholder}
                value={text(value)}
                onChange={(e) => onChange(numberFromInput(e.target.value))}
              />
            );
          case 'select':
            return (
              <select {...common} className={inputClass} value={text(value)} onChange={(e) => onChange(e.target.value)}>
                {!field.required && <option value="">(default)</option>}
                {field.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            );
          case 'boolean':
            return (
              <input
                {...common}
                type="checkbox"
                className="h-4 w-4"
                checked={value === true}
                onChange={(e) => onChange(e.target.checked || undefined)}
              />
            );
          case 'codes':
            return <CodesPicker id={id} value={value} readOnly={readOnly} onChange={onChange} />;
          default:
            return (
              <input
                {...common}
                className={inputClass}
                placeholder={field.placeholder}
                value={text(value)}
                onChange={(e) => onChange(e.target.value)}
              />
            );
        }
      }}
    </FormField>
  );
}

/** Checkboxes for the offered HTTP response codes; an empty choice removes the field. */
function CodesPicker({
  id,
  value,
  readOnly,
  onChange,
}: {
  id: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const chosen = new Set(Array.isArray(value) ? (value as number[]) : []);
  const toggle = (code: number) => {
    const next = new Set(chosen);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    onChange(next.size ? [...next].sort((a, b) => a - b) : undefined);
  };
  return (
    <fieldset id={id} aria-label="Response codes" className="flex flex-wrap gap-1.5">
      {RESPONSE_CODES.map((code) => (
        <label
          key={code}
          className="flex items-center gap-1 rounded border border-zinc-200 px-1.5 py-0.5 font-mono text-xs text-zinc-700"
        >
          <input type="checkbox" checked={chosen.has(code)} disabled={readOnly} onChange={() => toggle(code)} />
          {code}
        </label>
      ))}
    </fieldset>
  );
}
