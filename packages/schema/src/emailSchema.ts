import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email.js';

/** The zod schema of an email address field (the rule of `email.ts`, dotless hosts included). */
export const emailSchema = () =>
  z.email({ pattern: EMAIL_PATTERN, message: 'must be an email address' }).max(EMAIL_MAX_LENGTH);
