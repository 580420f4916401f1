import { execScraper } from './exec.js';
import { fileScraper } from './file.js';
import { httpScraper } from './http.js';
import { kubernetesScraper } from './kubernetes.js';
import { sqlScraper } from './sql.js';
import type { ScraperType } from './types.js';

/** Every scraper type the engine can run, keyed by its ScrapeConfig spec list name (`file`, `sql`). */
export const scraperTypes: Record<string, ScraperType<never>> = {
  file: fileScraper as ScraperType<never>,
  sql: sqlScraper as ScraperType<never>,
  exec: execScraper as ScraperType<never>,
  http: httpScraper as ScraperType<never>,
  kubernetes: kubernetesScraper as ScraperType<never>,
};

/** The scraper for `type`, or undefined when the engine does not run it (validation refuses it). */
export function scraperTypeFor(type: string): ScraperType<never> | undefined {
  return Object.hasOwn(scraperTypes, type) ? scraperTypes[type] : undefined;
}
