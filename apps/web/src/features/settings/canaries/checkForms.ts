import { getField } from '../../../ui/forms/fieldPath.js';
import { CHECK_FORMS } from './checkTypes/index.js';
import type { CheckForm } from './checkTypes/types.js';

export { FORM_HTTP_METHODS } from './checkTypes/http.js';
export { CHECK_FORMS, formUnrunnable } from './checkTypes/index.js';
export type { CheckField, CheckForm, FieldKind, SpecCheckType } from './checkTypes/types.js';
export { SPEC_CHECK_TYPES } from './checkTypes/types.js';

/** HTTP response codes offered. */
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

/** The form of a Canary spec list (`http`, `mongodb`, ...), if the builder has one. */
export function checkForm(type: string): CheckForm | undefined {
  return type ? CHECK_FORMS.find((f) => f.type === type) : undefined;
}

/** The Canary spec lists the form builder edits (including types OpsDeck cannot run). */
export function formCheckTypes(): string[] {
  return CHECK_FORMS.map((f) => f.type).filter(Boolean);
}

/** Empty for a value the person has not filled in. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Form-level messages for one check, keyed by field: 'This field is
 * required' for a missing name or required field (unless one of its stand-ins, such as a
 * connection for a URL, is filled in), 'This field must be a number' for numbers typed as text,
 * and thresholds not below 0.
 */
export function checkFieldErrors(type: string, check: Record<string, unknown>): Map<string, string> {
  const errors = new Map<string, string>();
  if (isEmpty(check.name)) errors.set('name', 'This field is required');
  const form = checkForm(type);
  if (!form) return errors;
  for (const field of form.fields) {
    if (field.visible && !field.visible(check)) continue;
    const value = getField(check, field.key);
    const standIn = field.orKeys?.some((k) => !isEmpty(getField(check, k)));
    if (field.required && isEmpty(value) && !standIn) errors.set(field.key, 'This field is required');
    else if (field.kind === 'number' && !isEmpty(value)) {
      if (typeof value !== 'number' || Number.isNaN(value)) errors.set(field.key, 'This field must be a number');
      else if (value < 0) errors.set(field.key, 'This field must be at least 0');
    }
  }
  return errors;
}
