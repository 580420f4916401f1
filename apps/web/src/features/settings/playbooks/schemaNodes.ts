import { formatPath } from '@opsdeck/schema';
import type { z } from 'zod';

/**
 * How the playbook builder edits a value, read from the shared zod schema rather than declared:
 * a string is a text box, an enum a select, an object its fields, a list of objects repeatable
 * cards, a string map `key=value` lines, and what no widget fits (a union of objects, `unknown`)
 * a YAML snippet. New fields and action types of the schema appear in the form on their own.
 */
export type SchemaNode =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'select'; options: string[] }
  | { kind: 'strings' }
  | { kind: 'map' }
  | { kind: 'textOrYaml' }
  | { kind: 'yaml' }
  | { kind: 'object'; fields: SchemaField[] }
  | { kind: 'list'; item: SchemaNode };

/** One key of an object node; `required` when the schema does not mark it optional or defaulted. */
export interface SchemaField {
  key: string;
  required: boolean;
  node: SchemaNode;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema under optional, default, nullable and pipe wrappers, and whether one made it optional. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let s = schema;
  let optional = false;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.innerType && ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type)) {
      s = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      // a preprocess is a pipe from a transform: what the form edits is the schema after it
      s = defOf(def.in).type === 'transform' && def.out ? def.out : def.in;
    } else if (def.type === 'lazy' && def.getter) s = def.getter();
    else break;
  }
  return { schema: s, optional };
}

/** Object schemas whose fields are being read: a recursive one (a component's components) is YAML inside itself. */
const reading = new Set<z.ZodType>();

/** The node of a schema (see SchemaNode). */
export function schemaNode(schema: z.ZodType): SchemaNode {
  const { schema: s } = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'string':
      return { kind: 'text' };
    case 'number':
    case 'int':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'select', options: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return { kind: 'select', options: (def.values ?? []).map(String) };
    case 'object':
      return reading.has(s) ? { kind: 'yaml' } : { kind: 'object', fields: objectFields(s) };
    case 'array': {
      const item = def.element ? schemaNode(def.element) : ({ kind: 'yaml' } as const);
      if (item.kind === 'text' || item.kind === 'select') return { kind: 'strings' };
      return { kind: 'list', item };
    }
    case 'record': {
      const value = def.valueType ? schemaNode(def.valueType) : undefined;
      return value?.kind === 'text' ? { kind: 'map' } : { kind: 'yaml' };
    }
    case 'union': {
      // a shorthand the schema rewrites (`- high` for `- value: high`) is not a form of its own
      const forms = (def.options ?? []).filter((o) => {
        const d = defOf(o);
        return !(d.type === 'pipe' && d.out && defOf(d.out).type === 'transform');
      });
      if (forms.length === 1 && forms[0] && forms.length < (def.options ?? []).length) return schemaNode(forms[0]);
      const kinds = (def.options ?? []).map((o) => schemaNode(o).kind);
      // a number or its text (a template): typed digits become a number, anything else stays text
      if (kinds.includes('number') && kinds.every((k) => k === 'number' || k === 'text')) return { kind: 'number' };
      // a flag or its text: a checkbox, unless the value is text already
      if (kinds.includes('boolean') && kinds.every((k) => k === 'boolean' || k === 'text')) return { kind: 'boolean' };
      return kinds.includes('text') ? { kind: 'textOrYaml' } : { kind: 'yaml' };
    }
    default:
      return { kind: 'yaml' };
  }
}

/** The fields of an object schema, in its declaration order. */
export function objectFields(schema: z.ZodType): SchemaField[] {
  const { schema: s } = unwrap(schema);
  reading.add(s);
  try {
    return shapeFields(defOf(s).shape ?? {});
  } finally {
    reading.delete(s);
  }
}

/** The fields of an object's shape (a shared set of keys, such as every action's). */
export function shapeFields(shape: Record<string, z.ZodType>): SchemaField[] {
  return Object.entries(shape).map(([key, child]) => ({
    key,
    required: !unwrap(child).optional && !isOptionalType(unwrap(child).schema),
    node: schemaNode(child),
  }));
}

/** zod marks `.optional()` members through `optin`; `unwrap` catches wrapped ones, this the rest. */
function isOptionalType(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** A person's words for a key: `allowSelfApproval` reads "Allow self approval". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields of `all` named in `keys`, in the order of `keys`. */
export function fieldsNamed(all: readonly SchemaField[], keys: readonly string[]): SchemaField[] {
  return keys.flatMap((k) => all.filter((f) => f.key === k));
}

/** The part of `obj` under `keys` (a form section's share of a document). */
export function pickKeys(obj: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => keys.includes(k)));
}

/**
 * `obj` with its `keys` taken from `part` (a key `part` lacks is removed); other keys stay as they
 * are and where they are, so a section of a form never drops or reorders what it does not show.
 */
export function withPart(
  obj: Record<string, unknown>,
  keys: readonly string[],
  part: Record<string, unknown>,
): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (!keys.includes(k)) next[k] = v;
    else if (part[k] !== undefined) next[k] = part[k];
  }
  for (const k of keys) if (part[k] !== undefined && !(k in next)) next[k] = part[k];
  return next;
}

/** The value at a zod issue's path, undefined where the document has none. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/**
 * The schema's problems of `value` by path under `prefix` (`spec.columns[0].name`), the first of
 * each, worded as the other forms word them: a missing required value is "This field is required".
 */
export function schemaErrors(schema: z.ZodType, value: unknown, prefix: string): Record<string, string> {
  const parsed = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  const at = (path: readonly PropertyKey[]) => {
    const p = formatPath(path);
    return !p ? prefix : `${prefix}${p.startsWith('[') ? '' : '.'}${p}`;
  };
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[at([...issue.path, key])] ??= 'unknown field';
      continue;
    }
    const missing = issue.code === 'invalid_type' || issue.code === 'invalid_value';
    errors[at(issue.path)] ??=
      missing && valueAt(value, issue.path) === undefined
        ? 'This field is required'
        : issue.message.replace(/^Invalid input: /, '');
  }
  return errors;
}
