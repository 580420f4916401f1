import { z } from 'zod';
import { envVarSchema } from '../canary/checks/common.js';
import { execConnectionsSchema } from '../catalog/scrapers/exec.js';
import { durationSchema } from '../time/duration.js';
import { patchExpressionRefusal } from './patchExpressions.js';
import {
  githubActionSchema,
  logsActionSchema,
  NO_NTLM,
  prometheusActionSchema,
  refusedField,
  reportActionSchema,
} from './queryActions.js';

/**
 * The action types of a Playbook (`spec.actions[]`) OpsDeck runs, each with Mission Control's field
 * names. Types of Mission Control OpsDeck does not run (pod, ai, ...) are refused at validation with
 * a message naming them and why: an action is never skipped silently.
 */

/** An environment variable or header: a name and a value or a value from a connection. */
export const namedValueSchema = envVarSchema.refine((e) => !!e.name, { message: 'name is required', path: ['name'] });
const envList = z.array(namedValueSchema).optional();

export const execActionSchema = z.strictObject({
  script: z.string({ error: 'script is required' }).min(1, 'script is required'),
  /** Cloud and cluster credentials handed to the script as the variables their CLIs read (as exec scrapers do). */
  connections: execConnectionsSchema.optional(),
  /** Files the script leaves behind, kept as artifacts (`path` may be a glob relative to the work directory). */
  artifacts: z.array(z.strictObject({ path: z.string().min(1, 'path is required') })).optional(),
  env: envList,
  /** A git repository cloned into the work directory before the script runs. */
  checkout: z
    .strictObject({
      url: z.string().optional(),
      connection: z.string().optional(),
      destination: z.string().optional(),
      branch: z.string().optional(),
      username: envVarSchema.optional(),
      password: envVarSchema.optional(),
      certificate: refusedField(
        'client certificates for git are not supported: use a token as password (HTTPS) instead',
      ).optional(),
      type: refusedField('type is not needed to clone: any git URL over HTTPS is cloned as is').optional(),
    })
    .refine((c) => c.url || c.connection, { message: 'set url or connection' })
    .optional(),
  setup: refusedField(
    'setup (installing bun, python or powershell) is not supported yet; use what the server has',
  ).optional(),
});

export const httpActionSchema = z
  .strictObject({
    url: z.string().optional(),
    connection: z.string().optional(),
    method: z.string().optional(),
    headers: z.array(namedValueSchema).optional(),
    body: z.string().optional(),
    ntlm: refusedField(NO_NTLM).optional(),
    ntlmv2: refusedField(NO_NTLM).optional(),
    /** Renders `body` as a template (the whole action is templated already; kept for compatibility). */
    templateBody: z.boolean().optional(),
    username: envVarSchema.optional(),
    password: envVarSchema.optional(),
  })
  .refine((h) => h.url || h.connection, { message: 'set url or connection' });

export const sqlActionSchema = z
  .strictObject({
    connection: z.string().optional(),
    url: z.string().optional(),
    driver: z
      .enum(['postgres', 'mysql', 'sqlserver'], { error: 'driver must be postgres, mysql or sqlserver' })
      .optional(),
    query: z.string({ error: 'query is required' }).min(1, 'query is required'),
  })
  .refine((s) => s.url || s.connection, { message: 'set url or connection' });

export const notificationActionSchema = z
  .strictObject({
    url: z.string().optional(),
    connection: z.string().optional(),
    title: z.string({ error: 'title is required' }).min(1, 'title is required'),
    message: z.string({ error: 'message is required' }).min(1, 'message is required'),
    properties: z.record(z.string(), z.string()).optional(),
    attachments: refusedField(
      'attachments are not supported: keep the file as an artifact of an earlier action and link it in the message',
    ).optional(),
  })
  .refine((n) => n.url || n.connection, { message: 'set url or connection' });

const gitFileSchema = z.strictObject({
  path: z.string().min(1, 'path is required'),
  /** The new content; `$delete` removes the file. */
  content: z.string(),
});

/**
 * One change to a file of the repository: `yq` (each YAML document, jq semantics), `jq` (a JSON
 * file) or `patch` (a YAML or JSON merge patch, RFC 7386; an OpsDeck addition).
 */
const gitPatchSchema = z
  .strictObject({
    path: z.string().min(1, 'path is required'),
    yq: z.string().optional(),
    jq: z.string().optional(),
    patch: z.string().optional(),
  })
  .superRefine((p, ctx) => {
    const set = (['yq', 'jq', 'patch'] as const).filter((k) => p[k] !== undefined);
    if (set.length !== 1) {
      ctx.addIssue({ code: 'custom', message: 'set exactly one of yq, jq or patch' });
      return;
    }
    for (const kind of ['yq', 'jq'] as const) {
      const expr = p[kind];
      const why = expr === undefined ? undefined : patchExpressionRefusal(kind, expr);
      if (why) ctx.addIssue({ code: 'custom', message: why, path: [kind] });
    }
  });

