import type { AppContext } from '../context.js';
import { notificationSubject } from '../identity/index.js';
import type { PlaybookRecipientRunner } from '../notifications/send.js';
import { startRun } from './runs.js';

/**
 * Playbooks as notification recipients (`to.playbook`): a send runs the playbook with the event's
 * resource (a check for check.* events, a config item for config.*, a component for component.*)
 * and completes when the run does (advance.ts settles it through the notifications domain). The
 * rule is the run's subject: it must hold `playbook:run` through permission rows naming it.
 */
export function playbookRecipientRunner(ctx: AppContext): PlaybookRecipientRunner {
  return async (playbookId, about, sendId) => {
    const kind = about.event.split('.')[0];
    const target =
      kind === 'check'
        ? { check_id: about.resourceId }
        : kind === 'config'
          ? { config_id: about.resourceId }
          : kind === 'component'
            ? { component_id: about.resourceId }
            : {};
    const subject = await notificationSubject(ctx.db.kysely, about.notificationId, ctx.clock.now());
    const { run_id } = await startRun(ctx, subject, { id: playbookId, ...target, notification_send_id: sendId });
    return run_id;
  };
}
