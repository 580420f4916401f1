import { z } from 'zod';
import { resolveDateMath } from './time/dateMath.js';

/**
 * Log backends (table `logging_backends`, edited in Settings › Log Backends) and the Logs API
 * (`POST /api/logs`). A backend's spec names exactly one kind: `file`, `loki`, `opensearch`,
 * `elasticsearch` or `kubernetes` (Mission Control's apm-hub `LoggingBackend` shapes, one backend a
 * row). Unknown keys are refused with their path, so a typo never silently searches nothing.
 */

export const LOG_BACKEND_KINDS = ['file', 'loki', 'opensearch', 'elasticsearch', 'kubernetes'] as const;
export type LogBackendKind = (typeof LOG_BACKEND_KINDS)[number];

const labels = z.record(z.string(), z.string());
const nonEmpty = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`);

/** One group of files: paths or globs (`/var/log/app/*.log`), with labels on each line. */
export const fileLogSourceSchema = z.strictObject({
  path: z
    .array(nonEmpty('a path').refine((p) => p.startsWith('/'), 'expected an absolute path or glob'))
    .min(1, 'at least one path or glob is required'),
  labels: labels.optional(),
});

/** Loki over its HTTP API (`/loki/api/v1/query_range`). */
export const lokiLogBackendSchema = z.strictObject({
  url: z.url({ error: 'expected the Loki base URL, e.g. http://loki:3100' }),
  /** A LogQL stream selector, e.g. `{app="shop"}`; labels of the request are added to it. */
  query: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  /** X-Scope-OrgID for multi-tenant Loki. */
  tenant: z.string().optional(),
});

/** Field names of a search index: which field holds the message, the time, the severity, labels. */
export const logFieldMappingSchema = z.strictObject({
  message: z.string().default('message'),
  timestamp: z.string().default('@timestamp'),
  severity: z.string().optional(),
  /** Fields copied into each line's labels (a field named here also filters by request labels). */
  labels: z.array(z.string()).optional(),
  /** Fields never copied into labels. */
  exclusions: z.array(z.string()).optional(),
});

/** OpenSearch or Elasticsearch: an index (pattern), an optional query template, a field mapping. */
export const searchLogBackendSchema = z.strictObject({
  address: z.url({ error: 'expected the cluster URL, e.g. https://search:9200' }),
  index: nonEmpty('index'),
  /** A JSON query clause ANDed with the time range; `{{query}}` is replaced by the search text (JSON-escaped). */
  query: z.string().optional(),
  fields: logFieldMappingSchema.optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  apiKey: z.string().optional(),
});

/** Pod logs through the Kubernetes API. */
export const kubernetesLogBackendSchema = z.strictObject({
  /** kubeconfig text; empty: the server's own (in-cluster or KUBECONFIG). */
  kubeconfig: z.string().optional(),
  namespace: nonEmpty('namespace'),
  /** Label selector of the pods (`app=shop`); request labels are added to it. */
  selector: z.string().optional(),
  container: z.string().optional(),
});

export const logBackendSpecSchema = z
  .strictObject({
    file: z.array(fileLogSourceSchema).min(1, 'at least one file source is required').optional(),
    loki: lokiLogBackendSchema.optional(),
    opensearch: searchLogBackendSchema.optional(),
    elasticsearch: searchLogBackendSchema.optional(),
    kubernetes: kubernetesLogBackendSchema.optional(),
  })
  .superRefine((spec, ctx) => {
    const kinds = LOG_BACKEND_KINDS.filter((k) => spec[k] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: kinds.length
          ? `name one backend kind, not ${kinds.join(' and ')}`
          : `name a backend kind: one of ${LOG_BACKEND_KINDS.join(', ')}`,
      });
    }
  });
export type LogBackendSpec = z.infer<typeof logBackendSpecSchema>;

/** The kind a valid spec names. */
export const logBackendKind = (spec: LogBackendSpec): LogBackendKind =>
  LOG_BACKEND_KINDS.find((k) => spec[k] !== undefined) as LogBackendKind;

/** `path: message` lines of a failed parse, `spec.` prefixed, so an editor can name the field. */
export function logBackendSpecErrors(err: z.ZodError, prefix = 'spec'): string[] {
  return err.issues.map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`);
}

/** A component's log selector (`logs:` of a Topology component). */
export const logSelectorSchema = z.looseObject({
  name: z.string().optional(),
  /** A backend kind (file, loki...) narrowing the backends searched. */
  type: z.string().optional(),
  /** The name of one log backend; without it every backend of the type (or all) is searched. */
  backend: z.string().optional(),
  labels: labels.optional(),
});
export type LogSelector = z.infer<typeof logSelectorSchema>;

/** A time: ISO 8601, or a duration back from now (`15m`, `1h`, `now-7d`). */
export const logTimeSchema = z.string().refine((v) => parseLogTime(v, Date.now()) !== undefined, {
  message: 'expected an ISO time (2026-01-02T03:04:05Z) or a duration back from now (15m, 1h, now-7d)',
});

/** Milliseconds since the epoch for a logTimeSchema value; undefined when malformed. */
export function parseLogTime(v: string, now: number): number | undefined {
  return resolveDateMath(v, new Date(now), { durationAgo: true })?.getTime();
}

export const LOGS_MAX_LIMIT = 1000;

/** `POST /api/logs`: a component (`id`) and its selector (`name`), or a backend named directly (`name` alone). */
export const logsRequestSchema = z
  .strictObject({
    id: z.uuid({ error: 'expected a component id (uuid)' }).optional(),
    name: z.string().optional(),
    query: z.string().max(1000, 'at most 1000 characters').optional(),
    start: logTimeSchema.optional(),
    end: logTimeSchema.optional(),
    limit: z.number().int().min(1).max(LOGS_MAX_LIMIT).optional(),
    labels: labels.optional(),
    /** The `nextPage` cursor of the previous answer. */
    page: z.string().max(8192).optional(),
  })
  .refine((r) => r.id || r.name, { message: 'name a component (id) or a log backend (name)', path: ['id'] });
export type LogsRequest = z.infer<typeof logsRequestSchema>;

export const LOG_SEVERITIES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

export const logLineSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  message: z.string(),
  labels: labels,
  severity: z.string().optional(),
  /** Every field of a structured (JSON or logfmt) line or a search index's document, nested values kept. */
  fields: z.record(z.string(), z.unknown()).optional(),
  /** The line as it was read, when `message` is not all of it (a structured line, a leading time). */
  raw: z.string().optional(),
  /** Identical consecutive lines shown as this one: how many, and the first and last time (ISO). */
  count: z.number().int().optional(),
  firstObserved: z.string().optional(),
  lastObserved: z.string().optional(),
});
export type LogLine = z.infer<typeof logLineSchema>;

export const logsResponseSchema = z.object({
  total: z.number(),
  results: z.array(logLineSchema),
  nextPage: z.string().optional(),
  /** The backends searched (name and kind): the page offers live tail when one reads files. */
  backends: z.array(z.object({ name: z.string(), type: z.enum(LOG_BACKEND_KINDS) })),
});
export type LogsResponse = z.infer<typeof logsResponseSchema>;
