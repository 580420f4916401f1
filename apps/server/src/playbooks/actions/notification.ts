import { notificationActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof notificationActionSchema>;

/**
 * Sends `title` and `message` through the notification channels (notifications/channels): a
 * channel URL (`slack://...`, `generic+http://...`, `smtp://...`) or a stored connection.
 */
export const notificationAction: ActionType<Spec> = {
  type: 'notification',
  schema: notificationActionSchema,
  async run(spec, ctx) {
    try {
      await ctx.notify(
        { url: spec.url, connection: spec.connection, properties: spec.properties },
        spec.title,
        spec.message,
        ctx.signal,
      );
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return failed(err, { title: spec.title });
    }
    return { ok: true, result: { title: spec.title, message: spec.message, sent: true } };
  },
};
