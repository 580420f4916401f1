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
      return { kind: 'object', fields: objectFields(s) };
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
  return shapeFields(defOf(s).shape ?? {});
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
