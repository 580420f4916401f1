import YAML from 'yaml';
import type { ResourceKind } from './types.js';

/** The YAML text of a row's YAML columns (empty ones left out). */
export function yamlOf(kind: ResourceKind, row: Record<string, unknown>): string {
  if (kind.yamlRoot) {
    const v = row[kind.yamlRoot];
    return v === null || v === undefined ? '' : YAML.stringify(v, { lineWidth: 0 });
  }
  const doc: Record<string, unknown> = {};
  for (const c of kind.yamlColumns) {
    const v = row[c];
    if (v !== null && v !== undefined) doc[c] = v;
  }
  return Object.keys(doc).length ? YAML.stringify(doc) : '';
}

/** The YAML columns of `text`, or the reason it cannot be read. */
export function parseYamlColumns(
  kind: ResourceKind,
  text: string,
): { ok: true; values: Record<string, unknown> } | { ok: false; message: string } {
  let doc: unknown;
  try {
    doc = text.trim() ? YAML.parse(text) : {};
  } catch (err) {
    return { ok: false, message: (err as Error).message.split('\n')[0] ?? 'not YAML' };
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { ok: false, message: 'the YAML must be a mapping of fields' };
  if (kind.yamlRoot) return { ok: true, values: { [kind.yamlRoot]: doc } };
  const unknown = Object.keys(doc).filter((k) => !kind.yamlColumns.includes(k));
  if (unknown.length)
    return { ok: false, message: `unknown field ${unknown.join(', ')}; one of ${kind.yamlColumns.join(', ')}` };
  // a column left out of the YAML is cleared on save
  const values: Record<string, unknown> = Object.fromEntries(kind.yamlColumns.map((c) => [c, null]));
  return { ok: true, values: { ...values, ...(doc as Record<string, unknown>) } };
}

/** The body to save: form fields and YAML columns; fixed fields left out of an update. */
export function bodyOf(
  kind: ResourceKind,
  form: Record<string, unknown>,
  yamlValues: Record<string, unknown>,
  saved: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of kind.fields) {
    if (saved && f.fixedOnceSaved) continue;
    const v = form[f.name];
    const empty = f.emptyIsText ? '' : null;
    body[f.name] = typeof v === 'string' ? v.trim() || empty : (v ?? empty);
  }
  return { ...body, ...yamlValues };
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** The whole row as one YAML document (a kind with a form's YAML view): its fields, then its YAML columns; empty ones left out. */
export function rowYaml(kind: ResourceKind, values: Record<string, unknown>): string {
  const doc: Record<string, unknown> = {};
  for (const key of [...kind.fields.map((f) => f.name), ...kind.yamlColumns])
    if (!isEmpty(values[key])) doc[key] = values[key];
  return YAML.stringify(doc, { lineWidth: 0 });
}

/** The row a YAML view holds (every field and column of the kind, absent ones null), or why it cannot be read. */
export function parseRowYaml(
  kind: ResourceKind,
  text: string,
): { ok: true; values: Record<string, unknown> } | { ok: false; message: string } {
  let doc: unknown;
  try {
    doc = text.trim() ? YAML.parse(text, { maxAliasCount: 100 }) : {};
  } catch (err) {
    return { ok: false, message: (err as Error).message.split('\n')[0] ?? 'not YAML' };
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { ok: false, message: 'the YAML must be a mapping of fields' };
  const keys = [...kind.fields.map((f) => f.name), ...kind.yamlColumns];
  const unknown = Object.keys(doc).filter((k) => !keys.includes(k));
  if (unknown.length) return { ok: false, message: `unknown field ${unknown.join(', ')}; one of ${keys.join(', ')}` };
  const read = doc as Record<string, unknown>;
  return { ok: true, values: Object.fromEntries(keys.map((k) => [k, read[k] ?? null])) };
}
