import { z } from 'zod';

/** A required non-empty string field whose message names it when missing or empty (`index is required`). */
export function requiredString(field: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : undefined) })
    .min(1, `${field} is required`);
}
