import {
  type Expression,
  evaluateBooleanAsync,
  evaluateCel,
  evaluateExpressionAsync,
  evaluateToStringAsync,
  isEmptyExpression,
} from '../../../expr/index.js';
import type { CheckMetric } from '../types.js';
import type { CollectedArtifact } from './artifacts.js';

/**
 * canary-checker's post-processing of one check result, in its order: `transform` (patch the
 * result in place, or turn it into new named checks), then `display` (the message), then `test`
 * (must yield a boolean; false fails the check). Errors in an expression make the result invalid
 * with a message naming the expression, never a silent pass. They are awaited: a `javascript`
 * expression runs on a worker thread.
 */

/** The mutable result the expressions see and change. */
export interface EvaluatedResult {
  pass: boolean;
  invalid: boolean;
  message?: string;
  error?: string;
  duration: number;
  data: Record<string, unknown>;
  detail?: Record<string, unknown>;
  labels?: Record<string, string>;
  description?: string;
  metrics: CheckMetric[];
  /** Why the check's custom `metrics` could not be evaluated (reported without failing the check). */
  metricsError?: string;
  /** New checks a `transform` produced (each with its own name), reported beside this one. */
  transformed?: TransformedCheck[];
  /** Files the run kept (exec `artifacts`). */
  artifacts?: CollectedArtifact[];
}

/** A check created by a `transform` (e.g. one per alert): its own name and outcome. */
export interface TransformedCheck {
  name: string;
  pass: boolean;
  message?: string;
  error?: string;
  description?: string;
  icon?: string;
  type?: string;
  endpoint?: string;
  namespace?: string;
  labels?: Record<string, string>;
  duration?: number;
  detail?: unknown;
  deletedAt?: string;
  transformDeleteStrategy?: string;
}

/** The expressions of a check (its `transform`, `display`, `test`) and its name. */
export interface CheckExpressions {
  name: string;
  transform?: Expression;
  display?: Expression;
  test?: Expression;
  metrics?: {
    name: string;
    type: string;
    value: string;
    labels?: { name: string; value?: string; valueExpr?: string }[];
  }[];
}

const METRIC_TYPES = new Set(['counter', 'gauge', 'histogram']);

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function parseTransformOutput(out: unknown): unknown {
  if (typeof out !== 'string') return out;
  const text = out.trim();
  if (text === '') return [];
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(
      `transform must produce JSON (an object or a list of objects), got ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
}

function toTransformedCheck(raw: Record<string, unknown>): TransformedCheck {
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : undefined);
  return {
    name: String(raw.name),
    pass: raw.pass === undefined ? true : raw.pass === true || raw.pass === 'true',
    message: str('message'),
    error: str('error'),
    description: str('description'),
    icon: str('icon'),
    type: str('type'),
    endpoint: str('endpoint'),
    namespace: str('namespace'),
    labels: asRecord(raw.labels) as Record<string, string> | undefined,
    duration: typeof raw.duration === 'number' ? raw.duration : undefined,
    detail: raw.detail,
    deletedAt: str('deletedAt'),
    transformDeleteStrategy: str('transformDeleteStrategy'),
  };
}

/** Applies `transform`: in-place patch when it yields one unnamed object, new checks when named. */
export async function applyTransform(
  result: EvaluatedResult,
  check: CheckExpressions,
  env: Record<string, unknown>,
): Promise<void> {
  if (isEmptyExpression(check.transform)) return;
  const parsed = parseTransformOutput(await evaluateExpressionAsync(check.transform as Expression, env));
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) {
    result.transformed = [];
    return;
  }
  const objects = items.map((item, i) => {
    const obj = asRecord(item);
    if (!obj) throw new Error(`transform entry ${i} is not an object`);
    return obj;
  });
  const first = objects[0] as Record<string, unknown>;
  if (typeof first.name === 'string' && first.name !== '' && first.name !== check.name) {
    result.transformed = objects.map((o, i) => {
      if (typeof o.name !== 'string' || o.name === '') throw new Error(`transform entry ${i} has no name`);
      return toTransformedCheck(o);
    });
    result.detail = undefined; // the parent keeps its status only; details live on the new checks
    return;
  }
  if (objects.length > 1) throw new Error('transformation returned more than 1 entry without a name');
  patchInPlace(result, first);
}

function patchInPlace(result: EvaluatedResult, t: Record<string, unknown>): void {
  if (t.pass !== undefined) result.pass = t.pass === true || t.pass === 'true';
  if (t.invalid !== undefined) result.invalid = t.invalid === true || t.invalid === 'true';
  if (typeof t.duration === 'number') result.duration = t.duration;
  if (typeof t.message === 'string' && t.message) result.message = t.message;
  if (typeof t.description === 'string' && t.description) result.description = t.description;
  if (typeof t.error === 'string' && t.error) result.error = t.error;
  if (t.detail === '$delete') {
    result.detail = undefined;
    delete result.data.results;
  } else if (t.detail !== undefined) {
    result.detail = asRecord(t.detail) ?? { value: t.detail };
  }
  const labels = asRecord(t.labels);
  if (labels && Object.keys(labels).length > 0) {
    result.labels = Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)]));
  }
  const data = asRecord(t.data);
  if (data) Object.assign(result.data, data);
  if (Array.isArray(t.metrics)) {
    for (const m of t.metrics) {
      const r = asRecord(m);
      if (r && typeof r.name === 'string' && typeof r.value === 'number') {
        const type = METRIC_TYPES.has(r.type as string) ? (r.type as CheckMetric['type']) : undefined;
        const labels = asRecord(r.labels) as Record<string, string> | undefined;
        result.metrics.push({ name: r.name, value: r.value, ...(type ? { type } : {}), ...(labels ? { labels } : {}) });
      }
    }
  }
}

/** Applies `display`: its text becomes the message. */
export async function applyDisplay(
  result: EvaluatedResult,
  check: CheckExpressions,
  env: Record<string, unknown>,
): Promise<void> {
  if (isEmptyExpression(check.display)) return;
  result.message = await evaluateToStringAsync(check.display as Expression, env);
}

/** Applies `test` (or the type's default); false fails with `failMessage`. */
export async function applyTest(
  result: EvaluatedResult,
  test: Expression | undefined,
  env: Record<string, unknown>,
  failMessage: () => string,
): Promise<void> {
  if (isEmptyExpression(test)) return;
  if (!(await evaluateBooleanAsync(test as Expression, env))) {
    result.pass = false;
    result.error = failMessage();
    result.message ??= result.error;
  }
}

/** Evaluates the check's custom `metrics` (CEL values and label expressions). */
export function evaluateMetrics(check: CheckExpressions, env: Record<string, unknown>): CheckMetric[] {
  return (check.metrics ?? []).map((m) => {
    const value = Number(evaluateCel(m.value, env));
    if (!Number.isFinite(value)) throw new Error(`metric ${m.name}: value is not a number`);
    const labels: Record<string, string> = {};
    for (const l of m.labels ?? []) {
      labels[l.name] = l.valueExpr !== undefined ? String(evaluateCel(l.valueExpr, env)) : (l.value ?? '');
    }
    return { name: m.name, type: m.type as CheckMetric['type'], value, labels };
  });
}
