import { type RawBuilder, sql } from 'kysely';
import { pgrstError } from './errors.js';
import type { FieldRef } from './parse/cursor.js';

// The one secret-masking mechanism (docs/secrets.md). A resource declares its secret fields once,
// `declareSecrets('connections', { password: 'hidden', url: 'url' })` (or `secrets:` in its
// exposeTable entry); every read of that relation through /api/db, and every domain route that
// asks for `maskedColumn`, then sees the masked value, computed in SQL by the functions of
// migration 070. Filters and order on a secret are refused; writes that send the marker back
// keep the stored secret (`keptColumn`).

/** What a client reads in place of a secret. */
export const SECRET_MARKER = '********';

/**
 * How a whole column is masked: `hidden` is never read (sealed values; naming it is a 400 like an
 * unknown column), `secret` reads as the marker, `url` through the URL masker (user:password@,
 * token query parameters and path segments), `channel` keeps only the URL's scheme.
 */
export type ColumnMask = 'hidden' | 'secret' | 'url' | 'channel';
/** How a node of a JSON column is masked; `entry` is a `{name, value}` header or env var. */
export type NodeMask = 'secret' | 'url' | 'channel' | 'entry';
/**
 * A JSON path pattern and its mask, e.g. `['**.password|secretKey', 'secret']`: segments are
 * keys, `*` (any one key or index), `**` (any depth) or `a|b` (any of these keys, ignoring case).
 */
export type JsonSecret = readonly [path: string, mask: NodeMask];
/** A secret field: a whole-column mask, or the secret paths inside a JSON column. */
export type SecretField = ColumnMask | readonly JsonSecret[];

/** Keys whose value is a secret wherever they occur in a JSON document (a path segment). */
export const SECRET_KEYS =
  'password|passwd|secret|secretKey|sessionToken|token|accessToken|apiKey|api_key|apiToken|clientSecret|privateKey|kubeconfig|bearer|credentials';

/**
 * The secrets of a check spec, or of a whole canary spec (checks at any depth): secret-named
 * keys (env-var objects have their `value` masked), URLs and connection strings, the TLS client
 * key, and headers and env entries whose name or value says they carry a credential.
 */
export const SPEC_SECRETS: readonly JsonSecret[] = [
  [`**.${SECRET_KEYS}`, 'secret'],
  ['**.tlsConfig.key', 'secret'],
  ['**.url|endpoint|connection|tokenURL|uri|dsn|webhook|host|server', 'url'],
  ['**.headers|env.*', 'entry'],
];

/**
 * The secrets of what a job said (an action's result, a check result's details, a job's details):
 * credential-named keys and headers, URLs, and the errors and output texts that quote them.
 */
export const OUTPUT_SECRETS: readonly JsonSecret[] = [
  [`**.${SECRET_KEYS}|authorization|proxy-authorization|cookie|set-cookie|x-api-key`, 'secret'],
  ['**.url|endpoint|connection|uri|dsn|location|error|message|stdout|stderr', 'url'],
  ['**.errors.*', 'url'],
  ['**.headers|env.*', 'entry'],
];

const declared = new Map<string, Map<string, SecretField>>();

/** Declares the secret fields of a table, view or function result type. */
export function declareSecrets(relation: string, fields: Record<string, SecretField>): void {
  declared.set(relation, new Map(Object.entries(fields)));
}

/** The declared secret fields of `relation` (empty when it has none). */
export function secretFields(relation: string): ReadonlyMap<string, SecretField> {
  return declared.get(relation) ?? new Map();
}

/** Whether `column` of `relation` is never readable (a sealed secret). */
export const isHidden = (relation: string, column: string) => secretFields(relation).get(column) === 'hidden';

const rulesText = new WeakMap<readonly JsonSecret[], string>();
function rulesJson(rules: readonly JsonSecret[]): string {
  let text = rulesText.get(rules);
  if (!text) {
    text = JSON.stringify(rules.map(([path, mask]) => ({ p: path ? path.split('.') : [], m: mask })));
    rulesText.set(rules, text);
  }
  return text;
}

const isJsonType = (udt: string) => udt === 'json' || udt === 'jsonb';

