-- Change counts per UTC day and per the item attributes the catalog summary groups by (type,
-- class, agent) and whether the item is live, kept exactly by triggers, so the summary counts
-- whole days here instead of joining a month of changes with the items (catalog/query/summary.ts).
-- Rows are deltas: writers only append (concurrent scrapes never wait on one counter row, and
-- never deadlock over two), the true count of a key is the sum of its rows, and
-- config_change_days_compact() folds them into one row per key (retention job, after each run).
create table config_change_days (
  day date not null,
  type text not null,
  config_class text not null,
  agent_id uuid not null,
  live boolean not null,
  changes bigint not null
);
create index config_change_days_day_idx on config_change_days (day);

-- Inserted changes count for their item's current key. The foreign key check has taken a key
-- share lock on each item before this runs, so an item whose key is being changed by another
-- transaction (which holds it FOR UPDATE, below) is read once that one has committed.
create or replace function config_change_days_inserted() returns trigger language plpgsql as $$
begin
  insert into config_change_days (day, type, config_class, agent_id, live, changes)
  select (n.created_at at time zone 'UTC')::date, ci.type, ci.config_class, ci.agent_id, ci.deleted_at is null, count(*)
  from config_change_rows_new n join config_items ci on ci.id = n.config_id
  group by 1, 2, 3, 4, 5;
  return null;
end $$;
create trigger config_change_days_inserted after insert on config_changes
  referencing new table as config_change_rows_new for each statement execute function config_change_days_inserted();

-- Deleted changes (retention, by hand) leave their item's key. A change deleted by the cascade of
-- its item's delete finds no item: that item's delete has taken its counts off already.
create or replace function config_change_days_deleted() returns trigger language plpgsql as $$
begin
  perform 1 from config_items where id in (select config_id from config_change_rows_old) for key share;
  insert into config_change_days (day, type, config_class, agent_id, live, changes)
  select (o.created_at at time zone 'UTC')::date, ci.type, ci.config_class, ci.agent_id, ci.deleted_at is null, -count(*)
  from config_change_rows_old o join config_items ci on ci.id = o.config_id
  group by 1, 2, 3, 4, 5;
  return null;
end $$;
create trigger config_change_days_deleted after delete on config_changes
  referencing old table as config_change_rows_old for each statement execute function config_change_days_deleted();

-- An updated change (dedupe moves created_at) that moved to another day or item moves its count.
create or replace function config_change_days_updated() returns trigger language plpgsql as $$
begin
  perform 1 from config_items
  where id in (select config_id from config_change_rows_old union select config_id from config_change_rows_new)
  for key share;
  insert into config_change_days (day, type, config_class, agent_id, live, changes)
  select (m.created_at at time zone 'UTC')::date, ci.type, ci.config_class, ci.agent_id, ci.deleted_at is null, sum(m.sign)
  from (
    select o.config_id, o.created_at, -1 as sign from config_change_rows_old o join config_change_rows_new n on n.id = o.id
    where n.config_id <> o.config_id
      or (n.created_at at time zone 'UTC')::date <> (o.created_at at time zone 'UTC')::date
    union all
    select n.config_id, n.created_at, 1 from config_change_rows_old o join config_change_rows_new n on n.id = o.id
    where n.config_id <> o.config_id
      or (n.created_at at time zone 'UTC')::date <> (o.created_at at time zone 'UTC')::date
  ) m join config_items ci on ci.id = m.config_id
  group by 1, 2, 3, 4, 5
  having sum(m.sign) <> 0;
  return null;
end $$;
create trigger config_change_days_updated after update on config_changes
  referencing old table as config_change_rows_old new table as config_change_rows_new
  for each statement execute function config_change_days_updated();

create or replace function config_change_days_truncated() returns trigger language plpgsql as $$
begin
  delete from config_change_days;
  return null;
end $$;
create trigger config_change_days_truncated after truncate on config_changes
  for each statement execute function config_change_days_truncated();

-- An item whose key changes (type, class, agent, soft deleted or revived) moves the counts of all
-- its changes. FOR UPDATE makes a concurrent change writer (key share) wait for this transaction,
-- or this one wait for it and then count its change too.
create or replace function config_items_change_days_moved() returns trigger language plpgsql as $$
begin
  perform 1 from config_items where id = new.id for update;
  insert into config_change_days (day, type, config_class, agent_id, live, changes)
  select d.day, k.type, k.config_class, k.agent_id, k.live, k.sign * d.n
  from (
    select (cc.created_at at time zone 'UTC')::date as day, count(*) as n from config_changes cc
    where cc.config_id = new.id group by 1
  ) d
  cross join (values
    (old.type, old.config_class, old.agent_id, old.deleted_at is null, -1),
    (new.type, new.config_class, new.agent_id, new.deleted_at is null, 1)
  ) k (type, config_class, agent_id, live, sign);
  return null;
end $$;
create trigger config_items_change_days_moved after update of type, config_class, agent_id, deleted_at on config_items
  for each row when (
    old.type is distinct from new.type or old.config_class is distinct from new.config_class
    or old.agent_id is distinct from new.agent_id or (old.deleted_at is null) <> (new.deleted_at is null))
  execute function config_items_change_days_moved();

-- A deleted item takes its changes' counts off before the cascade deletes the changes.
create or replace function config_items_change_days_dropped() returns trigger language plpgsql as $$
begin
  insert into config_change_days (day, type, config_class, agent_id, live, changes)
  select (cc.created_at at time zone 'UTC')::date, old.type, old.config_class, old.agent_id, old.deleted_at is null, -count(*)
  from config_changes cc where cc.config_id = old.id
  group by 1;
  return old;
end $$;
create trigger config_items_change_days_dropped before delete on config_items
  for each row execute function config_items_change_days_dropped();

-- Folds the delta rows of each key with more than one into one row (none when they sum to 0).
-- Concurrent runs are safe: a row deleted by one is skipped by the other.
create or replace function config_change_days_compact() returns bigint language sql as $$
  with keys as (
    select day, type, config_class, agent_id, live from config_change_days
    group by 1, 2, 3, 4, 5 having count(*) > 1 or sum(changes) = 0
  ), folded as (
    delete from config_change_days d using keys k
    where d.day = k.day and d.type = k.type and d.config_class = k.config_class and d.agent_id = k.agent_id
      and d.live = k.live
    returning d.*
  ), merged as (
    insert into config_change_days (day, type, config_class, agent_id, live, changes)
    select day, type, config_class, agent_id, live, sum(changes) from folded
    group by 1, 2, 3, 4, 5 having sum(changes) <> 0
    returning 1
  )
  select count(*) from folded;
$$;

insert into config_change_days (day, type, config_class, agent_id, live, changes)
select (cc.created_at at time zone 'UTC')::date, ci.type, ci.config_class, ci.agent_id, ci.deleted_at is null, count(*)
from config_changes cc join config_items ci on ci.id = cc.config_id
group by 1, 2, 3, 4, 5;
