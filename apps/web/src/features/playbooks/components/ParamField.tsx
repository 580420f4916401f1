import { useId } from 'react';
import type { PlaybookParameter } from '../api.js';

const input = 'w-full rounded-md border border-zinc-300 px-2 py-1.5 text-sm focus:border-blue-500 focus:outline-none';

const CODE_ROWS: Record<string, number> = { 'very-small': 3, small: 6, medium: 10, large: 16, full: 24 };

/**
 * One parameter of the run dialog with the widget of its type (backend-2 3.2): checkbox, list
 * options, a textarea for multiline text and code, number-like text for bytes and millicores,
 * and a text box for the rest (ids for config, check and component; emails for people).
 */
export function ParamField({
  param,
  value,
  error,
  onChange,
}: {
  param: PlaybookParameter;
  value: unknown;
  error?: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const label = param.label || param.name;
  const props = param.properties ?? {};
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const describedBy = error ? `${id}-error` : param.description ? `${id}-help` : undefined;
  let widget: React.ReactNode;
  if (param.type === 'checkbox') {
    widget = (
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4"
        checked={value === true || value === 'true'}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={describedBy}
      />
    );
  } else if (param.type === 'list' && props.options?.length) {
    widget = (
      <select
        id={id}
        className={input}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
      >
        <option value="">Select...</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label ?? o.value}
          </option>
        ))}
      </select>
    );
  } else if (param.type === 'code' || props.multiline === true || props.multiline === 'true') {
    widget = (
      <textarea
        id={id}
        className={`${input} ${param.type === 'code' ? 'font-mono text-xs' : ''}`}
        rows={param.type === 'code' ? (CODE_ROWS[props.size ?? 'small'] ?? 6) : 4}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        spellCheck={param.type !== 'code'}
      />
    );
  } else {
    const numeric = props.min !== undefined || props.max !== undefined;
    widget = (
      <input
        id={id}
        className={input}
        type={param.type === 'secret' ? 'password' : numeric ? 'number' : 'text'}
        value={text}
        placeholder={placeholder(param.type)}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
    );
  }
  return (
    <div className={param.type === 'checkbox' ? 'flex items-center gap-2' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
        {param.required && <span className="text-red-600"> *</span>}
      </label>
      {widget}
      {param.description && !error && (
        <p id={`${id}-help`} className="text-xs text-zinc-500">
          {param.description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function placeholder(type: string): string | undefined {
  switch (type) {
    case 'duration':
      return '30s, 5m, 1h';
    case 'bytes':
      return '512Mi';
    case 'millicores':
      return '500m';
    case 'config':
    case 'check':
    case 'component':
      return `${type} id`;
    case 'people':
      return 'email';
    case 'team':
      return 'team name';
    default:
      return undefined;
  }
}
