import { z } from 'zod';
import { metadataSchema } from '../canary/canary.js';
import { envVarSchema } from '../canary/checks/common.js';
import { resourceSelectorSchema } from '../incidents.js';
import { durationSchema } from '../time/duration.js';
import {
  ACTION_TYPES,
  actionCommonShape,
  actionSchemas,
  BODY_ACTIONS,
  namedValueSchema,
  templatesOnSchema,
  UNSUPPORTED_ACTIONS,
} from './actions.js';

/**
 * The Playbook resource as Mission Control writes it (`apiVersion: mission-control.flanksource.com/v1`,
 * `kind: Playbook`): what it applies to, its parameters, actions, approval and triggers.
 */

export const PLAYBOOK_API_VERSION = 'mission-control.flanksource.com/v1';

/** Parameter types of Mission Control. */
export const PARAMETER_TYPES = [
  'check',
  'checkbox',
  'code',
  'component',
  'config',
  'configs',
  'duration',
  'list',
  'people',
  'team',
  'text',
  'bytes',
  'millicores',
  'secret',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const parameterPropertiesSchema = z.looseObject({
  size: z.enum(['very-small', 'small', 'medium', 'large', 'full']).optional(),
  language: z.string().optional(),
  jsonSchemaUrl: z.string().optional(),
  // the CRD also writes options as plain strings: each becomes an option labelled by its value
  options: z
    .array(
      z.union([
        z.string().transform((value) => ({ label: value, value })),
        z.looseObject({ label: z.string().optional(), value: z.string() }),
      ]),
    )
    .optional(),
  filter: z.array(resourceSelectorSchema.loose()).optional(),
  multiline: z.union([z.boolean(), z.string()]).optional(),
  maxLength: z.number().int().nonnegative().optional(),
  minLength: z.number().int().nonnegative().optional(),
  regex: z.string().optional(),
  format: z.string().optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
});

export const playbookParameterSchema = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'must start with a letter or _ and hold letters, digits, _ or -'),
  label: z.string().optional(),
  /** A Go template rendered with the run's resource (`{{.config.name}}`). */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  required: z.boolean().optional(),
  icon: z.string().optional(),
  description: z.string().optional(),
  type: z.enum(PARAMETER_TYPES, { error: `type must be one of ${PARAMETER_TYPES.join(', ')}` }).default('text'),
  properties: parameterPropertiesSchema.optional(),
  dependsOn: z.array(z.string()).optional(),
});
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

/** One action: the common fields plus exactly one action type (validated by its own schema). */
export const playbookActionSchema = z.looseObject(actionCommonShape).superRefine((action, ctx) => {
  const known = new Set([...Object.keys(actionCommonShape), ...ACTION_TYPES]);
  const types = ACTION_TYPES.filter((t) => (action as Record<string, unknown>)[t] !== undefined);
  for (const key of Object.keys(action)) {
    if (known.has(key)) continue;
    const why = UNSUPPORTED_ACTIONS[key];
    ctx.addIssue({ code: 'custom', path: [key], message: why ? `unsupported action type: ${why}` : 'unknown field' });
  }
  if (types.length === 0 && !Object.keys(action).some((k) => UNSUPPORTED_ACTIONS[k])) {
    ctx.addIssue({ code: 'custom', message: `set one action type: ${ACTION_TYPES.join(', ')}` });
  }
  if (types.length > 1)
    ctx.addIssue({ code: 'custom', message: `set only one action type, not ${types.join(' and ')}` });
  if (action.contentType !== undefined && types.length === 1 && !BODY_ACTIONS.includes(types[0] as string)) {
    ctx.addIssue({
      code: 'custom',
      path: ['contentType'],
      message: `contentType applies to actions that send a body (${BODY_ACTIONS.join(', ')}), not ${types[0]} actions`,
    });
  }
  for (const t of types) {
    const parsed = actionSchemas[t].safeParse((action as Record<string, unknown>)[t]);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const k of issue.keys)
          ctx.addIssue({ code: 'custom', path: [t, ...issue.path, k], message: 'unknown field' });
        continue;
      }
      ctx.addIssue({
        code: 'custom',
        path: [t, ...issue.path],
        message: issue.message.replace(/^Invalid input: /, ''),
      });
    }
  }
});
export type PlaybookAction = z.infer<typeof playbookActionSchema> & {
  exec?: z.infer<typeof actionSchemas.exec>;
  http?: z.infer<typeof actionSchemas.http>;
  sql?: z.infer<typeof actionSchemas.sql>;
  notification?: z.infer<typeof actionSchemas.notification>;
  gitops?: z.infer<typeof actionSchemas.gitops>;
  prometheus?: z.infer<typeof actionSchemas.prometheus>;
  logs?: z.infer<typeof actionSchemas.logs>;
  github?: z.infer<typeof actionSchemas.github>;
  report?: z.infer<typeof actionSchemas.report>;
};

