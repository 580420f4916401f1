import { type PlaybookParameter, type PlaybookSpec, parseDuration } from '@opsdeck/schema';
import { renderTemplate } from '../expr/index.js';

/**
 * Parameters of a run: defaults are Go templates rendered with the
 * run's resource; the values given are checked against each parameter's type and properties.
 */

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parameters with their defaults rendered (as `POST /api/playbook/:id/params` answers). */
export function templatedParameters(spec: PlaybookSpec, env: Record<string, unknown>): PlaybookParameter[] {
  return (spec.parameters ?? []).map((p) => {
    if (typeof p.default !== 'string' || !p.default.includes('{{')) return p;
    return { ...p, default: renderTemplate(p.default, env) };
  });
}

/** Why `value` is not acceptable for `p`, or undefined. */
export function parameterProblem(p: PlaybookParameter, value: unknown): string | undefined {
  const props = p.properties ?? {};
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  switch (p.type) {
    case 'checkbox':
      if (typeof value === 'boolean' || text === 'true' || text === 'false') return undefined;
      return 'must be true or false';
    case 'configs':
    case 'people':
      if (Array.isArray(value) || typeof value === 'string') return undefined;
      return 'must be a list';
    case 'code':
      if (typeof value === 'string' || (value && typeof value === 'object')) return undefined;
      return 'must be text';
    default:
      break;
  }
  if (text === undefined) return 'must be text';
  if (p.type === 'config' || p.type === 'check' || p.type === 'component') {
    return UUID.test(text) ? undefined : `must be the id of a ${p.type}`;
  }
  if (p.type === 'duration')
    return parseDuration(text) === undefined ? 'must be a duration such as 30s, 5m or 1h' : undefined;
  if (p.type === 'list' && props.options?.length) {
    return props.options.some((o) => o.value === text)
      ? undefined
      : `must be one of ${props.options.map((o) => o.value).join(', ')}`;
  }
  if (props.minLength !== undefined && text.length < props.minLength)
    return `must be at least ${props.minLength} characters`;
  if (props.maxLength !== undefined && text.length > props.maxLength)
    return `must be at most ${props.maxLength} characters`;
  if (props.regex && !new RegExp(props.regex).test(text)) return `must match ${props.regex}`;
  if (props.format === 'dns1123' && !DNS1123.test(text))
    return 'must be a DNS-1123 name (lower-case letters, digits, - and .)';
  if (props.min !== undefined && Number(text) < Number(props.min)) return `must be at least ${props.min}`;
  if (props.max !== undefined && Number(text) > Number(props.max)) return `must be at most ${props.max}`;
  return undefined;
}

/** The run's parameter values: defaults filled, every value checked; throws with every problem. */
export function resolveParameters(
  params: PlaybookParameter[],
  given: Record<string, unknown>,
): { values: Record<string, unknown>; problems: string[] } {
  const problems: string[] = [];
  const known = new Set(params.map((p) => p.name));
  for (const k of Object.keys(given))
    if (!known.has(k)) problems.push(`params.${k}: the playbook has no such parameter`);
  const values: Record<string, unknown> = {};
  for (const p of params) {
    const v = given[p.name] ?? p.default;
    if (v === undefined || v === '') {
      if (p.required) problems.push(`params.${p.name}: ${p.label ?? p.name} is required`);
      continue;
    }
    const problem = parameterProblem(p, v);
    if (problem) problems.push(`params.${p.name}: ${p.label ?? p.name} ${problem}`);
    values[p.name] = v;
  }
  return { values, problems };
}
