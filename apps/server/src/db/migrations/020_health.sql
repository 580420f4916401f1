-- Health checks: canaries (the Canary resources), the checks derived from them, raw results, and
-- hourly/daily rollups with a latency histogram so uptime and p95/p97/p99 over long windows come
-- from a few rows per check. Names and columns follow the reference schema. PostgreSQL 15 SQL only.

create table canaries (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  name text not null,
  namespace text not null default 'default',
  labels jsonb,
  annotations jsonb,
  spec jsonb not null,
  source text,
  is_pushed boolean not null default false,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index canaries_name_key on canaries (agent_id, name, namespace, coalesce(source, ''))
  where deleted_at is null;
create index canaries_updated_at_idx on canaries (updated_at);
create trigger canaries_updated_at before update on canaries for each row execute function set_updated_at();

create table checks (
  id uuid primary key default gen_random_uuid(),
  canary_id uuid not null references canaries (id),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  type text not null,
  name text not null,
  namespace text,
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  is_pushed boolean not null default false,
  transformed boolean not null default false,
  last_runtime timestamptz,
  last_transition_time timestamptz,
  next_runtime timestamptz,
  silenced_at timestamptz,
  status text check (status in ('healthy', 'unhealthy')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (canary_id, type, name, agent_id)
);
create index checks_canary_id_idx on checks (canary_id) where deleted_at is null;

-- updated_at tracks definition changes only: a run updates status/last_runtime many times a minute.
create trigger checks_updated_at before update on checks for each row
  when (old.spec is distinct from new.spec or old.labels is distinct from new.labels
    or old.deleted_at is distinct from new.deleted_at or old.description is distinct from new.description)
  execute function set_updated_at();

-- A status change stamps the transition time and queues check.passed / check.failed. The first
-- result of a new check queues an event only when it fails: "it works" is not news.
create or replace function checks_status_transition() returns trigger language plpgsql as $$
begin
  if new.status is distinct from old.status then
    new.last_transition_time := coalesce(new.last_runtime, now());
    if new.status in ('healthy', 'unhealthy') and not (old.status is null and new.status = 'healthy') then
      insert into event_queue (name, event_id, properties)
      values (case when new.status = 'healthy' then 'check.passed' else 'check.failed' end, new.id,
              jsonb_build_object('id', new.id, 'canary_id', new.canary_id, 'status', new.status,
                                 'last_runtime', new.last_runtime))
      on conflict (name, event_id) do update
        set properties = excluded.properties, created_at = now(), attempts = 0, error = null, last_attempt = null;
    end if;
  end if;
  return new;
end $$;
create trigger checks_status_transition before update of status on checks for each row
  execute function checks_status_transition();

-- Deleting a canary soft-deletes it and its checks (they stay visible in history but stop running);
-- a plain DELETE is turned into the same soft delete.
create or replace function canaries_soft_delete_checks() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    update checks set deleted_at = new.deleted_at where canary_id = new.id and deleted_at is null;
  end if;
  return new;
end $$;
create trigger canaries_soft_delete_checks after update of deleted_at on canaries for each row
  execute function canaries_soft_delete_checks();

create or replace function canaries_delete_is_soft() returns trigger language plpgsql as $$
begin
  update canaries set deleted_at = now() where id = old.id and deleted_at is null;
  return null;
end $$;
create trigger canaries_delete_is_soft before delete on canaries for each row
  execute function canaries_delete_is_soft();

create or replace function soft_delete_canary(canary_id uuid) returns void language sql as $$
  update canaries set deleted_at = now() where id = canary_id and deleted_at is null;
$$;

-- When each canary runs next, and which OpsDeck process claimed that run (several processes on one
-- PostgreSQL split the runs: the one whose update moves next_runtime forward runs it).
create table canary_schedules (
  canary_id uuid primary key references canaries (id),
  next_runtime timestamptz not null,
  claimed_by text,
  updated_at timestamptz not null default now()
);

create table check_statuses (
  check_id uuid not null references checks (id),
  time timestamptz not null,
  status boolean,
  invalid boolean,
  duration int,
  message text,
  error text,
  details jsonb,
  severity text,
  created_at timestamptz not null default now(),
  is_pushed boolean not null default false,
  primary key (check_id, time)
);
create index check_statuses_time_idx on check_statuses (time);

-- Latency histogram buckets (upper bounds in ms, the last bucket is everything above 60 s).
-- health/latency.ts holds the same bounds to read percentiles back; a test keeps them equal.
create or replace function check_latency_bounds() returns int[] language sql immutable as $$
  select array[1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000,
               5000, 10000, 20000, 30000, 60000]
$$;

-- Counts of `durations` per histogram bucket (length = bounds + 1).
create or replace function check_latency_histogram(durations int[]) returns int[] language plpgsql immutable as $$
declare
  bounds int[] := check_latency_bounds();
  n int := array_length(bounds, 1);
  counts int[] := array_fill(0, array[n + 1]);
  d int;
  i int;
begin
  foreach d in array coalesce(durations, '{}') loop
    if d is null then continue; end if;
    i := 1;
    while i <= n and d > bounds[i] loop i := i + 1; end loop;
    counts[i] := counts[i] + 1;
  end loop;
  return counts;
end $$;

-- Element-wise sum of two histograms (either may be null).
create or replace function check_latency_histogram_add(a int[], b int[]) returns int[] language sql immutable as $$
  select case when a is null then b when b is null then a else
    (select array_agg(coalesce(x, 0) + coalesce(y, 0) order by i) from unnest(a, b) with ordinality as t(x, y, i)) end
$$;

create table check_statuses_1h (
  check_id uuid not null references checks (id),
  created_at timestamptz not null,
  duration bigint not null default 0,
  total int not null default 0,
  passed int not null default 0,
  failed int not null default 0,
  latency_histogram int[],
  primary key (check_id, created_at)
);
create index check_statuses_1h_created_at_idx on check_statuses_1h (created_at);

create table check_statuses_1d (
  check_id uuid not null references checks (id),
  created_at timestamptz not null,
  duration bigint not null default 0,
  total int not null default 0,
  passed int not null default 0,
  failed int not null default 0,
  latency_histogram int[],
  primary key (check_id, created_at)
);
create index check_statuses_1d_created_at_idx on check_statuses_1d (created_at);

create view canary_names as
select id, name, namespace from canaries where deleted_at is null;

create view check_names as
select id, canary_id, type, name, status from checks where deleted_at is null;

create view canaries_with_status as
select c.*, jh.status as job_status, jh.time_start as job_time_start, jh.created_at as job_last_run
from canaries c
left join job_history_latest_status jh on jh.resource_id = c.id::text and jh.resource_type = 'canary';

-- job_histories learns the names of canaries.
create or replace view job_histories as
select
  jh.*,
  case
    when jh.resource_type = 'team' then (select t.name from teams t where t.id::text = jh.resource_id)
    when jh.resource_type = 'canary' then (select c.name from canaries c where c.id::text = jh.resource_id)
  end as resource_name,
  jsonb_build_object('id', a.id, 'name', a.name) as agent
from job_history jh
left join agents a on a.id = jh.agent_id;
