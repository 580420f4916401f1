import type { CreatedAt, Timestamp } from '../../db/types.js';

/** Table of migration 120_catalog_runs: each scraper's next run and its in-progress lease. */
export interface ConfigScraperSchedulesTable {
  scraper_id: string;
  next_runtime: Timestamp;
  claimed_by: string | null;
  leased_by: string | null;
  running_until: Timestamp | null;
  updated_at: CreatedAt;
}

declare module '../../db/types.js' {
  interface Database {
    config_scraper_schedules: ConfigScraperSchedulesTable;
  }
}
