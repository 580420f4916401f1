import { type ConnectionField, connectionType } from './connectionTypes.js';

/** How the server masks stored secrets (connections_list). */
export const MASK = '********';

/** A connection as the list reads it (connections_list: password and certificate masked). */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, string> | null;
  insecure_tls: boolean;
  source: string | null;
  updated_at: string;
}

/** What the form edits. Secrets start empty when editing: an empty secret keeps the stored one. */
export interface ConnectionValues {
  name: string;
  namespace: string;
  type: string;
  url: string;
  username: string;
  password: string;
  certificate: string;
  insecure_tls: boolean;
  properties: Record<string, string>;
}

/** The form's starting values: the row's, or a new connection of `type` with its defaults. */
export function initialValues(row: ConnectionRow | undefined, type: string): ConnectionValues {
  if (row) {
    return {
      name: row.name,
      namespace: row.namespace,
      type: row.type,
      url: row.url ?? '',
      username: row.username ?? '',
      password: '',
      certificate: '',
      insecure_tls: row.insecure_tls,
      properties: { ...(row.properties ?? {}) },
    };
  }
  return {
    name: '',
    namespace: 'default',
    type,
    url: '',
    username: '',
    password: '',
    certificate: '',
    insecure_tls: false,
    properties: { ...(connectionType(type).defaults ?? {}) },
  };
}

/** A field's current value as text (booleans as 'true' or ''). */
export function fieldValue(values: ConnectionValues, key: ConnectionField['key']): string {
  if (key.startsWith('properties.')) return values.properties[key.slice('properties.'.length)] ?? '';
  const v = values[key as 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls'];
  return typeof v === 'boolean' ? (v ? 'true' : '') : v;
}

/** A copy of `values` with one field set. */
export function withField(
  values: ConnectionValues,
  key: ConnectionField['key'],
  value: string | boolean,
): ConnectionValues {
  if (key.startsWith('properties.')) {
    const properties = { ...values.properties };
    const k = key.slice('properties.'.length);
    if (value === '' || value === false) delete properties[k];
    else properties[k] = String(value);
    return { ...values, properties };
  }
  return { ...values, [key]: value };
}

/**
 * Messages by field key: 'This field is required' for the name and the
 * type's required fields (a stored secret counts as filled), 'This field must be a number'.
 */
export function validateConnection(values: ConnectionValues, row?: ConnectionRow): Map<string, string> {
  const errors = new Map<string, string>();
  if (!values.name.trim()) errors.set('name', 'This field is required');
  for (const field of connectionType(values.type).fields) {
    const v = fieldValue(values, field.key).trim();
    const stored = row && (field.key === 'password' || field.key === 'certificate') && row[field.key] !== null;
    if (field.required && !v && !stored) errors.set(field.key, 'This field is required');
    else if (field.kind === 'number' && v && !/^\d+$/.test(v)) errors.set(field.key, 'This field must be a number');
  }
  // the list masks a password inside the URL: a changed URL must carry the real one
  if (values.url !== (row?.url ?? '') && values.url.includes(MASK)) {
    errors.set('url', `Replace ${MASK} with the password, or keep the URL unchanged`);
  }
  return errors;
}

/** The body of POST /api/db/connections for a new connection: only the fields its type has, blanks left out. */
export function createBody(values: ConnectionValues): Record<string, unknown> {
  const spec = connectionType(values.type);
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    namespace: values.namespace.trim() || 'default',
    type: values.type,
    properties: values.properties,
  };
  for (const f of spec.fields) {
    if (f.key.startsWith('properties.')) continue;
    if (f.key === 'insecure_tls') body.insecure_tls = values.insecure_tls;
    else if (values[f.key as 'url']) body[f.key] = values[f.key as 'url'];
  }
  return body;
}

/**
 * The body of a PATCH: the fields that changed. Secrets go only when typed (an empty secret keeps
 * the stored one), and the masked URL read from the list is never written back.
 */
export function patchBody(values: ConnectionValues, row: ConnectionRow): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.url !== (row.url ?? '')) body.url = values.url || null;
  if (values.username !== (row.username ?? '')) body.username = values.username || null;
  if (values.password) body.password = values.password;
  if (values.certificate) body.certificate = values.certificate;
  if (values.insecure_tls !== row.insecure_tls) body.insecure_tls = values.insecure_tls;
  if (JSON.stringify(values.properties) !== JSON.stringify(row.properties ?? {})) body.properties = values.properties;
  return body;
}
