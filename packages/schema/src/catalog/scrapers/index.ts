import type { z } from 'zod';
import { execScraperSchema } from './exec.js';
import { fileScraperSchema } from './file.js';
import { httpScraperSchema } from './http.js';
import { kubernetesScraperSchema } from './kubernetes.js';
import { sqlScraperSchema } from './sql.js';

/**
 * Zod schemas of the scraper types OpsDeck runs, keyed by the ScrapeConfig spec list name
 * (`spec.file[]` -> `scraperSchemas.file`). Register a new type here and in the server's
 * catalog/scrapers/registry.ts.
 */
export const scraperSchemas: Record<string, z.ZodType> = {
  file: fileScraperSchema,
  sql: sqlScraperSchema,
  exec: execScraperSchema,
  http: httpScraperSchema,
  kubernetes: kubernetesScraperSchema,
};
