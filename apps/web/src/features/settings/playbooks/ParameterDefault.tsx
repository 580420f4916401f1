import { useQuery } from '@tanstack/react-query';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { type LOOKUPS, lookupQuery } from '../permissions/lookups.js';

/** Where the default of a picker-typed parameter finds its suggestions, and which part it offers. */
const SUGGESTIONS: Record<string, { kind: keyof typeof LOOKUPS; use: 'id' | 'label' | 'detail' }> = {
  config: { kind: 'Catalog', use: 'id' },
  component: { kind: 'Component', use: 'id' },
  team: { kind: 'Team', use: 'label' },
  people: { kind: 'Person', use: 'detail' },
};

const HELP: Record<string, string> = {
  config: 'A catalog item id, or a template such as {{.config.id}}',
  component: 'A component id, or a template such as {{.component.id}}',
  check: 'A check id, or a template such as {{.check.id}}',
  team: 'A team name',
  people: 'An email',
  duration: 'Such as 5m',
};

/**
 * The default value of a parameter, with the widget its type calls for: yes/no for a checkbox,
 * the options of a list, a box for code, and suggestions (catalog items, components, teams,
 * people by email) for picker types; any of them stays free text, as defaults may be templates.
 */
export function ParameterDefault({
  type,
  param,
  error,
  readOnly,
  onChange,
}: {
  type: string;
  param: Record<string, unknown>;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const value = param.default;
  const text = value === undefined || value === null ? '' : String(value);
  const suggest = SUGGESTIONS[type];
  const choices = useQuery({ ...lookupQuery(suggest?.kind ?? 'Team', ''), enabled: !!suggest && !readOnly });
  const props =
    param.properties && typeof param.properties === 'object' ? (param.properties as Record<string, unknown>) : {};
  const options = Array.isArray(props.options) ? (props.options as Array<{ label?: string; value?: string }>) : [];
  return (
    <FormField
      label="Default"
      error={error}
      help={HELP[type]}
      className={type === 'code' ? 'md:col-span-3' : undefined}
    >
      {({ id, describedBy, invalid }) => {
        const common = { id, disabled: readOnly, 'aria-describedby': describedBy, 'aria-invalid': invalid };
        if (type === 'checkbox') {
          return (
            <select
              {...common}
              className={inputClass}
              value={text}
              onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
            >
              <option value="">(none)</option>
              <option value="true">checked</option>
              <option value="false">unchecked</option>
            </select>
          );
        }
        if (type === 'list' && options.length > 0 && (text === '' || options.some((o) => o.value === text))) {
          return (
            <select {...common} className={inputClass} value={text} onChange={(e) => onChange(e.target.value)}>
              <option value="">(none)</option>
              {options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label ?? o.value}
                </option>
              ))}
            </select>
          );
        }
        if (type === 'code') {
          return (
            <textarea
              {...common}
              className={`${inputClass} min-h-20 font-mono text-xs`}
              value={text}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        }
        const listId = suggest ? `${id}-suggestions` : undefined;
        return (
          <>
            <input
              {...common}
              className={inputClass}
              value={text}
              list={listId}
              onChange={(e) =>
                onChange(
                  typeof value === 'number' && e.target.value !== '' && Number.isFinite(Number(e.target.value))
                    ? Number(e.target.value)
                    : e.target.value,
                )
              }
            />
            {listId && suggest && (
              <datalist id={listId}>
                {choices.data?.map((c) => {
                  const v = suggest.use === 'id' ? c.id : suggest.use === 'label' ? c.label : (c.detail ?? '');
                  return v ? (
                    <option key={c.id} value={v} label={c.detail ? `${c.label} (${c.detail})` : c.label} />
                  ) : null;
                })}
              </datalist>
            )}
          </>
        );
      }}
    </FormField>
  );
}
