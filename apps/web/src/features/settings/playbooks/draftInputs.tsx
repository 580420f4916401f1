import { useEffect, useState } from 'react';
import { parse, stringify } from 'yaml';
import { inputClass } from '../../../ui/forms/FormField.js';

/** The props every draft input takes: ids from its FormField and the value it edits. */
export interface DraftInputProps {
  id: string;
  describedBy?: string;
  invalid?: boolean;
  readOnly: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** `a, b` for a list of strings. */
export function formatList(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : '';
}

/** The strings of `a, b`, blanks dropped; undefined when none. */
export function parseList(text: string): string[] | undefined {
  const out = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return out.length ? out : undefined;
}

/** `key=value` lines for a string map. */
export function formatMap(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('\n');
}

/** The map of `key=value` lines; lines without a key are dropped; undefined when empty. */
export function parseMap(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    if (key) out[key] = at < 0 ? '' : line.slice(at + 1).trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/** A value as a YAML snippet ('' for none). */
export function formatYaml(value: unknown): string {
  return value === undefined ? '' : stringify(value, { lineWidth: 0 }).trimEnd();
}

/**
 * Text the person edits freely, turned into the value as they type when it reads as one; the
 * text stays theirs (a trailing comma is not eaten) until the value changes from outside.
 */
function useDraft(value: unknown, format: (v: unknown) => string, read: (text: string) => unknown) {
  const [draft, setDraft] = useState(() => format(value));
  useEffect(() => {
    setDraft((d) => (JSON.stringify(read(d)) === JSON.stringify(value) ? d : format(value)));
  }, [value, format, read]);
  return [draft, setDraft] as const;
}

/** A list of strings typed as `a, b`. */
export function ListInput({
  id,
  describedBy,
  invalid,
  readOnly,
  value,
  onChange,
  placeholder,
}: DraftInputProps & { placeholder?: string }) {
  const [draft, setDraft] = useDraft(value, formatList, parseList);
  return (
    <input
      id={id}
      className={inputClass}
      value={draft}
      disabled={readOnly}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      placeholder={placeholder ?? 'comma, separated'}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(parseList(e.target.value));
      }}
    />
  );
}

/** A string map typed as `key=value` lines. */
export function MapInput({ id, describedBy, invalid, readOnly, value, onChange }: DraftInputProps) {
  const [draft, setDraft] = useDraft(value, formatMap, parseMap);
  return (
    <textarea
      id={id}
      className={`${inputClass} min-h-16 font-mono text-xs`}
      value={draft}
      disabled={readOnly}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      placeholder="key=value, one a line"
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(parseMap(e.target.value));
      }}
    />
  );
}

const readYaml = (text: string): unknown => {
  try {
    return text.trim() ? parse(text) : undefined;
  } catch {
    return Symbol('invalid');
  }
};

/** Any value as a YAML snippet; applied while it parses, the parse error shown while it does not. */
export function YamlInput({ id, describedBy, invalid, readOnly, value, onChange }: DraftInputProps) {
  const [draft, setDraft] = useDraft(value, formatYaml, readYaml);
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-col gap-1">
      <textarea
        id={id}
        className={`${inputClass} min-h-16 font-mono text-xs`}
        value={draft}
        disabled={readOnly}
        aria-invalid={invalid || !!error}
        aria-describedby={describedBy}
        placeholder="YAML"
        onChange={(e) => {
          setDraft(e.target.value);
          try {
            onChange(e.target.value.trim() ? parse(e.target.value) : undefined);
            setError(undefined);
          } catch (err) {
            setError(err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : 'invalid YAML');
          }
        }}
      />
      {error && <p className="text-xs text-red-600">Invalid YAML: {error}</p>}
    </div>
  );
}
