import { createHash } from 'node:crypto';

/**
 * The fingerprint of a change, so the same kind of change repeating within the dedupe window
 * grows one row's count instead of adding rows (Mission Control's method): flatten the change's
 * patches (else its details) to path=value pairs, skip paths that churn on every write, replace
 * the parts of values that always differ (ids, timestamps, durations, hashes, numbers) with
 * placeholders, add the change type and external id, then hash the sorted pairs. No patches and
 * no details: no fingerprint, never deduped.
 */

const NOISY_PATHS = [
  /(^|\.)managedFields(\.|$)/,
  /(^|\.)resourceVersion$/,
  /(^|\.)generation$/,
  /kubectl\.kubernetes\.io\/last-applied-configuration/,
  /control-plane\.alpha\.kubernetes\.io\/leader/,
];

const TOKENS: Array<[RegExp, string]> = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<timestamp>'],
  [/\b[0-9a-f]{64}\b/gi, '<sha256>'],
  [/\b[0-9a-f]{16}\b/gi, '<hex>'],
  [/\b\d+(\.\d+)?(ns|us|µs|ms|s|m|h)(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))*\b/g, '<duration>'],
  [/^\d+(\.\d+)?$/, '<number>'],
];

function flatten(value: unknown, prefix: string, out: Array<[string, string]>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (NOISY_PATHS.some((re) => re.test(prefix))) return;
  out.push([prefix, normaliseValue(value)]);
}

function normaliseValue(value: unknown): string {
  if (typeof value === 'number') return '0';
  let text = String(value);
  for (const [re, placeholder] of TOKENS) text = text.replace(re, placeholder);
  return text;
}

/** The fingerprint of a change, or null when it has neither patches nor details. */
export function changeFingerprint(change: {
  change_type: string;
  external_change_id?: string | null;
  patches?: unknown;
  details?: unknown;
}): string | null {
  const body = change.patches ?? change.details;
  if (body === undefined || body === null) return null;
  const pairs: Array<[string, string]> = [];
  flatten(body, '', pairs);
  pairs.push(['__change_type', change.change_type], ['__external_change_id', change.external_change_id ?? '']);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const hash = createHash('md5');
  for (const [k, v] of pairs) hash.update(`${k}\u0000${v}\u0000`);
  return hash.digest('hex');
}
