-- The health summary keeps every check's rendered definition between requests and reloads them
-- only when this version moves. Statement-level triggers bump it on every insert, delete and edit
-- of a column the summary shows; the result writer's updates (status, runtimes) name none of those
-- columns, so a check run never bumps it. A committed bump is visible together with the edit it
-- counts. Each backend bumps its own slot (of 32) so that two transactions editing checks at once
-- seldom wait on one row lock; the version is the sum of the slots, which only grows.
create table health_summary_versions (
  slot int primary key,
  version bigint not null
);

create or replace function health_summary_bump() returns trigger language plpgsql as $$
begin
  insert into health_summary_versions (slot, version) values (pg_backend_pid() % 32, 1)
  on conflict (slot) do update set version = health_summary_versions.version + 1;
  return null;
end $$;

create trigger checks_summary_version after insert or delete or truncate on checks
  for each statement execute function health_summary_bump();
create trigger checks_summary_version_edit
  after update of id, canary_id, agent_id, type, name, namespace, description, icon, spec, labels, owner, severity,
    silenced_at, created_at, updated_at, deleted_at on checks
  for each statement execute function health_summary_bump();
create trigger canaries_summary_version after insert or delete or truncate on canaries
  for each statement execute function health_summary_bump();
create trigger canaries_summary_version_edit after update of id, name, namespace, labels, deleted_at on canaries
  for each statement execute function health_summary_bump();

-- When a check's state (status, runtimes) last changed, set by the result writer: the summary
-- reads only the checks changed since its previous read (with an overlap, see summaryMarker.ts).
-- No index: every index on a column each run updates would cost its upkeep per run and end HOT
-- updates of checks, where a filtered scan of 100,000 rows per summary request is cheap.
alter table checks add column state_changed_at timestamptz not null default now();

-- The same for the hourly rollups the summary reads for the current hour: set by each upsert.
alter table check_statuses_1h add column updated_at timestamptz not null default now();
