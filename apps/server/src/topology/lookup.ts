import { type ExecuteContext, executeCheck } from '../health/index.js';

/**
 * A `lookup` is a Canary spec whose checks run without storing anything. Each
 * check result contributes its `display` output when the check has one, else what its type
 * read: exec stdout, the http body (parsed JSON when it is JSON), SQL rows (one value per row).
 * A check that fails or cannot run is an error: the run that asked for it deletes nothing.
 */

export interface LookupOutcome {
  values: unknown[];
  errors: string[];
}

/** What one check result contributes. */
function contribution(
  type: string,
  check: Record<string, unknown>,
  message: string,
  data: Record<string, unknown>,
): unknown[] {
  if (check.display !== undefined && message) return [message];
  if (type === 'exec') return [String(data.stdout ?? '')];
  if (type === 'http') return [data.json !== undefined && data.json !== null ? data.json : String(data.content ?? '')];
  const results = data.results as { rows?: unknown[] } | undefined;
  if (Array.isArray(results?.rows)) return results.rows;
  return [message];
}

/** Runs every check of `lookup` (in spec order) and collects what they contribute. */
export async function runLookup(lookup: Record<string, unknown>, ctx: ExecuteContext): Promise<LookupOutcome> {
  const out: LookupOutcome = { values: [], errors: [] };
  for (const [type, list] of Object.entries(lookup)) {
    if (!Array.isArray(list)) continue;
    for (const check of list as Array<Record<string, unknown>>) {
      const name = typeof check.name === 'string' ? check.name : type;
      if (ctx.signal?.aborted) {
        out.errors.push(`${type} ${name}: cancelled`);
        continue;
      }
      const result = await executeCheck(type, check, ctx);
      if (!result.pass) {
        out.errors.push(`${type} ${name}: ${result.error || result.message || 'failed'}`);
        continue;
      }
      out.values.push(...contribution(type, check, result.message, result.data));
    }
  }
  return out;
}

/** A component as a lookup may return it (Mission Control's JSON component shape). */
export interface LookedUpComponent {
  name?: string;
  type?: string;
  icon?: string;
  status?: string;
  status_reason?: string;
  statusReason?: string;
  health?: string;
  labels?: Record<string, string>;
  properties?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Components from lookup values: a single string is parsed as a JSON list (or one object) of
 * components; otherwise each value is one component (an object, or a name).
 */
export function componentsFromValues(values: unknown[]): { components: LookedUpComponent[]; error?: string } {
  if (values.length === 1 && typeof values[0] === 'string') {
    const text = values[0].trim();
    const parsed = parseJson(text);
    if (Array.isArray(parsed)) return { components: parsed.filter(isObject) as LookedUpComponent[] };
    if (isObject(parsed)) return { components: [parsed as LookedUpComponent] };
    if (!text) return { components: [] };
    return {
      components: [],
      error: `lookup returned text that is not a JSON list of components: ${text.slice(0, 80)}`,
    };
  }
  const components: LookedUpComponent[] = [];
  for (const v of values) {
    if (isObject(v)) components.push(v as LookedUpComponent);
    else if (Array.isArray(v)) components.push(...(v.filter(isObject) as LookedUpComponent[]));
    else if (typeof v === 'string' && v.trim()) {
      const parsed = parseJson(v);
      if (Array.isArray(parsed)) components.push(...(parsed.filter(isObject) as LookedUpComponent[]));
      else if (isObject(parsed)) components.push(parsed as LookedUpComponent);
      else components.push({ name: v.trim() });
    }
  }
  return { components };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
