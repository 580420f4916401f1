import { renderTemplate } from '../expr/index.js';

/**
 * Templates of topology specs are Go templates; Mission Control also writes `$(.component.name)`
 * in `forEach` so the text survives Kubernetes' own templating. Both forms render here.
 */

/** Keys whose values are expressions evaluated later by the check engine, not at build time. */
const LATER = new Set(['display', 'test', 'transform', 'expr', 'statusExpr', 'healthExpr', 'metrics']);

/** Renders one template string; text without template markers comes back unchanged. */
export function renderString(text: string, vars: Record<string, unknown>): string {
  if (!text.includes('{{') && !text.includes('$(')) return text;
  const go = text.replace(/\$\((\.[^()]*)\)/g, '{{$1}}');
  return renderTemplate(go, vars);
}

/** Renders every string of a spec fragment (a copy), leaving expressions evaluated later alone. */
export function renderDeep<T>(value: T, vars: Record<string, unknown>): T {
  if (typeof value === 'string') return renderString(value, vars) as T;
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, vars)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = LATER.has(k) ? v : renderDeep(v, vars);
    return out as T;
  }
  return value;
}
