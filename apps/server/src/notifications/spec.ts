import { emailSchema, requireDuration } from '@opsdeck/schema';
import { NOTIFICATION_EVENTS } from '@opsdeck/schema/notifications';
import { z } from 'zod';
import { compileCel, compileTemplate } from '../expr/index.js';
import { channelForScheme } from './channels/registry.js';
import { TEMPLATE_VARIABLES } from './env.js';

export { NOTIFICATION_EVENTS } from '@opsdeck/schema/notifications';

const duration = z.string().refine(
  (v) => {
    try {
      requireDuration(v, { bareSeconds: true });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a duration such as 30s, 15m, 4h or 1h30m' },
);

const celFilter = z.string().superRefine((v, ctx) => {
  if (!v.trim()) return;
  try {
    compileCel(v);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `invalid CEL filter: ${(err as Error).message}` });
  }
});

const template = z.string().superRefine((v, ctx) => {
  try {
    compileTemplate(v, TEMPLATE_VARIABLES);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `invalid template: ${(err as Error).message}` });
  }
});

const CONNECTION_REF = /^connection:\/\/([a-z0-9]([-a-z0-9_.]*[a-z0-9])?\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;

const recipientFields = z.object({
  person: z.string().min(1).optional(),
  team: z.string().min(1).optional(),
  email: emailSchema().optional(),
  connection: z.string().regex(CONNECTION_REF, 'must look like connection://namespace/name').optional(),
  url: z
    .string()
    .superRefine((v, ctx) => {
      let scheme = '';
      try {
        scheme = new URL(v).protocol.replace(/:$/, '');
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a channel URL such as slack://token@channel' });
        return;
      }
      if (!channelForScheme(scheme)) ctx.addIssue({ code: 'custom', message: `unknown channel scheme "${scheme}"` });
    })
    .optional(),
  playbook: z.string().optional(),
  properties: z.record(z.string(), z.string()).optional(),
});

type RecipientFields = z.infer<typeof recipientFields>;
const someone = [
  (r: RecipientFields) => Boolean(r.person || r.team || r.email || r.connection || r.url || r.playbook),
  { message: 'name at least one recipient: person, team, email, connection, url or playbook' },
] as const;

/** One `to` of a rule: any mix of a person, a team, an email address, a connection, a channel URL and a playbook to run. */
export const recipientSpecSchema = recipientFields.strict().refine(...someone);
const fallbackSchema = recipientFields
  .extend({ delay: duration.optional() })
  .strict()
  .refine((r) => r.playbook === undefined, {
    message: 'a fallback cannot run a playbook yet: notify a person, team, email, connection or url',
  })
  .refine(...someone);
export type RecipientSpec = z.infer<typeof recipientSpecSchema>;

const inhibitionSchema = z.object({
  direction: z.enum(['incoming', 'outgoing', 'all']),
  soft: z.boolean().optional(),
  depth: z.number().int().min(1).max(10).optional(),
  from: z.string().min(1),
  to: z.array(z.string().min(1)).min(1),
});

/** The Notification spec (mission-control.flanksource.com/v1 Notification). */
export const notificationSpecSchema = z
  .object({
    events: z
      .array(z.enum(NOTIFICATION_EVENTS, { message: `must be one of ${NOTIFICATION_EVENTS.join(', ')}` }))
      .min(1, 'name at least one event, e.g. check.failed'),
    title: template.optional(),
    template: template.optional(),
    filter: celFilter.optional(),
    to: recipientSpecSchema,
    repeatInterval: duration.optional(),
    waitFor: duration.optional(),
    waitForEvalPeriod: duration.optional(),
    groupBy: z
      .array(
        z
          .string()
          .regex(
            /^(type|description|status_reason|(label|tag):.+)$/,
            'type, description, status_reason, label:<key> or tag:<key>',
          ),
      )
      .optional(),
    groupByInterval: duration.optional(),
    inhibitions: z.array(inhibitionSchema).optional(),
    fallback: fallbackSchema.optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type NotificationSpec = z.infer<typeof notificationSpecSchema>;

const NAME = /^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/;
const metadata = z.object({
  name: z.string().regex(NAME, 'lowercase letters, digits, -, _ and .'),
  namespace: z.string().regex(NAME, 'lowercase letters, digits, -, _ and .').default('default'),
});

/** A Notification resource as YAML/JSON: Mission Control's CRD shape. */
export const notificationResourceSchema = z.object({
  apiVersion: z.literal('mission-control.flanksource.com/v1').optional(),
  kind: z.literal('Notification'),
  metadata: metadata.passthrough(),
  spec: notificationSpecSchema,
});
export type NotificationResource = z.infer<typeof notificationResourceSchema>;
