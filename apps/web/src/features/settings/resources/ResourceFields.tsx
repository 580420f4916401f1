import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { EntityPicker } from '../permissions/EntityPicker.js';
import type { FieldSpec } from './types.js';

/** The common fields of a resource kind, each with its error (the form's or the server's) below it. */
export function ResourceFields({
  fields,
  values,
  errors,
  saved,
  readOnly,
  onChange,
}: {
  fields: readonly FieldSpec[];
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  saved: boolean;
  readOnly: boolean;
  onChange: (name: string, value: unknown) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {fields.map((f) => {
        const disabled = readOnly || (saved && !!f.fixedOnceSaved);
        const wide = f.kind === 'textarea' || f.kind === 'multiselect';
        return (
          <FormField
            key={f.name}
            label={f.label}
            required={f.required}
            error={errors[f.name]}
            help={f.help}
            className={wide ? 'md:col-span-2' : undefined}
          >
            {({ id, describedBy, invalid }) => {
              const common = {
                id,
                'aria-describedby': describedBy,
                'aria-invalid': invalid || undefined,
                disabled,
              };
              const text = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
              switch (f.kind) {
                case 'textarea':
                  return (
                    <textarea
                      {...common}
                      rows={4}
                      className={inputClass}
                      value={text}
                      placeholder={f.placeholder}
                      onChange={(e) => onChange(f.name, e.target.value)}
                    />
                  );
                case 'select':
                  return (
                    <select
                      {...common}
                      className={inputClass}
                      value={text}
                      onChange={(e) => onChange(f.name, e.target.value)}
                    >
                      <option value="">—</option>
                      {f.options?.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  );
                case 'multiselect': {
                  const chosen = new Set(Array.isArray(values[f.name]) ? (values[f.name] as string[]) : []);
                  return (
                    <fieldset
                      id={id}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      disabled={disabled}
                      className="grid max-h-48 grid-cols-2 gap-x-4 gap-y-1 overflow-auto rounded-md border border-zinc-300 p-2 md:grid-cols-3"
                    >
                      <legend className="sr-only">{f.label}</legend>
                      {f.options?.map((o) => (
                        <label key={o} className="flex items-center gap-1.5 font-mono text-xs text-zinc-700">
                          <input
                            type="checkbox"
                            checked={chosen.has(o)}
                            onChange={(e) => {
                              const next = new Set(chosen);
                              if (e.target.checked) next.add(o);
                              else next.delete(o);
                              onChange(
                                f.name,
                                f.options?.filter((x) => next.has(x)),
                              );
                            }}
                          />
                          {o}
                        </label>
                      ))}
                    </fieldset>
                  );
                }
                case 'team':
                case 'person':
                  return disabled ? (
                    <input {...common} className={inputClass} value={text} readOnly />
                  ) : (
                    <EntityPicker
                      kind={f.kind === 'team' ? 'Team' : 'Person'}
                      id={id}
                      describedBy={describedBy}
                      invalid={invalid}
                      value={text || undefined}
                      onChange={(v) => onChange(f.name, v || null)}
                    />
                  );
                default:
                  return (
                    <input
                      {...common}
                      className={inputClass}
                      value={text}
                      placeholder={f.placeholder}
                      onChange={(e) => onChange(f.name, e.target.value)}
                    />
                  );
              }
            }}
          </FormField>
        );
      })}
    </div>
  );
}
