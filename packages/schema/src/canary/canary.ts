import { z } from 'zod';
import { parseDuration } from '../time/duration.js';
import { type CheckMetricSpec, checkRetriesSchema, unsupportedField } from './checks/common.js';
import { checkSchemas } from './checks/index.js';
import { REMOVED_CHECK_TYPES, UNRUNNABLE_CHECK_TYPES, unrunnableReason } from './checkTypeReasons.js';

/**
 * The Canary resource as Mission Control writes it (`apiVersion: canaries.flanksource.com/v1`,
 * `kind: Canary`): metadata, spec-level settings and one list per check type. The per-type lists
 * come from `checkSchemas`, so a type registers once and the envelope follows. Unknown fields and
 * types OpsDeck cannot run are refused with the path of the offending field.
 */

export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const CRON_FIELD = /^[\d*?/,\-A-Za-z#LW]+$/;

/** Why `schedule` is not a schedule OpsDeck understands, or undefined when it is. */
export function scheduleProblem(schedule: string): string | undefined {
  const s = schedule.trim();
  if (s.startsWith('@every ')) {
    const ms = parseDuration(s.slice(7));
    if (ms === undefined) return `'${s}': expected @every followed by a duration such as 30s, 5m or 1h30m`;
    if (ms < 1000) return `'${s}': the shortest interval is 1s`;
    return undefined;
  }
  if (s.startsWith('@')) {
    return DESCRIPTORS.has(s)
      ? undefined
      : `'${s}': unknown descriptor (use @every <duration>, @hourly, @daily, @weekly, @monthly or @yearly)`;
  }
  const fields = s.split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    return `'${s}': a cron schedule has 5 fields (minute hour day month weekday) or 6 (with seconds first)`;
  }
  const bad = fields.find((f) => !CRON_FIELD.test(f));
  return bad ? `'${s}': invalid cron field '${bad}'` : undefined;
}

