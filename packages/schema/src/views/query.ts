import { z } from 'zod';
import { unsupportedField } from '../canary/checks/common.js';
import { resolveDateMath } from '../time/dateMath.js';
import { parseDuration } from '../time/duration.js';
import { VIEW_COLUMN_TYPES } from './column.js';
import { viewEnvVarSchema } from './envVar.js';
import { viewSelectorSchema } from './selector.js';

const NTLM_REFUSED =
  'NTLM needs its handshake on one kept connection, which OpsDeck does not do; use username/password, bearer, digest or oauth';

/** A Prometheus time: RFC 3339, a unix timestamp, `now`, or `now-1h` / `1h` (that long ago). */
const promTime = z
  .string()
  .refine((v) => resolveDateMath(v, new Date(), { durationAgo: true, unixSeconds: true }) !== undefined, {
    message: 'a time such as now-1h, 1h (ago), a unix timestamp or an RFC 3339 date',
  });

/** A range query (`/api/v1/query_range`): every sample between start and end, `step` apart. */
export const prometheusRangeSchema = z.strictObject({
  start: promTime,
  end: promTime.optional(),
  step: z
    .string()
    .refine((v) => parseDuration(v, { bareSeconds: true }) !== undefined, { message: 'a step such as 30s, 5m or 60' })
    .optional(),
});

export const prometheusQuerySchema = z
  .strictObject({
    query: z.string().min(1),
    url: z.string().optional(),
    connection: z.string().optional(),
    range: prometheusRangeSchema.optional(),
    username: viewEnvVarSchema.optional(),
    password: viewEnvVarSchema.optional(),
    bearer: viewEnvVarSchema.optional(),
    digest: z.boolean().optional(),
    oauth: z
      .strictObject({
        clientID: viewEnvVarSchema.optional(),
        clientSecret: viewEnvVarSchema.optional(),
        tokenURL: z.string().min(1, 'tokenURL is required'),
        scope: z.array(z.string()).optional(),
        params: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
    tls: z
      .strictObject({
        ca: viewEnvVarSchema.optional(),
        cert: viewEnvVarSchema.optional(),
        key: viewEnvVarSchema.optional(),
        insecureSkipVerify: z.boolean().optional(),
        /** Nanoseconds (the CRD's integer) or a duration such as `10s`. */
        handshakeTimeout: z.union([z.number().int().nonnegative(), z.string()]).optional(),
      })
      .optional(),
    ntlm: unsupportedField(NTLM_REFUSED),
    ntlmv2: unsupportedField(NTLM_REFUSED),
  })
  .refine((p) => Boolean(p.url || p.connection), 'prometheus needs url or connection');

const headerList = z.array(viewEnvVarSchema.refine((h) => !!h.name, { message: 'name is required', path: ['name'] }));

export const viewQuerySchema = z
  .strictObject({
    configs: viewSelectorSchema.optional(),
    changes: viewSelectorSchema.optional(),
    checks: viewSelectorSchema.optional(),
    sql: z
      .strictObject({
        connection: z.string().optional(),
        url: viewEnvVarSchema.optional(),
        username: viewEnvVarSchema.optional(),
        password: viewEnvVarSchema.optional(),
        /** The driver when the URL does not say (postgres, mysql). */
        type: z.string().optional(),
        query: z.string().min(1),
      })
      .refine((s) => Boolean(s.connection || s.url), 'sql needs connection or url')
      .optional(),
    prometheus: prometheusQuerySchema.optional(),
    http: z
      .strictObject({
        url: z.string().min(1),
        connection: z.string().optional(),
        method: z.enum(['GET', 'POST']).optional(),
        body: z.string().optional(),
        /** A map of name to value, or the CRD's list of `{name, value | valueFrom}`. */
        headers: z.union([z.record(z.string(), z.string()), headerList]).optional(),
        jsonpath: z.string().optional(),
      })
      .optional(),
    /** The rows other views stored (their tables), by name (`*` wildcards; none: every other view), namespace and labels. */
    viewTableSelector: z
      .strictObject({
        name: z.string().optional(),
        namespace: z.string().optional(),
        labelSelector: z.string().optional(),
      })
      .optional(),
    /** Column types of this query's table, for the merge (`name: type`). */
    columns: z.record(z.string(), z.enum(VIEW_COLUMN_TYPES)).optional(),
  })
  .superRefine((q, ctx) => {
    // a query with no source fails its refresh ("names no source"), as the CRD leaves it to the engine
    const sources = VIEW_QUERY_SOURCES.filter((k) => q[k]);
    if (sources.length > 1)
      ctx.addIssue({
        code: 'custom',
        message: `exactly one of ${VIEW_QUERY_SOURCES.join(', ')} (got ${sources.join(', ')})`,
      });
  });
export type ViewQuery = z.infer<typeof viewQuerySchema>;

/** The sources a query may name (exactly one). */
export const VIEW_QUERY_SOURCES = [
  'configs',
  'changes',
  'checks',
  'sql',
  'prometheus',
  'http',
  'viewTableSelector',
] as const;
