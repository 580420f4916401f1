import { createHash } from 'node:crypto';

/**
 * The digest `transform.mask` with `value: md5sum` writes, the same as config-db's for the same
 * value: text is hashed as it is (not JSON-quoted), anything else as indented JSON (two spaces)
 * with object keys sorted and null fields left out, so a masked secret keeps one digest in both
 * systems and a change of it still shows as a change.
 */
export function maskDigest(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(canonical(value), null, 2) ?? 'null');
  return createHash('md5').update(text).digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && v !== undefined) out[k] = canonical(v);
  }
  return out;
}
