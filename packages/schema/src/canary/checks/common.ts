import { z } from 'zod';
import { durationSchema } from '../../time/duration.js';

/**
 * The fields every check in a Canary spec shares (Mission Control's `Description`, `Templatable`,
 * `Relatable` and `Connection` blocks). Each per-type schema is built with `checkSchema({...})`,
 * which merges these and refuses unknown fields (`.strict()`), so a typo is an error naming its
 * path instead of a silently ignored setting.
 */

const keyRefSchema = z.strictObject({ name: z.string().min(1), key: z.string().min(1) });

/** Why Mission Control's Kubernetes-only value sources are refused. */
export const KUBERNETES_SOURCE = {
  helmRef:
    'helmRef reads a Helm release from a Kubernetes cluster, which OpsDeck does not run in; store the value in a connection and use secretKeyRef',
  serviceAccount:
    'serviceAccount fetches a Kubernetes service account token, which needs a cluster OpsDeck does not run in; store the token in a connection and use secretKeyRef',
} as const;

/**
 * An environment-variable source: a static `value`, or `valueFrom` a secret or config map key
 * (`helmRef` and `serviceAccount` are Mission Control's Kubernetes-only sources and are refused).
 * `name` is used where the source is a named entry (http `headers`, exec `env`).
 */
export const envVarSchema = z
  .strictObject({
    name: z.string().optional(),
    value: z.string().optional(),
    valueFrom: z
      .strictObject({
        secretKeyRef: keyRefSchema.optional(),
        configMapKeyRef: keyRefSchema.optional(),
        // accepted as keys so that the refusal names them with the reason, not as unknown fields
        helmRef: z.unknown().optional(),
        serviceAccount: z.unknown().optional(),
      })
      .superRefine((v, ctx) => {
        for (const k of ['helmRef', 'serviceAccount'] as const)
          if (v[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: KUBERNETES_SOURCE[k] });
      })
      .refine((v) => !(v.secretKeyRef && v.configMapKeyRef), {
        message: 'set only one of secretKeyRef or configMapKeyRef',
      })
      .optional(),
  })
  .refine((v) => !(v.value !== undefined && v.valueFrom), {
    message: 'set either value or valueFrom, not both',
  });
export type EnvVarSource = z.infer<typeof envVarSchema>;

/** A named env var (header, script environment): `name` is required. */
export const namedEnvVarSchema = envVarSchema.refine((v) => !!v.name, {
  message: 'name is required',
  path: ['name'],
});

/**
 * An expression as Mission Control writes it: exactly one of `expr` (CEL), `template` (Go template),
 * `jsonPath` or `javascript` (run in a WebAssembly sandbox with a time and memory limit).
 */
export const templateSchema = z
  .strictObject({
    expr: z.string().optional(),
    template: z.string().optional(),
    jsonPath: z.string().optional(),
    javascript: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const set = [v.expr, v.template, v.jsonPath, v.javascript].filter((x) => x !== undefined && x !== '');
    if (set.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'set only one of expr, template, jsonPath or javascript' });
    }
  });
export type CheckTemplate = z.infer<typeof templateSchema>;

/** Prometheus metric names: letters, digits, underscores and colons, not starting with a digit. */
export const PROMETHEUS_METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** Prometheus label names: letters, digits and underscores, not starting with a digit. */
export const PROMETHEUS_LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

const metricLabelSchema = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .regex(PROMETHEUS_LABEL_NAME, 'must be a Prometheus label name (letters, digits, underscores)')
      // `__` names are reserved for Prometheus itself
      .refine((n) => !n.startsWith('__'), 'label names starting with __ are reserved by Prometheus'),
    value: z.string().optional(),
    valueExpr: z.string().optional(),
  })
  .refine((l) => (l.value === undefined) !== (l.valueExpr === undefined), {
    message: 'set exactly one of value or valueExpr',
  });

/**
 * A custom metric exported on /metrics from each check result: `value` and `valueExpr` labels are
 * CEL. Counters add the value, gauges set it, histograms observe it.
 */
