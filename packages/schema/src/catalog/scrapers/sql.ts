import { z } from 'zod';
import { scraperAuthSchema, scraperSchema } from '../base.js';

/** Drivers the sql scraper talks to (`mssql` is another name for `sqlserver`). */
export const SQL_SCRAPER_DRIVERS = ['postgres', 'mysql', 'sqlserver', 'mssql'] as const;

/**
 * The `sql` scraper: run `query` on `connection` (a DSN such as postgres://..., mysql://...,
 * user:pass@tcp(host:3306)/db, sqlserver://..., an ADO.NET `Server=...;` string, or
 * `connection://namespace/name`); each row becomes a config
 * (a single-column row: that column's value). `driver` is inferred from the DSN when absent.
 */
export const sqlScraperSchema = scraperSchema({
  connection: z.string({ error: 'connection is required' }).min(1, 'connection is required'),
  driver: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || (SQL_SCRAPER_DRIVERS as readonly string[]).includes(v)) return;
      ctx.addIssue({ code: 'custom', message: `unknown sql driver ${v} (use postgres, mysql or sqlserver)` });
    }),
  query: z.string({ error: 'query is required' }).min(1, 'query is required'),
  auth: scraperAuthSchema.optional(),
});
export type SqlScraper = z.infer<typeof sqlScraperSchema>;
