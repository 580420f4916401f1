import { parseDuration } from '@opsdeck/schema';
import type { PlaybookParameter } from '../api.js';

/**
 * The run dialog's validation: required fields, text minLength,
 * maxLength and regex, dns1123 names, number bounds, durations and list options. The server checks
 * the same rules; these give the message before a round trip.
 */

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** The message for `value` of `p`, or undefined when it is acceptable. */
export function paramError(p: PlaybookParameter, value: unknown): string | undefined {
  const label = p.label || p.name;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return p.required ? `${label} is required` : undefined;
  if (p.type === 'checkbox' || p.type === 'code' || p.type === 'configs' || p.type === 'people') return undefined;
  const text = String(value);
  const props = p.properties ?? {};
  if (p.type === 'duration' && parseDuration(text) === undefined)
    return `${label} must be a duration such as 30s, 5m or 1h`;
  if (p.type === 'list' && props.options?.length && !props.options.some((o) => o.value === text)) {
    return `${label} must be one of the options`;
  }
  if (props.minLength !== undefined && text.length < props.minLength) {
    return `${label} must be at least ${props.minLength} characters`;
  }
  if (props.maxLength !== undefined && text.length > props.maxLength) {
    return `${label} must be at most ${props.maxLength} characters`;
  }
  if (props.regex && !new RegExp(props.regex).test(text)) return `${label} must match ${props.regex}`;
  if (props.format === 'dns1123' && !DNS1123.test(text)) {
    return `${label} must be lower-case letters, digits, '-' and '.', starting and ending with a letter or digit`;
  }
  if (props.min !== undefined && Number(text) < Number(props.min)) return `${label} must be at least ${props.min}`;
  if (props.max !== undefined && Number(text) > Number(props.max)) return `${label} must be at most ${props.max}`;
  return undefined;
}

/** The starting values of a form: each parameter's default (code defaults are kept as text). */
export function initialValues(params: PlaybookParameter[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    if (p.default !== undefined) out[p.name] = p.type === 'checkbox' ? String(p.default) === 'true' : p.default;
  }
  return out;
}

/** Every problem of a form, by parameter name. */
export function formErrors(params: PlaybookParameter[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) {
    const e = paramError(p, values[p.name]);
    if (e) out[p.name] = e;
  }
  return out;
}
