import { z } from 'zod';
import { scraperSchema } from '../base.js';

/**
 * The `file` scraper: one config per file matched by `paths` (globs), minus `ignore` (globs).
 * YAML and JSON files are parsed; `format: properties` parses Java properties. A remote `url`
 * (go-getter or git) is part of the reference format but not fetched yet, so it is refused.
 */
export const fileScraperSchema = scraperSchema({
  paths: z.array(z.string().min(1, 'must not be empty'), { error: 'paths is required' }).min(1, 'paths is required'),
  ignore: z.array(z.string().min(1)).optional(),
  url: z
    .string()
    .optional()
    .refine((v) => v === undefined, { message: 'file scraper url (remote or git files) is not supported yet' }),
  connection: z
    .string()
    .optional()
    .refine((v) => v === undefined, { message: 'file scraper connection is not supported yet' }),
});
export type FileScraper = z.infer<typeof fileScraperSchema>;
