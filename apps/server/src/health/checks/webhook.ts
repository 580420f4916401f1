import { type WebhookCheck, webhookCheckSchema } from '@opsdeck/schema';
import { ExprDuration } from '../../expr/index.js';
import { type CheckType, failure, refused } from './types.js';

const DEFAULT_MAX_AGE_S = 60;

/**
 * A passive check: reports the last push received on `/api/push/<token>`, and fails when the
 * last push said down or none came within `maxAge` seconds (the pusher stopped reporting).
 */
export const webhookCheck: CheckType<WebhookCheck> = {
  type: 'webhook',
  schema: webhookCheckSchema,
  defaultTimeoutMs: 10_000,
  endpoint: () => '/api/push',
  async run(spec, ctx) {
    if (!ctx.lastPush) return refused('a webhook check needs the server database to receive pushes');
    const push = await ctx.lastPush();
    const maxAge = spec.maxAge ?? DEFAULT_MAX_AGE_S;
    if (!push) return failure(new Error(`no push received yet (expected one every ${maxAge}s)`));
    const ageMs = ctx.now().getTime() - push.receivedAt.getTime();
    const data = {
      up: push.up,
      message: push.message ?? '',
      age: new ExprDuration(Math.max(0, ageMs)),
      ...(push.pingMs !== null ? { ping: push.pingMs } : {}),
    };
    if (ageMs > maxAge * 1000) {
      return failure(new Error(`no push for ${Math.round(ageMs / 1000)}s (expected one every ${maxAge}s)`), data);
    }
    const said = push.message ? `: ${push.message}` : '';
    if (!push.up) return failure(new Error(`pushed down${said}`), data);
    return {
      pass: true,
      message: `pushed up ${Math.round(ageMs / 1000)}s ago${said}`,
      data,
      ...(push.pingMs !== null ? { metrics: [{ name: 'ping', value: push.pingMs }] } : {}),
    };
  },
};
