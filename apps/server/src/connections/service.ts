import type { SecretBox } from '../crypto/secretBox.js';
import { badRequest } from '../errors.js';
import { applyTypeRules, connectionInputSchema, SECRET_MASK } from './types.js';

type Row = Record<string, unknown>;

/**
 * Validates a connection written by a client and seals its secrets: per-type required fields and
 * defaults, `password` and `certificate` encrypted. Answers the row to store. A masked secret
 * (`********`, as clients read it) is dropped so the stored one is kept.
 */
export function prepareConnectionRow(input: Row, box: SecretBox): Row {
  const parsed = connectionInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') || 'connection'}: ${issue?.message ?? 'invalid'}`);
  }
  const c = parsed.data;
  const { properties, missing } = applyTypeRules(c);
  if (missing.length) throw badRequest(`${missing.join(', ')}: This field is required for a ${c.type} connection`);
  const row: Row = { ...input, ...c, properties };
  sealSecrets(row, box);
  return row;
}

/** Seals the secrets of a PATCH body; masked values are dropped (kept as stored). */
export function prepareConnectionPatch(patch: Row, box: SecretBox): Row {
  if ('type' in patch || 'name' in patch) {
    const partial = connectionInputSchema.partial().safeParse(patch);
    if (!partial.success) {
      const issue = partial.error.issues[0];
      throw badRequest(`${issue?.path.join('.') || 'connection'}: ${issue?.message ?? 'invalid'}`);
    }
  }
  const row = { ...patch };
  sealSecrets(row, box);
  return row;
}

function sealSecrets(row: Row, box: SecretBox): void {
  for (const field of ['password', 'certificate']) {
    const value = row[field];
    if (value === SECRET_MASK) delete row[field];
    else if (typeof value === 'string' && isSealed(box, value))
      continue; // read back and sent again unchanged
    else if (typeof value === 'string' && value !== '') row[field] = box.seal(value);
    else if (value === '') row[field] = null;
  }
}

function isSealed(box: SecretBox, value: string): boolean {
  try {
    box.open(value);
    return true;
  } catch {
    return false;
  }
}
