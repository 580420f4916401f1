import { z } from 'zod';
import { envVarSchema } from '../canary/checks/common.js';
import { resourceSelectorSchema } from '../incidents.js';

/**
 * Playbook actions that read or call another system and keep what it answered: `prometheus`
 * (a PromQL query), `logs` (a search through a log backend), `github` (workflow dispatch) and
 * `report` (a catalog report kept as an artifact). Field names are Mission Control's.
 */

/** A field of Mission Control OpsDeck refuses: accepted as a key so that the refusal names it, with the reason. */
export const refusedField = (reason: string) =>
  z.unknown().superRefine((v, ctx) => {
    if (v !== undefined) ctx.addIssue({ code: 'custom', message: reason });
  });

export const NO_NTLM = 'NTLM and digest authentication are not supported: use username/password (basic) or bearer';

/** A time range of a PromQL query: `start`/`end` as RFC 3339, unix seconds or `now-1h`; `step` a duration. */
export const promRangeSchema = z.strictObject({
  start: z.string().min(1, 'start is required'),
  end: z.string().optional(),
  step: z.string().optional(),
});

export const prometheusActionSchema = z
  .strictObject({
    connection: z.string().optional(),
    url: z.string().optional(),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
    bearer: envVarSchema.optional(),
    query: z.string({ error: 'query is required' }).min(1, 'query is required'),
    range: promRangeSchema.optional(),
    ntlm: refusedField(NO_NTLM).optional(),
    ntlmv2: refusedField(NO_NTLM).optional(),
    digest: refusedField(NO_NTLM).optional(),
    oauth: refusedField(
      'oauth client credentials are not supported for prometheus actions: use bearer with a token',
    ).optional(),
    tls: refusedField(
      'custom TLS settings are not supported here: use a connection (its insecure_tls applies)',
    ).optional(),
  })
  .refine((p) => p.url || p.connection, { message: 'set url or connection' });

const notYet = (what: string) =>
  refusedField(`${what} is not supported in logs actions: filter in the query instead`).optional();

/** What every log source of a logs action shares: when, how many, and the line-shaping OpsDeck refuses. */
const logWindow = {
  start: z.string().optional(),
  end: z.string().optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  dedupe: notYet('dedupe'),
  match: notYet('match'),
  mapping: notYet('mapping'),
};

export const logsActionSchema = z
  .strictObject({
    loki: z
      .strictObject({
        ...logWindow,
        connection: z.string().optional(),
        url: z.string().optional(),
        username: envVarSchema.optional(),
        password: envVarSchema.optional(),
        /** A LogQL query: a stream selector and optional line filters. */
        query: z.string().optional(),
        /** How far back from `end` when `start` is unset (`1h`). */
        since: z.string().optional(),
        direction: z.enum(['backward'], { error: 'direction must be backward (newest first)' }).optional(),
        step: refusedField('step applies to metric queries; a logs action returns lines').optional(),
        interval: refusedField('interval applies to metric queries; a logs action returns lines').optional(),
      })
      .refine((l) => l.url || l.connection, { message: 'set url or connection' })
      .optional(),
    opensearch: z
      .strictObject({
        ...logWindow,
        address: z.string().min(1, 'address is required'),
        username: envVarSchema.optional(),
        password: envVarSchema.optional(),
        index: z.string().min(1, 'index is required'),
        /** A JSON query clause (OpenSearch DSL) ANDed with the time range. */
        query: z.string().optional(),
      })
      .optional(),
    cloudwatch: refusedField(
      'cloudwatch logs need an AWS account, which OpsDeck cannot reach here: ship the logs to Loki or OpenSearch',
    ).optional(),
    kubernetes: refusedField(
      'kubernetes logs read pods through a cluster API, which OpsDeck does not run in: ship the logs to Loki or OpenSearch',
    ).optional(),
  })
  .superRefine((l, ctx) => {
    const kinds = (['loki', 'opensearch', 'cloudwatch', 'kubernetes'] as const).filter((k) => l[k] !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({ code: 'custom', message: 'set exactly one of loki, opensearch, cloudwatch or kubernetes' });
  });

export const githubActionSchema = z.strictObject({
  /** The repository name, without `.git`. */
  repo: z.string({ error: 'repo is required' }).min(1, 'repo is required'),
  /** The owner (user or organization) of the repository. */
  username: z.string({ error: 'username is required' }).min(1, 'username is required'),
  token: envVarSchema,
  workflows: z
    .array(
      z.strictObject({
        /** The workflow's id or file name (`deploy.yaml`). */
        id: z.string().min(1, 'id is required'),
        /** Branch or tag to run on; default main. */
        ref: z.string().optional(),
        /** The workflow's inputs as a JSON object. */
        input: z.string().optional(),
      }),
    )
    .min(1, 'name at least one workflow')
    .optional(),
  /** The REST API base (GitHub Enterprise: `https://host/api/v3`); default https://api.github.com. An OpsDeck addition. */
  url: z.string().optional(),
});

export const REPORT_FORMATS = ['csv', 'json', 'html'] as const;

export const reportActionSchema = z.strictObject({
  title: z.string().optional(),
  /** Which config items the report lists (catalog selectors). */
  configs: z.array(resourceSelectorSchema.loose()).min(1, 'name at least one selector'),
  format: z.enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}` }).optional(),
  /** At most this many items (default and ceiling 1000). */
  limit: z.number().int().min(1).max(1000).optional(),
});