const scheduleSchema = z.string().superRefine((v, ctx) => {
  const problem = scheduleProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `metadata` of a Kubernetes-style resource: a DNS-like name, optional namespace, labels, annotations. */
export const metadataSchema = z.looseObject({
  name: z
    .string({ error: 'name is required' })
    .min(1, 'name is required')
    .max(253)
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/i, 'must be letters, digits, dots or dashes'),
  namespace: z.string().min(1).max(253).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
});

/** Spec-level fields of a Canary besides the check lists. */
const canarySpecShape = {
  schedule: scheduleSchema.optional(),
  /** Seconds between runs (deprecated by Mission Control in favour of schedule). */
  interval: z.number().int().positive().optional(),
  /** 0 pauses the canary. */
  replicas: z.number().int().min(0).optional(),
  /** Retries for every check of the canary; a check's own `retries` override them field by field. */
  retries: checkRetriesSchema.optional(),
  icon: z.string().optional(),
  severity: z.string().optional(),
  owner: z.string().optional(),
  /** `junit` collapses the run into one result: a junit check named after the canary. */
  resultMode: z.enum(['junit'], { error: "the only result mode is 'junit'" }).optional(),
  /**
   * Agent names or globs (`eu-*`, `!eu-test`): the canary is copied to each matching agent, runs
   * there, and not on this OpsDeck (docs/agents.md).
   */
  agentSelector: z.array(z.string().min(1, 'an agent name or glob such as eu-*')).optional(),
  env: unsupportedField(
    'canary-level env is not supported; set env on the check instead (http headers, exec env, username/password)',
  ),
};

/** `gauge{env,team}`: a metric's type and sorted label names, for comparing declarations. */
function metricShape(m: CheckMetricSpec): string {
  const labels = (m.labels ?? []).map((l) => l.name).sort();
  return `${m.type}{${labels.join(',')}}`;
}

/**
 * `dependsOn` names that are not checks of the canary, and dependency cycles (a check in a cycle
 * would wait for itself and never run).
 */
function dependencyIssues(
  deps: Array<{ path: PropertyKey[]; name: string; dependsOn: string[] }>,
  names: Set<string>,
): Array<{ path: PropertyKey[]; message: string }> {
  const out: Array<{ path: PropertyKey[]; message: string }> = [];
  const edges = new Map<string, string[]>();
  for (const d of deps) {
    d.dependsOn.forEach((dep, j) => {
      if (!names.has(dep)) out.push({ path: [...d.path, j], message: `'${dep}' is not a check of this canary` });
      if (dep === d.name) out.push({ path: [...d.path, j], message: 'a check cannot depend on itself' });
    });
    edges.set(d.name, [...(edges.get(d.name) ?? []), ...d.dependsOn]);
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const cycleFrom = (name: string, trail: string[]): string[] | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, 'visiting');
    for (const next of edges.get(name) ?? []) {
      if (next === name) continue; // reported above
      const cycle = cycleFrom(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const d of deps) {
    const cycle = cycleFrom(d.name, []);
    if (cycle) {
      out.push({ path: d.path, message: `dependency cycle: ${cycle.join(' -> ')}` });
      break; // one cycle is enough to act on
    }
  }
  return out;
}

let cached: { keys: string; schema: z.ZodType } | undefined;

function unsupportedType(message: string) {
  return z.unknown().superRefine((_v, ctx) => ctx.addIssue({ code: 'custom', message }));
}

/** The zod schema of a whole Canary document, built from the registered check types. */
export function canarySchema(): z.ZodType<CanaryResource> {
  const keys = Object.keys(checkSchemas).sort().join(',');
  if (cached?.keys === keys) return cached.schema as z.ZodType<CanaryResource>;
  const lists: Record<string, z.ZodType> = {};
  for (const type of [...Object.keys(UNRUNNABLE_CHECK_TYPES), ...REMOVED_CHECK_TYPES]) {
    lists[type] = unsupportedType(unrunnableReason(type) ?? `check type '${type}' is not supported`).optional();
  }
  for (const [type, schema] of Object.entries(checkSchemas)) lists[type] = z.array(schema).optional();
  // the CRD writes `webhook` as one check, not a list: it is read as a list of one
  lists.webhook = z
    .preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? [v] : v),
      z.array(checkSchemas.webhook as z.ZodType),
    )
    .optional();
  const spec = z.strictObject({ ...canarySpecShape, ...lists }).superRefine((s, ctx) => {
    const seen = new Set<string>();
    const metrics = new Map<string, { shape: string; path: string }>();
    const deps: Array<{ path: PropertyKey[]; name: string; dependsOn: string[] }> = [];
    for (const type of Object.keys(checkSchemas)) {
      const list = (s as Record<string, unknown>)[type];
      if (!Array.isArray(list)) continue;
      list.forEach((check: { name?: string; metrics?: CheckMetricSpec[]; dependsOn?: string[] }, i) => {
        if (check?.dependsOn?.length) {
          deps.push({ path: [type, i, 'dependsOn'], name: check.name ?? '', dependsOn: check.dependsOn });
        }
        const key = `${type}/${check?.name}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [type, i, 'name'],
            message: `duplicate ${type} check name '${check.name}'`,
          });
        }
        seen.add(key);
        check?.metrics?.forEach((m, j) => {
          // one name is one Prometheus series family: same type and label names everywhere
          const shape = metricShape(m);
          const first = metrics.get(m.name);
          if (first && first.shape !== shape) {
            ctx.addIssue({
              code: 'custom',
              path: [type, i, 'metrics', j, 'name'],
              message: `metric '${m.name}' is already declared at ${first.path} as ${first.shape}; one name needs one type and one set of labels`,
            });
          }
          if (!first) metrics.set(m.name, { shape, path: `spec.${type}[${i}].metrics[${j}]` });
        });
      });
    }
    for (const issue of dependencyIssues(deps, new Set([...seen].map((k) => k.slice(k.indexOf('/') + 1))))) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
  const schema = z.looseObject({
    apiVersion: z.literal(CANARY_API_VERSION, { error: `expected ${CANARY_API_VERSION}` }),
    kind: z.literal('Canary', { error: 'expected Canary' }),
    metadata: metadataSchema,
    spec,
    status: z.unknown().optional(),
  });
  cached = { keys, schema };
  return schema as unknown as z.ZodType<CanaryResource>;
}

/** A validated Canary document. Check lists are keyed by type; each check has at least a name. */
export interface CanaryResource {
  apiVersion: typeof CANARY_API_VERSION;
  kind: 'Canary';
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: CanarySpec;
  status?: unknown;
}

export interface CanarySpec {
  schedule?: string;
  interval?: number;
  replicas?: number;
  retries?: z.infer<typeof checkRetriesSchema>;
  icon?: string;
  severity?: string;
  owner?: string;
  resultMode?: 'junit';
  agentSelector?: string[];
  [checkType: string]: unknown;
}

/** One problem found in a Canary document: the dotted path (`spec.http[0].url`) and what is wrong. */
export interface CanaryIssue {
  path: string;
  message: string;
}

/** Renders a zod path as `spec.http[0].url`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** Turns zod issues into path + message pairs a person can act on. */
export function canaryIssues(error: z.ZodError): CanaryIssue[] {
  const out: CanaryIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: formatPath([...issue.path, key]), message: 'unknown field' });
      continue;
    }
    const message = issue.message.replace(/^Invalid input: /, '');
    out.push({ path: formatPath(issue.path) || '(document)', message });
  }
  return out;
}

/** The schedule a canary runs on: `spec.schedule`, else `@every <interval>s`, else every minute. */
export function canarySchedule(spec: Pick<CanarySpec, 'schedule' | 'interval'>): string {
  if (spec.schedule?.trim()) return spec.schedule.trim();
  if (spec.interval) return `@every ${spec.interval}s`;
  return DEFAULT_CANARY_SCHEDULE;
}

/** Applied when a canary sets neither schedule nor interval. */
export const DEFAULT_CANARY_SCHEDULE = '@every 1m';

/** Every check list of a validated spec, as `{type, check}` pairs in spec order. */
export function canaryChecks(
  spec: CanarySpec,
): Array<{ type: string; check: { name: string } & Record<string, unknown> }> {
  const out: Array<{ type: string; check: { name: string } & Record<string, unknown> }> = [];
  for (const type of Object.keys(checkSchemas)) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    for (const check of list) out.push({ type, check });
  }
  return out;
}
