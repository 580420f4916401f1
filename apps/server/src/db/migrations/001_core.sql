-- Shared core of every domain: people, teams, feature flags (properties), agents, job history,
-- the event queue and access tokens. Names and columns follow the reference schema so the UI and
-- the PostgREST contract can address them by name. PostgreSQL 15 SQL only (PGlite is 18).

create or replace function set_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

create table people (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  email text,
  phone text,
  properties jsonb,
  external_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  last_login timestamptz
);
create unique index people_email_key on people (lower(email)) where deleted_at is null and email is not null;
create trigger people_updated_at before update on people for each row execute function set_updated_at();

create table teams (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  icon text,
  spec jsonb,
  source text,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index teams_name_key on teams (name) where deleted_at is null;
create trigger teams_updated_at before update on teams for each row execute function set_updated_at();

alter table people add constraint people_team_id_fkey foreign key (team_id) references teams (id);

create table team_members (
  team_id uuid not null references teams (id) on delete cascade,
  person_id uuid not null references people (id) on delete cascade,
  source text not null default 'UI',
  primary key (team_id, person_id)
);

-- Feature flags and runtime settings: '{feature}.disable' = 'true' hides a feature.
create table properties (
  name text primary key,
  value text not null,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create trigger properties_updated_at before update on properties for each row execute function set_updated_at();

create table agents (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid references people (id),
  properties jsonb,
  tls text,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cleanup boolean not null default false,
  deleted_at timestamptz,
  last_seen timestamptz,
  last_received timestamptz
);
create unique index agents_name_key on agents (name) where deleted_at is null;
create trigger agents_updated_at before update on agents for each row execute function set_updated_at();

create table job_history (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  name text not null,
  success_count int not null default 0,
  error_count int not null default 0,
  details jsonb,
  hostname text,
  duration_millis int,
  resource_type text,
  resource_id text,
  status text check (status in ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STALE', 'SKIPPED')),
  time_start timestamptz,
  time_end timestamptz,
  created_at timestamptz not null default now(),
  is_pushed boolean not null default false
);
create index job_history_resource_idx on job_history (resource_type, resource_id, name, created_at desc);
create index job_history_created_at_idx on job_history (created_at desc);

-- Domain events waiting for consumers; (name, event_id) upserts so a repeated event resets attempts.
create table event_queue (
  id uuid primary key default gen_random_uuid(),
  event_id uuid,
  name text not null,
  properties jsonb,
  error text,
  delay bigint,
  created_at timestamptz not null default now(),
  last_attempt timestamptz,
  attempts int not null default 0,
  priority int not null default 100,
  unique (name, event_id)
);
create index event_queue_pending_idx on event_queue (priority desc, created_at);

-- Machine access; `value` holds a hash, never the token.
create table access_tokens (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  person_id uuid not null references people (id) on delete cascade,
  value text not null,
  auto_renew boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  unique (person_id, name)
);

-- The last run of each job per resource.
create view job_history_latest_status as
select distinct on (resource_id, resource_type, name) *
from job_history
order by resource_id, resource_type, name, created_at desc;

-- Job history rows as the Jobs History page lists them, with the agent's name.
-- Domains that own job resources redefine resource_name as they arrive.
create view job_histories as
select
  jh.*,
  case when jh.resource_type = 'team' then (select t.name from teams t where t.id::text = jh.resource_id) end as resource_name,
  jsonb_build_object('id', a.id, 'name', a.name) as agent
from job_history jh
left join agents a on a.id = jh.agent_id;

create view job_history_names as
select distinct name from job_history;

create view teams_with_status as
select t.*, jh.status as job_status, jh.time_start as job_time_start, jh.created_at as job_last_run
from teams t
left join job_history_latest_status jh on jh.resource_id = t.id::text and jh.resource_type = 'team';

-- Per event name: what waits, what failed, and the most common error.
create view event_queue_summary as
select
  name,
  count(*) filter (where error is null) as pending,
  count(*) filter (where error is not null) as failed,
  avg(attempts)::float8 as average_attempts,
  min(last_attempt) filter (where error is not null) as first_failure,
  max(last_attempt) filter (where error is not null) as last_failure,
  mode() within group (order by error) filter (where error is not null) as most_common_error
from event_queue
group by name;

create view failed_events as
select * from event_queue where error is not null and attempts > 0;

create view agents_summary as
select a.*, p.name as created_by_name
from agents a
left join people p on p.id = a.created_by;