export const approvalSchema = z.strictObject({
  type: z.enum(['any', 'all'], { error: 'type must be any or all' }).default('any'),
  approvers: z.strictObject({
    people: z.array(z.string().min(1)).optional(),
    teams: z.array(z.string().min(1)).optional(),
  }),
  /** Whether whoever started a run may approve it themselves (default false: someone else must). */
  allowSelfApproval: z.boolean().optional(),
});
export type PlaybookApproval = z.infer<typeof approvalSchema>;

const eventTriggerSchema = (events: readonly [string, ...string[]], cls: string) =>
  z.strictObject({
    // Mission Control's event names carry the class (`component.unhealthy`); both spellings are one event
    event: z.preprocess(
      (e) => (typeof e === 'string' && e.startsWith(`${cls}.`) ? e.slice(cls.length + 1) : e),
      z.enum(events, { error: `event must be one of ${events.join(', ')}` }),
    ),
    labels: z.record(z.string(), z.string()).optional(),
    filter: z.string().optional(),
  });

export const webhookTriggerSchema = z.strictObject({
  path: z
    .string({ error: 'path is required' })
    .regex(/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'must be URL path segments of letters, digits, . _ ~ -'),
  authentication: z
    .strictObject({
      basic: z.strictObject({ username: namedValueBase(), password: namedValueBase() }).optional(),
      // the CRD spells it jwksUri; stored as jwksURI
      jwt: z
        .strictObject({
          jwksURI: z.url({ error: 'jwksURI must be a URL' }).optional(),
          jwksUri: z.url({ error: 'jwksUri must be a URL' }).optional(),
        })
        .refine((j) => j.jwksURI || j.jwksUri, { message: 'jwksUri is required' })
        .transform(({ jwksUri, jwksURI }) => ({ jwksURI: (jwksURI ?? jwksUri) as string }))
        .optional(),
      github: z.unknown().optional(),
      svix: z.unknown().optional(),
    })
    .superRefine((a, ctx) => {
      if (a.github !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['github'],
          message: 'github webhook authentication is not supported yet (use basic or jwt)',
        });
      if (a.svix !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['svix'],
          message: 'svix webhook authentication is not supported yet (use basic or jwt)',
        });
    })
    .optional(),
});

/** A value written inline or from a connection (`{value}` / `{valueFrom}`), or a plain string (its value). */
function namedValueBase() {
  return z.preprocess((v) => (typeof v === 'string' ? { value: v } : v), envVarSchema);
}

