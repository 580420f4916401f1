import { z } from 'zod';
import type { Resource } from './rbac.js';

// Object selectors of permission rows: instead of one resource or a
// global object, a row may name the objects it covers by selectors over configs, components,
// playbooks and connections. The server evaluates them in SQL (rows read through /api/db) and in
// memory (one object: the playbook to run); both follow the matching rules below.

/** Selector kinds and the role-table resource the objects of each kind are read and written as. */
export const SELECTOR_KINDS = {
  configs: 'config_scrapers',
  components: 'topologies',
  playbooks: 'playbooks',
  connections: 'connections',
} as const satisfies Record<string, Resource>;
export type SelectorKind = keyof typeof SELECTOR_KINDS;

/**
 * Resources whose rows belong to an object of another resource: a playbook run is about its
 * playbook, so a selector row on playbooks (a deny above all) covers its runs too.
 */
const BELONGS_TO: Partial<Record<Resource, SelectorKind>> = { playbook_runs: 'playbooks' };

/** The selector kind whose objects `resource` holds (or belongs to), if any. */
export function selectorKindOf(resource: Resource): SelectorKind | undefined {
  return (
    (Object.keys(SELECTOR_KINDS) as SelectorKind[]).find((k) => SELECTOR_KINDS[k] === resource) ?? BELONGS_TO[resource]
  );
}

const text = z.string().trim().min(1).max(200);

/** One resource selector: every field given must match (`*` in name and namespace is a wildcard). */
export const resourceSelectorSchema = z.strictObject({
  id: z.guid().optional(),
  name: text.optional(),
  namespace: text.optional(),
  /** configs: the type (`Kubernetes::Pod`); components: the type; playbooks: the category; connections: the type. */
  types: z.array(text).min(1).max(50).optional(),
  agent: text.optional(),
  /** `k=v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, comma separated, over the labels. */
  labelSelector: z.string().trim().min(1).max(500).optional(),
  /** The same grammar over the tags (configs); labels elsewhere. */
  tagSelector: z.string().trim().min(1).max(500).optional(),
  statuses: z.array(text).min(1).max(50).optional(),
  health: text.optional(),
});
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

export const objectSelectorSchema = z
  .strictObject({
    configs: z.array(resourceSelectorSchema).min(1).max(20).optional(),
    components: z.array(resourceSelectorSchema).min(1).max(20).optional(),
    playbooks: z.array(resourceSelectorSchema).min(1).max(20).optional(),
    connections: z.array(resourceSelectorSchema).min(1).max(20).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v?.length), {
    message: 'name at least one of configs, components, playbooks, connections',
  });
export type ObjectSelector = z.infer<typeof objectSelectorSchema>;

/** Why `value` is not an object selector (the first issue, with its path), or undefined. */
export function objectSelectorProblem(value: unknown): string | undefined {
  const parsed = objectSelectorSchema.safeParse(value);
  if (parsed.success) {
    for (const selectors of Object.values(parsed.data)) {
      for (const s of selectors ?? []) {
        for (const field of ['labelSelector', 'tagSelector'] as const) {
          const problem = s[field] ? labelSelectorProblem(s[field]) : undefined;
          if (problem) return `object_selector: ${field}: ${problem}`;
        }
      }
    }
    return undefined;
  }
  const issue = parsed.error.issues[0];
  const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
  return `object_selector${path}: ${issue?.message ?? 'invalid'}`;
}

export interface LabelRequirement {
  key: string;
  op: '=' | '!=' | 'in' | 'notin';
  values: string[];
}

const REQUIREMENT = /^\s*([^\s=!,()]+)\s*(?:(!=|==|=)\s*([^,()]*?)|\s(in|notin)\s*\(([^)]*)\))\s*$/;

/** Splits `a=b,c in (x,y)` at the commas that are not inside parentheses. */
function splitTopLevel(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Parses a label selector; throws an Error naming the piece that is not one. */
export function parseLabelSelector(source: string | string[]): LabelRequirement[] {
  const items = Array.isArray(source) ? source.flatMap(splitTopLevel) : splitTopLevel(source);
  return items.map((item) => {
    const m = REQUIREMENT.exec(item);
    if (!m) throw new Error(`${JSON.stringify(item)} is not a selector (k=v, k!=v, k in (a,b), k notin (a,b))`);
    const key = m[1] as string;
    if (m[2]) return { key, op: m[2] === '!=' ? '!=' : '=', values: [(m[3] as string).trim()] };
    const values = (m[5] as string)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return { key, op: m[4] as 'in' | 'notin', values };
  });
}

function labelSelectorProblem(source: string): string | undefined {
  try {
    parseLabelSelector(source);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** What a selector is matched against: one object's attributes. */
export interface ObjectAttributes {
  id: string;
  name?: string | null;
  namespace?: string | null;
  type?: string | null;
  agent_id?: string | null;
  labels?: Record<string, unknown> | null;
  tags?: Record<string, unknown> | null;
  status?: string | null;
  health?: string | null;
}

/** `nginx*` matches case-insensitively with `*` as a wildcard; a value without `*` matches exactly. */
export function globMatches(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (!pattern.includes('*')) return pattern === value;
  const re = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${re}$`, 'is').test(value);
}

function requirementsHold(source: string | undefined, map: Record<string, unknown> | null | undefined): boolean {
  if (!source) return true;
  return parseLabelSelector(source).every(({ key, op, values }) => {
    const raw = map?.[key];
    const v = raw === undefined || raw === null ? undefined : String(raw);
    if (op === '=') return v === values[0];
    if (op === '!=') return v !== values[0];
    if (op === 'in') return v !== undefined && values.includes(v);
    return v === undefined || !values.includes(v);
  });
}

/** Whether `object` (of `kind`) matches `selector`. */
export function selectorMatches(kind: SelectorKind, selector: ResourceSelector, object: ObjectAttributes): boolean {
  const tags = kind === 'configs' ? object.tags : object.labels;
  return (
    (!selector.id || selector.id.toLowerCase() === object.id.toLowerCase()) &&
    (!selector.name || globMatches(selector.name, object.name)) &&
    (!selector.namespace || globMatches(selector.namespace, object.namespace)) &&
    (!selector.types || selector.types.includes(object.type ?? '')) &&
    (!selector.agent || selector.agent === object.agent_id) &&
    (!selector.statuses || selector.statuses.includes(object.status ?? '')) &&
    (!selector.health || selector.health === object.health) &&
    requirementsHold(selector.labelSelector, object.labels) &&
    requirementsHold(selector.tagSelector, tags)
  );
}
