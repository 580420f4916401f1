-- Worker processes (issue 18): every process that runs background work registers here and
-- heartbeats (`last_seen`); when one stops heartbeating, or stops gracefully (`stopped_at`), the
-- others take over what it claimed and never finished (workers/registry.ts).
create table workers (
  -- the owner this process writes in canary_schedules.claimed_by and config_scraper_schedules.leased_by
  id text primary key,
  hostname text not null,
  pid int not null,
  role text not null,
  started_at timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  stopped_at timestamptz
);

-- The slot (due time) of the run `claimed_by` holds: it is done once every check of the canary has
-- a stored result at or after it. Not indexed: a claim then stays a HOT update.
alter table canary_schedules add column claimed_slot timestamptz;
