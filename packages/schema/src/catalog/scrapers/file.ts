import { z } from 'zod';
import { scraperSchema } from '../base.js';

/**
 * The `file` scraper: one config per file matched by `paths` (globs), minus `ignore` (globs).
 * YAML and JSON files are parsed; `format: properties` parses Java properties. With a git `url`,
 * `paths` are globs inside a checkout of that repository.
 */
export const fileScraperSchema = scraperSchema({
  paths: z.array(z.string().min(1, 'must not be empty'), { error: 'paths is required' }).min(1, 'paths is required'),
  ignore: z.array(z.string().min(1)).optional(),
  /** A git repository (https://, ssh://, git@host:path, file:// or a local path; `?ref=` picks a branch or tag) whose files `paths` match. */
  url: z.string().min(1, 'must not be empty').optional(),
  connection: z
    .string()
    .optional()
    .refine((v) => v === undefined, { message: 'file scraper connection is not supported yet' }),
  icon: z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message: 'icon is not supported: a config item shows the icon of its type' }),
});
export type FileScraper = z.infer<typeof fileScraperSchema>;