export const playbookTriggersSchema = z.strictObject({
  canary: z.array(eventTriggerSchema(['passed', 'failed'], 'check')).optional(),
  config: z
    .array(
      eventTriggerSchema(
        ['created', 'updated', 'changed', 'deleted', 'healthy', 'unhealthy', 'warning', 'degraded', 'unknown'],
        'config',
      ),
    )
    .optional(),
  component: z.array(eventTriggerSchema(['healthy', 'unhealthy', 'warning', 'unknown'], 'component')).optional(),
  webhook: webhookTriggerSchema.optional(),
  schedule: z
    .array(
      z.strictObject({
        schedule: z.string({ error: 'schedule is required' }).min(1, 'schedule is required'),
        parameters: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

export const playbookSpecSchema = z.strictObject({
  title: z.string().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  icon: z.string().optional(),
  /** Per run; default 30m. */
  timeout: durationSchema.optional(),
  runsOn: z.array(z.string()).optional(),
  templatesOn: templatesOnSchema().optional(),
  env: z.array(namedValueSchema).optional(),
  // an author may believe this list restricts who runs the playbook; it has no defined meaning
  // here, so a non-empty one is refused rather than silently ignored
  permissions: z
    .array(z.looseObject({}))
    .max(0, {
      message:
        'permissions is not supported: it would not restrict who runs this playbook; grant or deny playbook:run with a permission whose object is this playbook (Settings › Permissions)',
    })
    .optional(),
  configs: z.array(resourceSelectorSchema.loose()).optional(),
  checks: z.array(resourceSelectorSchema.loose()).optional(),
  components: z.array(resourceSelectorSchema.loose()).optional(),
  filters: z.array(z.string()).optional(),
  parameters: z.array(playbookParameterSchema).optional(),
  actions: z.array(playbookActionSchema, { error: 'actions is required' }).min(1, 'set at least one action'),
  approval: approvalSchema.optional(),
  on: playbookTriggersSchema.optional(),
});
export type PlaybookSpec = Omit<z.infer<typeof playbookSpecSchema>, 'actions'> & { actions: PlaybookAction[] };

export const playbookResourceSchema = z
  .strictObject({
    apiVersion: z.literal(PLAYBOOK_API_VERSION, { error: `apiVersion must be ${PLAYBOOK_API_VERSION}` }),
    kind: z.literal('Playbook', { error: 'kind must be Playbook' }),
    metadata: metadataSchema,
    spec: playbookSpecSchema,
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.spec.actions.forEach((a, i) => {
      if (seen.has(a.name))
        ctx.addIssue({
          code: 'custom',
          path: ['spec', 'actions', i, 'name'],
          message: `two actions are named ${a.name}`,
        });
      seen.add(a.name);
    });
    const params = new Set<string>();
    p.spec.parameters?.forEach((a, i) => {
      if (params.has(a.name))
        ctx.addIssue({
          code: 'custom',
          path: ['spec', 'parameters', i, 'name'],
          message: `two parameters are named ${a.name}`,
        });
      params.add(a.name);
    });
  });
export type PlaybookResource = {
  apiVersion: string;
  kind: 'Playbook';
  metadata: z.infer<typeof metadataSchema>;
  spec: PlaybookSpec;
};

/** Run statuses of Mission Control; the last four are final. */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'running',
  'pending_approval',
  'sleeping',
  'retrying',
  'waiting',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];
export const FINAL_RUN_STATUSES: readonly PlaybookRunStatus[] = ['completed', 'failed', 'cancelled', 'timed_out'];

export const PLAYBOOK_ACTION_STATUSES = [
  'scheduled',
  'running',
  'waiting',
  'waiting_children',
  'sleeping',
  'completed',
  'failed',
  'skipped',
] as const;
export type PlaybookActionStatus = (typeof PLAYBOOK_ACTION_STATUSES)[number];

/** Body of `POST /api/playbook/run` and `/api/playbook/:id/params`. */
export const playbookRunRequestSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a playbook id (uuid)' }),
  config_id: z.uuid({ error: 'config_id must be a uuid' }).optional(),
  check_id: z.uuid({ error: 'check_id must be a uuid' }).optional(),
  component_id: z.uuid({ error: 'component_id must be a uuid' }).optional(),
  agent_id: z.uuid().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  parent_id: z.uuid().optional(),
  notification_send_id: z.uuid().optional(),
  request: z.record(z.string(), z.unknown()).optional(),
});
export type PlaybookRunRequest = z.infer<typeof playbookRunRequestSchema>;
