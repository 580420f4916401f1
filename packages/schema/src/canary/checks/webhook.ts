import { z } from 'zod';
import { checkSchema, unsupportedField } from './common.js';

/** Push tokens: long enough not to be guessed, URL-safe so they fit in a path segment. */
const PUSH_TOKEN = /^[A-Za-z0-9_-]{10,128}$/;

/**
 * `webhook`: a passive check. Something else reports to `POST|GET /api/push/<token>`
 * (`status=up|down`, `msg`, `ping`; Uptime Kuma's push protocol); each scheduled run reports the
 * last push, and fails when none arrived within `maxAge` (default: the canary's interval).
 */
export const webhookCheckSchema = checkSchema({
  token: z.strictObject({
    value: z.string().regex(PUSH_TOKEN, 'token.value must be 10-128 letters, digits, - or _'),
    name: unsupportedField('the push token has no name: write it as token.value'),
    valueFrom: unsupportedField(
      'the push token is part of the push URL OpsDeck serves, so it is written in the canary: use token.value',
    ),
  }),
  /** Seconds a push counts for; the canary's interval (or 60 s) when unset. */
  maxAge: z.number().int().positive().max(31_536_000).optional(),
});
export type WebhookCheck = z.infer<typeof webhookCheckSchema>;