/** Forges OpsDeck opens pull requests on (through their REST API). */
export const GIT_FORGES = ['github', 'gitlab'] as const;

export const gitopsActionSchema = z
  .strictObject({
    repo: z
      .strictObject({
        url: z.string().optional(),
        connection: z.string().optional(),
        base: z.string().optional(),
        branch: z.string().optional(),
        /** The forge hosting the repository (deduced from the connection or the URL when unset). */
        type: z.string().optional(),
        username: envVarSchema.optional(),
        password: envVarSchema.optional(),
        skipExisting: refusedField(
          'skipExisting is not supported: an existing branch gets the new commit on top',
        ).optional(),
        force: refusedField('force pushes are refused: OpsDeck never rewrites the history of a branch').optional(),
      })
      .refine((r) => r.url || r.connection, { message: 'set url or connection' })
      .refine((r) => !r.type || r.type.includes('{{') || (GIT_FORGES as readonly string[]).includes(r.type), {
        message: `type must be ${GIT_FORGES.join(' or ')} (pull requests on other forges are not supported)`,
        path: ['type'],
      }),
    commit: z.strictObject({
      author: z.string().optional(),
      email: z.string().optional(),
      message: z.string({ error: 'message is required' }).min(1, 'message is required'),
    }),
    /** A pull request (GitHub) or merge request (GitLab) from `branch` into `base`, after the push. */
    pr: z
      .strictObject({
        title: z.string({ error: 'title is required' }).min(1, 'title is required'),
        /** Labels of the pull request. */
        tags: z.array(z.string()).optional(),
        /** Its description (an OpsDeck addition). */
        body: z.string().optional(),
        autoMerge: refusedField('autoMerge is not supported: merge the pull request on the forge').optional(),
      })
      .optional(),
    patches: z.array(gitPatchSchema).optional(),
    files: z.array(gitFileSchema).optional(),
  })
  .refine((g) => (g.patches?.length ?? 0) + (g.files?.length ?? 0) > 0, { message: 'set patches or files' })
  .refine((g) => !g.pr || (g.repo.branch ?? g.repo.base ?? 'main') !== (g.repo.base ?? 'main'), {
    message: 'a pull request needs repo.branch different from repo.base',
    path: ['pr'],
  });

/** Action types OpsDeck runs, by field name. */
export const actionSchemas = {
  exec: execActionSchema,
  http: httpActionSchema,
  sql: sqlActionSchema,
  notification: notificationActionSchema,
  gitops: gitopsActionSchema,
  prometheus: prometheusActionSchema,
  logs: logsActionSchema,
  github: githubActionSchema,
  report: reportActionSchema,
} as const;
export type ActionType = keyof typeof actionSchemas;
export const ACTION_TYPES = Object.keys(actionSchemas) as ActionType[];

/** Action types of Mission Control OpsDeck refuses, and why: each needs something that cannot exist here. */
export const UNSUPPORTED_ACTIONS: Record<string, string> = {
  pod: 'pod actions need Kubernetes, which OpsDeck does not run actions on: use an exec action',
  azureDevopsPipeline:
    'azureDevopsPipeline actions need an Azure DevOps organization, which OpsDeck cannot reach here: call its REST API with an http action',
  catalog: 'catalog actions are not supported yet',
  ai: 'ai actions need an LLM, which OpsDeck does not have',
};

/**
 * Where templates render. Only `host`: this OpsDeck renders every action before it runs it or
 * hands it to an agent (`runsOn`), so `agent` would be accepted and then not done.
 */
export function templatesOnSchema() {
  return z.enum(['host', 'agent'], { error: 'templatesOn must be host or agent' }).refine((v) => v === 'host', {
    message:
      'templatesOn: agent is not supported: templates render on this OpsDeck (host) before an action is handed to an agent; remove it or set host',
  });
}

/** Action types whose `contentType` OpsDeck applies: those that send a body. */
export const BODY_ACTIONS: readonly string[] = ['http'];

const retrySchema = z.strictObject({
  limit: z.number().int().min(0).max(100),
  /** Wait before the first retry (default 10s). */
  duration: durationSchema.optional(),
  /** Random extra wait, as a percent of the wait (0-100). */
  jitter: z.number().min(0).max(100).optional(),
  exponent: z.strictObject({ multiplier: z.number().min(1).max(10) }).optional(),
});

/** The fields every action has besides its type. */
export const actionCommonShape = {
  name: z.string({ error: 'name is required' }).min(1, 'name is required'),
  /** A duration (`30s`) or a CEL expression answering one. */
  delay: z.string().optional(),
  retry: retrySchema.optional(),
  timeout: durationSchema.optional(),
  /** CEL, or always() | failure() | success() | timeout() | skip(); default success(). */
  if: z.string().optional(),
  runsOn: z.array(z.string()).optional(),
  templatesOn: templatesOnSchema().optional(),
  /** The Content-Type of the body an action sends (http actions; refused on the others). */
  contentType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type such as application/json')
    .optional(),
};
