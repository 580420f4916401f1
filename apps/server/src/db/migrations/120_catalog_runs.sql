-- Scheduled scrapes: the next run of each scraper, claimed through the database like
-- canary_schedules (health/scheduler.ts), plus a lease while a run is in progress, so several
-- OpsDeck processes never run one scraper twice, not even a long scrape overlapping its next
-- turn or a Run Now. PostgreSQL 15 SQL only (PGlite runs it too).
create table config_scraper_schedules (
  scraper_id uuid primary key references config_scrapers (id),
  next_runtime timestamptz not null,
  -- the process that claimed the last scheduled run (it also watches kubernetes scrapers)
  claimed_by text,
  -- while a run (scheduled or Run Now) is in progress: who runs it and until when at the latest
  leased_by text,
  running_until timestamptz,
  updated_at timestamptz not null default now()
);
create index config_scraper_schedules_due_idx on config_scraper_schedules (next_runtime);