/** The masked SQL value of a column declared `field` (`ref` is the column, `udt` its type). */
export function maskExpr(field: SecretField, ref: RawBuilder<unknown>, udt: string): RawBuilder<unknown> {
  if (typeof field !== 'string') {
    const masked = sql`opsdeck_mask_json((${ref})::jsonb, ${rulesJson(field)}::jsonb)`;
    return udt === 'json' ? sql`(${masked})::json` : masked;
  }
  if (field === 'url') return sql`opsdeck_mask_url((${ref})::text)`;
  if (field === 'channel') {
    return sql`(case when ${ref} is null then null else split_part((${ref})::text, ':', 1) || '://' || ${SECRET_MARKER} end)`;
  }
  return sql`(case when ${ref} is null then null else ${SECRET_MARKER}::text end)`;
}

/** What a domain route selects for a declared column: masked when declared, as stored otherwise. */
export function maskedColumn(
  relation: string,
  column: string,
  ref: RawBuilder<unknown>,
  udt = 'jsonb',
): RawBuilder<unknown> {
  const field = secretFields(relation).get(column);
  return field ? maskExpr(field, ref, udt) : ref;
}

/**
 * The value written to a declared column: a value holding the marker keeps the stored secrets
 * it stands for (`old` is the stored column, or null for a new row, where a marker is a 400).
 */
export function keepExpr(
  field: SecretField,
  value: RawBuilder<unknown>,
  old: RawBuilder<unknown>,
  udt: string,
): RawBuilder<unknown> {
  if (typeof field !== 'string' || isJsonType(udt)) {
    const rules =
      typeof field === 'string' ? rulesJson([['', field === 'hidden' ? 'secret' : field]]) : rulesJson(field);
    const kept = sql`opsdeck_keep_json((${value})::jsonb, (${old})::jsonb, ${rules}::jsonb)`;
    return udt === 'json' ? sql`(${kept})::json` : kept;
  }
  return sql`opsdeck_keep_text(${value}, ${old}, ${field})`;
}

/** keepExpr for domain routes: `value` written to `column` of `relation`, kept against `old`. */
export function keptColumn(
  relation: string,
  column: string,
  value: RawBuilder<unknown>,
  old: RawBuilder<unknown>,
  udt = 'jsonb',
): RawBuilder<unknown> {
  const field = secretFields(relation).get(column);
  return field ? keepExpr(field, value, old, udt) : value;
}

/** Whether a written value carries the marker (only those need keeping). */
export const holdsMarker = (value: unknown) => value != null && JSON.stringify(value).includes(SECRET_MARKER);

// does some prefix of `keys` match `pattern` whole? (`**` matches any number of keys)
function reaches(keys: string[], pattern: string[]): boolean {
  if (!pattern.length) return true;
  const [head, ...rest] = pattern as [string, ...string[]];
  if (head === '**') return reaches(keys, rest) || (keys.length > 0 && reaches(keys.slice(1), pattern));
  const [key, ...tail] = keys;
  if (key === undefined) return false;
  const match = head === '*' || head === key || head.toLowerCase().split('|').includes(key.toLowerCase());
  return match && reaches(tail, rest);
}

/**
 * Refuses (400) a filter or an order on a secret column, or on a JSON path that reaches a secret:
 * even over masked values, a client has no business comparing secrets. `is.null` stays allowed
 * where it asks only what a read shows (whether a secret is set).
 */
export function refuseSecretField(relation: string, field: FieldRef, what: 'filter' | 'order', op?: string): void {
  const declaredField = secretFields(relation).get(field.column);
  if (!declaredField) return;
  const path = field.path.map((s) => s.key);
  const secret =
    typeof declaredField === 'string'
      ? op !== 'is' || path.length > 0
      : declaredField.some(([pattern]) => reaches(path, pattern.split('.')));
  if (!secret) return;
  const where = [field.column, ...path].join('.');
  throw pgrstError(
    'invalid',
    '42501',
    `${relation}.${where} is a secret and cannot be used to ${what === 'filter' ? 'filter' : 'order'} rows`,
    null,
    `Secrets read as ${SECRET_MARKER}; ${what === 'filter' ? 'filter' : 'order'} on other columns`,
  );
}
