import type { ResourceSelector } from '@opsdeck/schema';

/** What a selector can look at on a check (or, later, a component). */
export interface Selectable {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
  labels: Record<string, string>;
}

/** `*` matches any run of characters; everything else is literal. */
function globMatch(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(value);
}

/**
 * Kubernetes-style equality selector: `a=b`, `a==b`, `a!=b`, `a` (has a), `!a` (lacks a),
 * comma-separated and all required.
 */
export function matchesLabelSelector(selector: string, labels: Record<string, string>): boolean {
  for (const raw of selector.split(',')) {
    const term = raw.trim();
    if (!term) continue;
    const neq = term.indexOf('!=');
    if (neq > 0) {
      if (labels[term.slice(0, neq).trim()] === term.slice(neq + 2).trim()) return false;
      continue;
    }
    const eq = term.indexOf('=');
    if (eq > 0) {
      const key = term.slice(0, eq).trim();
      const value = term.slice(term[eq + 1] === '=' ? eq + 2 : eq + 1).trim();
      if (labels[key] !== value) return false;
      continue;
    }
    if (term.startsWith('!')) {
      if (term.slice(1).trim() in labels) return false;
    } else if (!(term in labels)) {
      return false;
    }
  }
  return true;
}

/** Whether `item` matches every field the selector sets (an empty selector matches everything). */
export function matchesSelector(selector: ResourceSelector, item: Selectable): boolean {
  if (selector.id && selector.id !== item.id) return false;
  if (selector.name && !globMatch(selector.name, item.name)) return false;
  if (selector.namespace && !globMatch(selector.namespace, item.namespace ?? '')) return false;
  if (selector.types?.length && !selector.types.includes(item.type)) return false;
  if (selector.labelSelector && !matchesLabelSelector(selector.labelSelector, item.labels)) return false;
  return true;
}
