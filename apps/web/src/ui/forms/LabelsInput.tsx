import { useEffect, useState } from 'react';
import { FormField, inputClass } from './FormField.js';

/** `a=1, b=2` for a label map. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  return Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** The label map of `a=1, b=2`; pairs without a key are dropped; undefined when empty. */
export function parseLabels(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [key, ...rest] = part.split('=');
    const k = key?.trim();
    if (k) out[k] = rest.join('=').trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/** Labels typed as `key=value` pairs, applied to the document when the field loses focus. */
export function LabelsInput({
  value,
  readOnly,
  onChange,
}: {
  value: Record<string, string> | undefined;
  readOnly: boolean;
  onChange: (labels: Record<string, string> | undefined) => void;
}) {
  const [draft, setDraft] = useState(formatLabels(value));
  useEffect(() => setDraft(formatLabels(value)), [value]);
  return (
    <FormField label="Labels" help="key=value, separated by commas">
      {({ id, describedBy }) => (
        <input
          id={id}
          className={inputClass}
          value={draft}
          disabled={readOnly}
          aria-describedby={describedBy}
          placeholder="team=payments, env=prod"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => onChange(parseLabels(draft))}
        />
      )}
    </FormField>
  );
}