export const checkMetricSpecSchema = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .regex(PROMETHEUS_METRIC_NAME, 'must be a Prometheus metric name (letters, digits, underscores, colons)'),
    type: z.enum(['counter', 'gauge', 'histogram']),
    value: z.string().min(1),
    labels: z.array(metricLabelSchema).optional(),
  })
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    m.labels?.forEach((l, i) => {
      if (seen.has(l.name)) {
        ctx.addIssue({ code: 'custom', path: ['labels', i, 'name'], message: `duplicate label '${l.name}'` });
      }
      seen.add(l.name);
      if (m.type === 'histogram' && l.name === 'le') {
        ctx.addIssue({
          code: 'custom',
          path: ['labels', i, 'name'],
          message: "'le' is reserved for histogram buckets",
        });
      }
    });
  });
export type CheckMetricSpec = z.infer<typeof checkMetricSpecSchema>;

/**
 * Retries of a failing check within one run: up to `maxRetries` more attempts, the first after
 * `delay`, the next ones every `interval` (default: `delay`), all within `timeout`.
 */
export const checkRetriesSchema = z.strictObject({
  maxRetries: z.number().int().min(0).max(100).optional(),
  delay: durationSchema.optional(),
  interval: durationSchema.optional(),
  timeout: durationSchema.optional(),
  disabled: z.boolean().optional(),
});
export type CheckRetries = z.infer<typeof checkRetriesSchema>;

/** A per-check timeout: seconds as a number, or a duration string (`30s`, `2m`). */
export const checkTimeoutSchema = z.union([z.number().positive(), durationSchema]);

/** Fields every check type has (Description, Templatable, Relatable, retries, timeouts). */
export const commonCheckShape = {
  name: z.string().min(1, 'name is required'),
  description: z.string().optional(),
  namespace: z.string().optional(),
  icon: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  transformDeleteStrategy: z.enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore']).optional(),
  metrics: z.array(checkMetricSpecSchema).optional(),
  /** Only data-source checks have results that can be empty; they take `emptyResultShape`. */
  markFailOnEmpty: unsupportedField(
    'markFailOnEmpty applies to checks that query a data source (sql, prometheus, elasticsearch, opensearch)',
  ),
  dependsOn: z.array(z.string().min(1)).optional(),
  retries: checkRetriesSchema.optional(),
  test: templateSchema.optional(),
  display: templateSchema.optional(),
  transform: templateSchema.optional(),
  /** Links to components and config items need the catalog, which OpsDeck does not have yet. */
  relationships: unsupportedField(
    'check relationships (links to components and config items) are not supported yet; remove relationships',
  ),
  /** Per-run deadline; the runner's default applies when unset. */
  timeout: checkTimeoutSchema.optional(),
  /** A run slower than this many milliseconds fails. */
  thresholdMillis: z.number().int().nonnegative().optional(),
};

/** For checks that query a data source: `markFailOnEmpty` fails the check when nothing comes back. */
export const emptyResultShape = {
  markFailOnEmpty: z.boolean().optional(),
};

/** Mission Control's `Connection` block, for types that reach a target by URL and credentials. */
export const connectionShape = {
  /** `connection://namespace/name`, `connection://name`, or a stored connection's id. */
  connection: z.string().min(1).optional(),
  /** Target URL; `$(username)` and `$(password)` are replaced by the resolved credentials. */
  url: z.string().optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
};

/**
 * A reference field OpsDeck does not implement: accepted by name so the message can say why it is
 * refused (instead of "unrecognized key"), and refused whenever it is set.
 */
export function unsupportedField(message: string) {
  return z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message });
}

/** Builds a check type's schema: common fields plus `shape`, unknown fields refused. */
export function checkSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ ...commonCheckShape, ...shape });
}

/** The common fields of any check, as the executor reads them. */
export const commonCheckSchema = z.object(commonCheckShape);
export type CommonCheck = z.infer<typeof commonCheckSchema>;
