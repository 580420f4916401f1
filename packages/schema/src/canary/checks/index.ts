import type { z } from 'zod';

/**
 * Zod schemas of each check type's fields (one file per type beside this one), keyed by the
 * Canary spec list name: `spec.http[]` -> `checkSchemas.http`. Each schema already includes the
 * common check fields (see ./common.ts once written). Register a new type here.
 */
export const checkSchemas: Record<string, z.ZodType> = {};
