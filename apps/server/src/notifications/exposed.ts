import { requireDuration } from '@opsdeck/schema';
import { customServicesSchema } from '@opsdeck/schema/notificationChannels';
import { badRequest } from '../errors.js';
import { compileCel, compileTemplate } from '../expr/index.js';
import { type JsonSecret, SECRET_KEYS } from '../rest/secrets.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { TEMPLATE_VARIABLES } from './env.js';
import { NOTIFICATION_EVENTS } from './spec.js';

// Notification tables under /api/db (the UI's lists and forms), all on the `notifications`
// resource. Writes are checked here the way the rules API checks them, so a rule saved through
// PostgREST cannot carry a filter or template that would pause it on the first event.

function check(label: string, fn: () => void): void {
  try {
    fn();
  } catch (err) {
    throw badRequest(`${label}: ${(err as Error).message}`);
  }
}

function validateRule(row: Row): void {
  if (Array.isArray(row.events)) {
    const unknown = row.events.filter((e) => !(NOTIFICATION_EVENTS as readonly unknown[]).includes(e));
    if (unknown.length) throw badRequest(`events: unknown ${unknown.join(', ')}`);
  }
  if (typeof row.filter === 'string' && row.filter.trim()) check('filter', () => compileCel(row.filter as string));
  for (const field of ['title', 'template'] as const) {
    if (typeof row[field] === 'string') check(field, () => compileTemplate(row[field] as string, TEMPLATE_VARIABLES));
  }
  for (const field of ['repeat_interval', 'fallback_delay'] as const) {
    if (typeof row[field] === 'string' && row[field])
      check(field, () => requireDuration(row[field] as string, { bareSeconds: true }));
  }
  // channels: each a connection, a channel URL its scheme can deliver to, or an email address
  for (const field of ['custom_services', 'fallback_custom_services'] as const) {
    if (row[field] === null || row[field] === undefined) continue;
    const parsed = customServicesSchema.safeParse(row[field]);
    const issue = parsed.error?.issues[0];
    if (issue) throw badRequest(`${[field, ...issue.path.map(String)].join('.')}: ${issue.message}`);
  }
}

function validateSilence(row: Row): void {
  if (typeof row.filter === 'string' && row.filter.trim()) check('filter', () => compileCel(row.filter as string));
}

const validating = (validate: (row: Row) => void) => async (_ctx: unknown, input: { rows?: Row[]; patch?: Row }) => {
  for (const row of input.rows ?? []) validate(row);
  if (input.patch) validate(input.patch);
};

/** A channel URL is a credential as a whole (its token is the user, host or path): only its scheme shows. */
export const CHANNEL_SECRETS: readonly JsonSecret[] = [
  ['*.url', 'channel'],
  [`*.properties.${SECRET_KEYS}`, 'secret'],
];
const ruleSecrets = {
  custom_services: CHANNEL_SECRETS,
  fallback_custom_services: CHANNEL_SECRETS,
  properties: [[`**.${SECRET_KEYS}`, 'secret']],
  // why the rule last failed: a send error quoting its channel URL
  error: 'url',
} as const;
// a failed send's error may quote the URL it posted to
const sendSecrets = { error: 'url' } as const;

/** Serves notification rules, silences and send history under /api/db; the app calls it when it starts. */
export function exposeNotifications(): void {
  exposeTable('notifications', {
    resource: 'notifications',
    writable: true,
    secrets: ruleSecrets,
    defaults: { created_by: createdBySubject },
    beforeWrite: validating(validateRule),
  });
  exposeTable('notifications_summary', {
    resource: 'notifications',
    writable: false,
    secrets: { custom_services: CHANNEL_SECRETS, error: 'url' },
  });
  exposeTable('notification_silences', {
    resource: 'notifications',
    writable: true,
    defaults: { created_by: createdBySubject },
    beforeWrite: validating(validateSilence),
  });
  exposeTable('notification_send_history', { resource: 'notifications', writable: false, secrets: sendSecrets });
  exposeTable('notification_send_history_summary', {
    resource: 'notifications',
    writable: false,
    secrets: sendSecrets,
  });
}
