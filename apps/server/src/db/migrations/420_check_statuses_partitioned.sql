-- Raw check results partitioned by day (UTC) on `time`, so retention drops a whole day's table
-- instead of deleting millions of rows (no dead tuples, no vacuum, next to no WAL). A default
-- partition takes whatever falls outside the daily ones (a result far in the past or future), so
-- an insert never fails for want of a partition. The retention job (health/retention.ts) adds the
-- coming days' partitions and drops the expired ones through the two functions below.
-- The existing table is converted here, rows included, in this migration's one transaction.

alter table check_statuses rename to check_statuses_unpartitioned;
alter table check_statuses_unpartitioned rename constraint check_statuses_pkey to check_statuses_unpartitioned_pkey;
alter index check_statuses_time_idx rename to check_statuses_unpartitioned_time_idx;
drop trigger check_statuses_upstream on check_statuses_unpartitioned;
do $$
declare
  c record;
begin
  for c in select conname from pg_constraint
           where conrelid = 'check_artifacts'::regclass and confrelid = 'check_statuses_unpartitioned'::regclass loop
    execute format('alter table check_artifacts drop constraint %I', c.conname);
  end loop;
end $$;

create table check_statuses (
  check_id uuid not null,
  time timestamptz not null,
  status boolean,
  invalid boolean,
  duration int,
  message text,
  error text,
  details jsonb,
  severity text,
  created_at timestamptz not null default now(),
  is_pushed boolean not null default false
) partition by range (time);
create table check_statuses_default partition of check_statuses default;

-- An agent's outbox names a result's table as the push job knows it: a row trigger on a partitioned
-- table fires on the partition, whose name tg_table_name would give.
create or replace function upstream_enqueue() returns trigger language plpgsql as $$
declare
  rec jsonb;
  k jsonb;
begin
  if not exists (select 1 from upstream_state) then return null; end if;
  rec := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  select jsonb_object_agg(c, rec -> c) into k from unnest(tg_argv) as c;
  insert into upstream_outbox (table_name, row_key, op, seq)
  values ((select relname from pg_class where oid = coalesce(pg_partition_root(tg_relid), tg_relid)), k,
          case when tg_op = 'DELETE' then 'delete' else 'upsert' end, nextval('upstream_outbox_seq'))
  on conflict (table_name, row_key) do update set op = excluded.op, seq = excluded.seq, attempts = 0;
  return null;
end $$;

-- Adds the partition of one UTC day unless it exists; false when it did. Rows of that day already
-- in the default partition move into it (with their artifacts; on an agent the upstream is told
-- again that the rows exist). Several processes may call it at once: an advisory lock serialises them.
create or replace function check_statuses_add_partition(day date) returns boolean language plpgsql as $$
declare
  part text := 'check_statuses_p' || to_char(day, 'YYYYMMDD');
  lo timestamptz := day::timestamp at time zone 'UTC';
  hi timestamptz := (day + 1)::timestamp at time zone 'UTC';
begin
  if to_regclass(quote_ident(part)) is not null then return false; end if;
  perform pg_advisory_xact_lock(7301555031);
  if to_regclass(quote_ident(part)) is not null then return false; end if;
  if not exists (select 1 from check_statuses_default where time >= lo and time < hi) then
    execute format('create table %I partition of check_statuses for values from (%L) to (%L)', part, lo, hi);
    return true;
  end if;
  -- the parent first, as inserts lock it, so no insert lands in the default meanwhile
  lock table check_statuses in access exclusive mode;
  drop table if exists pg_temp.check_statuses_moving;
  drop table if exists pg_temp.check_artifacts_moving;
  create temp table check_statuses_moving on commit drop as
    select * from check_statuses_default where time >= lo and time < hi;
  create temp table check_artifacts_moving on commit drop as
    select * from check_artifacts where check_time >= lo and check_time < hi;
  delete from check_statuses_default where time >= lo and time < hi;
  execute format('create table %I partition of check_statuses for values from (%L) to (%L)', part, lo, hi);
  insert into check_statuses select * from check_statuses_moving;
  insert into check_artifacts select * from check_artifacts_moving on conflict (id) do nothing;
  return true;
end $$;

-- Drops the partition of one UTC day (its artifacts first: a partition still referenced cannot be
-- detached); false when there was none.
create or replace function check_statuses_drop_partition(day date) returns boolean language plpgsql as $$
declare
  part text := 'check_statuses_p' || to_char(day, 'YYYYMMDD');
begin
  perform pg_advisory_xact_lock(7301555031);
  if to_regclass(quote_ident(part)) is null then return false; end if;
  delete from check_artifacts
   where check_time >= day::timestamp at time zone 'UTC' and check_time < (day + 1)::timestamp at time zone 'UTC';
  execute format('alter table check_statuses detach partition %I', part);
  execute format('drop table %I', part);
  return true;
end $$;

-- A partition for every day that has rows (found by walking the time index one day at a time),
-- and for yesterday through a week ahead.
select check_statuses_add_partition(d)
from (
  with recursive days(d) as (
    select (min(time) at time zone 'UTC')::date from check_statuses_unpartitioned
    union all
    select (select (min(time) at time zone 'UTC')::date from check_statuses_unpartitioned
            where time >= (days.d + 1)::timestamp at time zone 'UTC')
    from days where days.d is not null
  )
  select d from days where d is not null
  union
  select generate_series((now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7, interval '1 day')::date
) as wanted
order by d;

insert into check_statuses (check_id, time, status, invalid, duration, message, error, details, severity, created_at, is_pushed)
select check_id, time, status, invalid, duration, message, error, details, severity, created_at, is_pushed
from check_statuses_unpartitioned;
drop table check_statuses_unpartitioned;

-- keys and indexes after the rows, built once per partition instead of maintained row by row
alter table check_statuses add primary key (check_id, time);
alter table check_statuses add foreign key (check_id) references checks (id);
create index check_statuses_time_idx on check_statuses (time);
alter table check_artifacts add foreign key (check_id, check_time) references check_statuses (check_id, time) on delete cascade;
create trigger check_statuses_upstream after insert or update or delete on check_statuses
  for each row execute function upstream_enqueue('check_id', 'time');
